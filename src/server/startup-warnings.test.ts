import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startupWarnings } from './startup-warnings';

describe('startupWarnings', () => {
  it('warns when production runs without SMTP_URL, naming both and the local outbox', () => {
    const warnings = startupWarnings(loadConfig({ NODE_ENV: 'production' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('NODE_ENV=production');
    expect(warnings[0]).toContain('SMTP_URL');
    expect(warnings[0]).toContain('/_dev/mail');
  });

  it('says nothing in production with SMTP, or in development', () => {
    expect(
      startupWarnings(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.jp' })),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });
});
