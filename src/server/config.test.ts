import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The variables of a bad-value case, so a message may be checked for naming only its own. */
const VARIABLES = [
  'PORT',
  'DATABASE_URL',
  'APP_ORIGIN',
  'SMTP_URL',
  'ADMIN_EMAILS',
  'SESSION_IDLE_MINUTES',
  'INQUIRY_URL',
  'DATABASE_WAIT_MS',
  'SMTP_TIMEOUT_SECONDS',
  'PGLITE_PREPARED',
];

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('serves on port 3000 with data under ./data and links to http://localhost:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.sessionIdleMinutes).toBe(60);
    expect(config.adminEmails).toEqual([]);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    // A PostgreSQL restart (2–4 s) is waited out.
    expect(config.databaseWaitMs).toBe(10_000);
    // A hung mail server holds one message a few seconds, not a minute (mail/transport.ts).
    expect(config.smtpTimeoutMs).toBe(5000);
    // PGlite keeps repeated statements prepared unless the operator turns it off.
    expect(config.pgliteStatementCache).toBe(true);
  });

  it('derives the default APP_ORIGIN from PORT', () => {
    expect(loadConfig({ PORT: '4123' }).appOrigin).toBe('http://localhost:4123');
  });

  it('treats an empty PORT as unset', () => {
    const config = loadConfig({ PORT: '' });
    expect(config.port).toBe(3000);
    expect(config.appOrigin).toBe('http://localhost:3000');
  });

  it('keeps the PGlite statement cache on for an empty PGLITE_PREPARED, and on for on', () => {
    expect(loadConfig({ PGLITE_PREPARED: '' }).pgliteStatementCache).toBe(true);
    expect(loadConfig({ PGLITE_PREPARED: 'on' }).pgliteStatementCache).toBe(true);
  });

  it('treats empty optional URLs as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', APP_ORIGIN: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appOrigin).toBe('http://localhost:3000');
  });

  it('takes the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/og-connect',
      DATABASE_URL: 'postgres://og:secret@db.internal:5432/og',
      APP_ORIGIN: 'https://og.example.jp/',
      SMTP_URL: 'smtps://user:pass@smtp.example.jp:465',
      SESSION_IDLE_MINUTES: '30',
      INQUIRY_URL: 'https://forms.example.jp/inquiry',
      DATABASE_WAIT_MS: '0',
      SMTP_TIMEOUT_SECONDS: '2.5',
      PGLITE_PREPARED: 'off',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('/var/lib/og-connect'));
    expect(config.databaseUrl).toBe('postgres://og:secret@db.internal:5432/og');
    // The trailing slash would double up in e-mailed links.
    expect(config.appOrigin).toBe('https://og.example.jp');
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.example.jp:465');
    expect(config.sessionIdleMinutes).toBe(30);
    expect(config.inquiryUrl).toBe('https://forms.example.jp/inquiry');
    expect(config.databaseWaitMs).toBe(0);
    expect(config.smtpTimeoutMs).toBe(2500);
    expect(config.pgliteStatementCache).toBe(false);
  });
});

describe('ADMIN_EMAILS', () => {
  it('splits on commas, trims, lower-cases and drops empty entries', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Admin@Example.COM ,second@example.jp,, ' });
    expect(config.adminEmails).toEqual(['admin@example.com', 'second@example.jp']);
  });

  it('takes a single address', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'solo@example.com' }).adminEmails).toEqual([
      'solo@example.com',
    ]);
  });
});

describe('bad values stop start-up with the variable named', () => {
  const cases: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'http://x'],
    ['APP_ORIGIN', 'notaurl'],
    ['SMTP_URL', 'ftp://x'],
    ['ADMIN_EMAILS', 'foo'],
    ['ADMIN_EMAILS', 'admin@example.com,foo'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['INQUIRY_URL', 'javascript:alert(1)'],
    ['DATABASE_WAIT_MS', '-1'],
    ['DATABASE_WAIT_MS', '10s'],
    ['SMTP_TIMEOUT_SECONDS', '0'],
    ['SMTP_TIMEOUT_SECONDS', 'soon'],
    ['PGLITE_PREPARED', 'false'],
    ['PGLITE_PREPARED', 'Off'],
  ];

  it.each(cases)('%s=%s', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain(name);
    for (const other of VARIABLES.filter((variable) => variable !== name)) {
      expect(error.message).not.toContain(other);
    }
  });

  it('names every bad variable at once', () => {
    const error = configErrorOf({ PORT: 'abc', SMTP_URL: 'ftp://x' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('SMTP_URL');
  });
});

// Who the client is behind a reverse proxy.
describe('TRUST_PROXY', () => {
  it('is off when unset, empty, false or 0', () => {
    for (const value of [undefined, '', 'false', '0']) {
      const env: Record<string, string> = value === undefined ? {} : { TRUST_PROXY: value };
      expect(loadConfig(env).trustProxy, String(value)).toBe(false);
    }
  });

  it('refuses "true" (trust every hop), naming the variable and saying why', () => {
    const error = configErrorOf({ TRUST_PROXY: 'true' });
    expect(error.message).toContain('TRUST_PROXY');
    expect(error.message).toContain('every hop');
    for (const other of VARIABLES) expect(error.message).not.toContain(other);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it("takes the proxies' addresses and CIDRs", () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: ' 192.0.2.7 , 2001:db8::/32, loopback' }).trustProxy).toEqual([
      '192.0.2.7',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it.each([
    'yes',
    '-1',
    '11',
    '1.5',
    '10.0.0.0/33',
    '::1/129',
    'nginx',
    '10.0.0.1,',
    '10.0.0.0/8/1',
  ])('refuses %s with the variable named', (value) => {
    const error = configErrorOf({ TRUST_PROXY: value });
    expect(error.message).toContain('TRUST_PROXY');
  });
});

describe('ADMIN_EMAILS holds only plain addresses', () => {
  it.each([
    '<eve@example.com>',
    'Eve <eve@example.com>',
    '"eve"@example.com',
    'eve@example.com;mallory@example.com',
    'a@b@example.com',
  ])('refuses %j', (value) => {
    const error = configErrorOf({ ADMIN_EMAILS: value });
    expect(error.message).toContain('ADMIN_EMAILS');
  });
});
