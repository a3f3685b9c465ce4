import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Role } from '../../shared/roles';
import { buildApp, type App, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/client';
import { users } from '../db/schema';
import { POSTGRES_TEMPLATE_DB } from './global-setup';
import { pgliteForTestFile } from './test-databases';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', APP_ORIGIN: TEST_ORIGIN, LOG_LEVEL: 'silent' }),
    webRoot: undefined,
    // Tests change rows directly and read them back through the API at once: no caching,
    // except in the tests of the caches themselves (read-cache.test.ts).
    readCacheMs: 0,
    sessionCacheMs: 0,
    ...overrides,
  };
}

/** A fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL clone. */
export async function openTestDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `og_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() }, options);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name}`);
        await cleanup.end();
      },
    };
  }
  const { client, release } = await pgliteForTestFile();
  const handle = await openDatabase({ pglite: client }, options);
  return { ...handle, close: release };
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'>, DatabaseOptions {
  /** Extra routes (e.g. probes for the guards), registered before the app is ready. */
  beforeReady?: (app: App) => void | Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { beforeReady, onQuery, statementCache, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ onQuery, statementCache });
  const app = await buildApp(testConfig(overrides), {
    runBackgroundJobs: false,
    logger: false,
    ...options,
    database,
  });
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A test app whose outbox engine is never woken by a commit: what is queued stays for the test
 * to look at, or for the engines the test makes (as other processes) to send.
 */
export async function createQuietTestApp(): Promise<TestApp> {
  const t = await createTestApp();
  t.app.ctx.outbox.kick = () => {};
  return t;
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  links: string[];
}

/** Sends whatever is queued and returns the newest message to `to` from the local outbox. */
export async function latestMailTo(app: App, to: string): Promise<DevMail | undefined> {
  await app.ctx.outbox.drain();
  const response = await app.inject({ method: 'GET', url: '/_dev/mail' });
  return (response.json() as DevMail[]).find((mail) => mail.to === to);
}

export function tokenFromMail(mail: DevMail): string {
  const link = mail.links.find((url) => url.includes('/auth/verify-email?token='));
  if (!link) throw new Error(`no sign-in link in mail to ${mail.to}`);
  return new URL(link).searchParams.get('token')!;
}

/** The invitation code an invitation mail carries in its link (its inviter is not shown it). */
export function inviteCodeFromMail(mail: DevMail): string {
  const link = mail.links.find((url) => url.includes('/mentor-register?'));
  const code = link ? new URL(link).searchParams.get('code') : null;
  if (!code) throw new Error(`no invitation link in mail to ${mail.to}`);
  return code;
}

export function codeFromMail(mail: DevMail): string {
  const match = /^(\d{6})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail to ${mail.to}`);
  return match[1];
}

export async function insertUser(
  app: App,
  values: { email: string; role: Role; emailVerified?: boolean; suspendedAt?: Date | null },
) {
  const [user] = await app.ctx.db
    .insert(users)
    .values({ emailVerified: true, ...values })
    .returning();
  return user!;
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'og_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}`);
  return `og_session=${cookie.value}`;
}

/** Signs in the way a person does: request a link, read the mail, complete it. */
export async function signIn(
  app: App,
  email: string,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const requested = await app.inject({
    method: 'POST',
    url: '/api/auth/login-link',
    payload: { email },
    remoteAddress,
  });
  if (requested.statusCode !== 200) throw new Error(`login-link: ${requested.body}`);
  const mail = await latestMailTo(app, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const completed = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-link',
    payload: { token: tokenFromMail(mail), email },
    remoteAddress,
  });
  return sessionCookieOf(completed);
}

export async function findUser(app: App, email: string) {
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
  return user;
}
