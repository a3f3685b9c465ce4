import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_IDLE_MINUTES } from '../shared/constants';
import { EMAIL_PATTERN } from '../shared/schemas/common';
import { DEFAULT_DATABASE_WAIT_MS } from './db/retry';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const urlString = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL (${protocols.join(' or ')})`,
  );

/**
 * Which hops in front of the app are trusted to say who the client is: none, a count of
 * reverse proxies (the rightmost X-Forwarded-For entries they appended), or the proxies'
 * own addresses. Never "every hop": then a client would name its own address.
 */
export type TrustProxy = false | number | string[];

const MAX_PROXY_HOPS = 10;
/** proxy-addr's names for the loopback, link-local and private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string, context: z.RefinementCtx): TrustProxy {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        '"true" would trust every hop, so any client could choose its address with ' +
        'X-Forwarded-For; give the number of reverse proxies (1 behind one nginx) or their addresses',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
  } else {
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
  }
  context.addIssue({
    code: 'custom',
    message: `must be a hop count (0 to ${MAX_PROXY_HOPS}) or comma-separated proxy addresses/CIDRs`,
  });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, urlString(['postgres:', 'postgresql:']).optional()),
  APP_ORIGIN: z.preprocess(emptyToUndefined, urlString(['http:', 'https:']).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, urlString(['smtp:', 'smtps:']).optional()),
  MAIL_FROM: z.string().min(3).default('OGコネクト <no-reply@localhost>'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => EMAIL_PATTERN.test(email)), {
      message: 'must be comma-separated e-mail addresses',
    }),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(DEFAULT_SESSION_IDLE_MINUTES),
  INQUIRY_URL: urlString(['http:', 'https:']).default('https://forms.gle/'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z.string().default('false').transform(parseTrustProxy),
  ),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2000),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  READ_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(60),
  DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_DATABASE_WAIT_MS),
  PGLITE_PREPARED: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  // Web Push (docs/DEPLOY.md): a key pair of the operator's, else one the database keeps.
  VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().min(40).optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().min(20).optional()),
  VAPID_SUBJECT: z.preprocess(emptyToUndefined, urlString(['mailto:', 'https:']).optional()),
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  PUSH_POLL_MS: z.coerce.number().int().min(50).default(1000),
  // The simulated year's clock (decision 0046): never in production (simulatedClockOf).
  SIMULATED_CLOCK: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional()),
});

export type Env = z.input<typeof envSchema>;

/** What sending Web Push needs (push/): see the PUSH_ and VAPID_ settings in docs/DEPLOY.md. */
export interface PushConfig {
  /** The operator's VAPID key pair; undefined: the one the database keeps (made once). */
  keys: { publicKey: string; privateKey: string } | undefined;
  /** Whom a push service may contact about our pushes (the VAPID `sub`). */
  subject: string;
  /** Push services accepted besides the browsers' own (a test's local one). */
  extraServiceOrigins: string[];
  pollMs: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  appOrigin: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  sessionIdleMinutes: number;
  inquiryUrl: string;
  logLevel: string;
  mailPollMs: number;
  /**
   * How long one message may wait for the SMTP server to connect, greet or answer before it is
   * given up on for now and retried (mail/transport.ts).
   */
  smtpTimeoutMs: number;
  /** How long a cached OG list page may be served (0: no cache); lib/read-cache. */
  readCacheMs: number;
  /**
   * How long a session's user may be served from memory (0: read on every request). Longer
   * than the list's: only the database's notifications and the user's own writes change it
   * (lib/read-caches.ts), and its last use is written once a minute in any case.
   */
  sessionCacheMs: number;
  /** How long a request waits for PostgreSQL to come back before answering 503 (db/retry.ts). */
  databaseWaitMs: number;
  /**
   * Whether PGlite keeps the statements the app repeats prepared (db/pglite-statements.ts):
   * off is the operator's way out should a PGlite upgrade break it, slower but plain PGlite.
   * PostgreSQL (DATABASE_URL) ignores it.
   */
  pgliteStatementCache: boolean;
  push: PushConfig;
  /** Behind reverse proxies, client addresses (for rate limits) come from X-Forwarded-For. */
  trustProxy: TrustProxy;
  /** Lets a scraper from elsewhere read GET /metrics (`Authorization: Bearer …`). */
  metricsToken: string | undefined;
  /** Where the built web app lives; absent in API-only tests. */
  webRoot: string | undefined;
  /**
   * Where a simulated clock starts (`SIMULATED_CLOCK`, decision 0046): the process's time and
   * the database's now() run from there, and timed work runs only when the simulator asks
   * (simulation/). Undefined everywhere but the simulated year; refused in production.
   */
  simulatedClock?: Date;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value stops start-up with the variable's name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    inquiryUrl: e.INQUIRY_URL,
    logLevel: e.LOG_LEVEL,
    mailPollMs: e.MAIL_POLL_MS,
    smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    readCacheMs: e.READ_CACHE_SECONDS * 1000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    databaseWaitMs: e.DATABASE_WAIT_MS,
    pgliteStatementCache: e.PGLITE_PREPARED === 'on',
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    webRoot: path.resolve('dist/web'),
    push: pushConfigOf(e),
    simulatedClock: simulatedClockOf(e),
  };
}

function simulatedClockOf(e: z.output<typeof envSchema>): Date | undefined {
  if (!e.SIMULATED_CLOCK) return undefined;
  if (e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  SIMULATED_CLOCK: a simulated clock is for the simulator only, never in production',
    );
  }
  return new Date(e.SIMULATED_CLOCK);
}

function pushConfigOf(e: z.output<typeof envSchema>): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const origin = (e.APP_ORIGIN ?? '').replace(/\/+$/, '');
  const mailAddress = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return {
    keys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    subject: e.VAPID_SUBJECT ?? (origin.startsWith('https:') ? origin : `mailto:${mailAddress}`),
    extraServiceOrigins: e.PUSH_SERVICE_ORIGINS,
    pollMs: e.PUSH_POLL_MS,
  };
}
