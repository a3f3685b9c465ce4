import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ja } from '../../../shared/messages/ja';
import { jaMail } from '../../../shared/messages/ja/mail';
import { buildApp, type App } from '../../app';
import type { AppConfig } from '../../config';
import { invitations, mailOutbox } from '../../db/schema';
import { insertAdmin } from '../factories/admins';
import { insertUser, testConfig } from '../app';
import { cookieFor, insertStudent, studentRow } from '../factories/mentors';
import {
  freePort,
  postgresClusterUnavailable,
  startPostgresCluster,
  type PostgresCluster,
} from '../postgres-cluster';
import { startSmtp, type TestSmtp } from '../smtp';

/**
 * Faults of what the app depends on: PostgreSQL going away and coming back under load, SMTP
 * being down, and the process dying between the commit that queued a mail and its sending.
 *
 * The file stops and starts a PostgreSQL cluster of its own, so it cannot share the server of
 * the PostgreSQL pass of `npm test` (scripts/with-postgres.sh sets TEST_DATABASE_URL); it runs
 * once, in the first pass, and is skipped in the second.
 */
const skipReason = process.env.TEST_DATABASE_URL
  ? 'it runs its own PostgreSQL cluster, once, in the pass without TEST_DATABASE_URL'
  : postgresClusterUnavailable();

const UNAVAILABLE_BODY = { code: 'unavailable', message: ja.errors.unavailable };

let cluster: PostgresCluster | undefined;
const apps: App[] = [];
const smtpServers: TestSmtp[] = [];

/** A fresh database in our cluster; the app migrates it when it is built. */
async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster!.url() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return cluster!.url(name);
}

/** The app as `main.ts` builds it (it opens its own pool from DATABASE_URL), no timers. */
async function startApp(overrides: Partial<AppConfig>): Promise<App> {
  const app = await buildApp(testConfig(overrides), { runBackgroundJobs: false, logger: false });
  apps.push(app);
  await app.ready();
  return app;
}

async function closeApp(app: App) {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual(UNAVAILABLE_BODY);
}

async function outboxRowsTo(app: App, to: string) {
  return app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** A message waiting for its back-off is made due now, as if the time had passed. */
async function makeDue(app: App) {
  await app.ctx.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
}

describe.skipIf(skipReason !== undefined)(
  `faults${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    });

    afterAll(async () => {
      // Even after a failure: no app, SMTP server or cluster outlives the file.
      for (const app of [...apps].reverse()) await app.close().catch(() => {});
      for (const smtp of smtpServers) await smtp.close().catch(() => {});
      await cluster?.destroy();
    });

    describe('PostgreSQL stops while requests run', () => {
      type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'recovered';
      type Kind = 'read' | 'profile' | 'invite';
      interface Outcome {
        kind: Kind;
        startPhase: Phase;
        endPhase: Phase;
        status: number;
        body: unknown;
        /** The name a profile write set, or the address an invitation went to. */
        value?: string;
      }

      it('answers 503 during the outage, recovers on the same instance, and keeps every acknowledged write', async () => {
        const url = await createDatabase('faults_outage');
        const app = await startApp({ databaseUrl: url });
        const { user } = await insertStudent(app);
        const studentCookie = await cookieFor(app, user.id);
        const { cookie: adminCookie } = await insertAdmin(app);

        // Fill the pool with connections that the stop will kill.
        const warm = await Promise.all(
          Array.from({ length: 12 }, () =>
            app.inject({
              method: 'GET',
              url: '/api/students/me',
              headers: { cookie: studentCookie },
            }),
          ),
        );
        expect(warm.map((r) => r.statusCode)).toEqual(Array(12).fill(200));

        let phase: Phase = 'up';
        let sequence = 0;
        let running = true;
        const outcomes: Outcome[] = [];
        const requests: Record<
          Kind,
          () => { value?: string; send: Promise<LightMyRequestResponse> }
        > = {
          read: () => ({
            send: app.inject({
              method: 'GET',
              url: '/api/students/me',
              headers: { cookie: studentCookie },
            }),
          }),
          profile: () => {
            const name = `学生 更新${++sequence}`;
            return {
              value: name,
              send: app.inject({
                method: 'PUT',
                url: '/api/students/me',
                headers: { cookie: studentCookie },
                payload: { name, nameReading: 'ガクセイ', grade: '4年' },
              }),
            };
          },
          invite: () => {
            const email = `fault-invite-${++sequence}@example.com`;
            return {
              value: email,
              send: app.inject({
                method: 'POST',
                url: '/api/invitations',
                headers: { cookie: adminCookie },
                payload: { email, role: 'mentor' },
              }),
            };
          },
        };
        // Three clients, each sending its next request as soon as the last one is answered.
        const traffic = Promise.all(
          (Object.keys(requests) as Kind[]).map(async (kind) => {
            while (running) {
              const startPhase = phase;
              const { value, send } = requests[kind]();
              const response = await send;
              outcomes.push({
                kind,
                startPhase,
                endPhase: phase,
                status: response.statusCode,
                body: response.json(),
                value,
              });
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
          }),
        );
        const count = (kind: Kind, test: (o: Outcome) => boolean) =>
          outcomes.filter((o) => o.kind === kind && test(o)).length;
        const every = (test: (o: Outcome) => boolean) =>
          (Object.keys(requests) as Kind[]).every((kind) => count(kind, test) >= 2);

        try {
          await waitUntil('writes and reads before the outage', () => every((o) => o.status < 300));

          phase = 'stopping';
          await cluster!.stop('fast');
          phase = 'down';
          await waitUntil('requests during the outage', () =>
            every((o) => o.startPhase === 'down' && o.endPhase === 'down'),
          );

          const health = await app.inject({ method: 'GET', url: '/healthz' });
          expect(health.statusCode).toBe(503);
          expect(health.json()).toEqual({ status: 'unavailable' });
          // A public read and a sign-in request fail the same way.
          expectUnavailable(await app.inject({ method: 'GET', url: '/api/universities' }));
          expectUnavailable(
            await app.inject({
              method: 'POST',
              url: '/api/auth/login-link',
              payload: { email: 'nobody@example.com' },
            }),
          );

          phase = 'starting';
          await cluster!.start();
          phase = 'recovered';
          // The same app instance, no restart: its pool dropped the dead clients.
          await waitUntil(
            'success after the restart',
            () => every((o) => o.startPhase === 'recovered' && o.status < 300),
            10_000,
          );
        } finally {
          running = false;
          await traffic;
        }

        const healthAfter = await app.inject({ method: 'GET', url: '/healthz' });
        expect(healthAfter.statusCode).toBe(200);
        expect(healthAfter.json()).toEqual({ status: 'ok' });
        // More concurrent requests than the pool holds: no dead connection is handed out.
        const burst = await Promise.all(
          Array.from({ length: 20 }, () =>
            app.inject({
              method: 'GET',
              url: '/api/students/me',
              headers: { cookie: studentCookie },
            }),
          ),
        );
        expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

        // Never a 500: each answer is a success or a clean 503, and only 503s while it is down.
        const expectedOk: Record<Kind, number> = { read: 200, profile: 200, invite: 201 };
        for (const o of outcomes) {
          if (o.status === 503) expect(o.body).toEqual(UNAVAILABLE_BODY);
          else expect(o.status, JSON.stringify(o)).toBe(expectedOk[o.kind]);
          if (o.startPhase === 'down' && o.endPhase === 'down') expect(o.status).toBe(503);
        }

        // Every acknowledged write is still there.
        const invited = outcomes
          .filter((o) => o.kind === 'invite' && o.status === 201)
          .map((o) => o.value!);
        expect(invited.length).toBeGreaterThanOrEqual(4);
        const stored = await app.ctx.db
          .select({ email: invitations.email })
          .from(invitations)
          .where(inArray(invitations.email, invited));
        expect(stored.map((row) => row.email).sort()).toEqual([...invited].sort());
        const mails = await app.ctx.db
          .select({ to: mailOutbox.to })
          .from(mailOutbox)
          .where(inArray(mailOutbox.to, invited));
        expect(mails.map((row) => row.to).sort()).toEqual([...invited].sort());

        const profileWrites = outcomes.filter((o) => o.kind === 'profile');
        const lastAcknowledged = profileWrites.filter((o) => o.status === 200).at(-1)!;
        // The profile loop ends on a success, so the stored name is the last one acknowledged.
        expect(profileWrites.at(-1)).toBe(lastAcknowledged);
        expect((await studentRow(app, user.id))!.name).toBe(lastAcknowledged.value);

        await closeApp(app);
      });
    });

    describe('SMTP down', () => {
      it('accepts sign-in links and invitations, keeps them pending, and delivers them once SMTP is back', async () => {
        const url = await createDatabase('faults_smtp');
        const port = await freePort();
        const app = await startApp({ databaseUrl: url, smtpUrl: `smtp://127.0.0.1:${port}` });
        await insertUser(app, { email: 'smtp-down-student@example.com', role: 'student' });
        const { cookie: adminCookie } = await insertAdmin(app);

        const link = await app.inject({
          method: 'POST',
          url: '/api/auth/login-link',
          payload: { email: 'smtp-down-student@example.com' },
          remoteAddress: '10.20.0.1',
        });
        expect(link.statusCode, link.body).toBe(200);
        const invitation = await app.inject({
          method: 'POST',
          url: '/api/invitations',
          headers: { cookie: adminCookie },
          payload: { email: 'smtp-down-invitee@example.com', role: 'mentor' },
        });
        expect(invitation.statusCode, invitation.body).toBe(201);

        // The routes kick the worker; a drain finishes whatever pass is running, then one more.
        expect(await app.ctx.outbox.drain()).toBe(0);
        const addresses = ['smtp-down-student@example.com', 'smtp-down-invitee@example.com'];
        for (const to of addresses) {
          const rows = await outboxRowsTo(app, to);
          expect(rows).toHaveLength(1);
          expect(rows[0]).toMatchObject({ status: 'pending', sentAt: null });
          expect(rows[0]!.attempts).toBeGreaterThan(0);
          expect(rows[0]!.lastError).toMatch(/ECONNREFUSED/);
        }

        const smtp = await startSmtp(port);
        smtpServers.push(smtp);
        await makeDue(app);
        expect(await app.ctx.outbox.drain()).toBe(2);
        expect(await app.ctx.outbox.drain()).toBe(0);

        expect(smtp.received.map((r) => r.to).sort()).toEqual(addresses.map((to) => [to]).sort());
        const byAddress = new Map(smtp.received.map((r) => [r.to[0], r.mail]));
        expect(byAddress.get('smtp-down-student@example.com')!.subject).toBe(
          jaMail.mail.signIn.subject,
        );
        const { inviteCode } = invitation.json() as { inviteCode: string };
        expect(byAddress.get('smtp-down-invitee@example.com')!.text).toContain(inviteCode);
        for (const to of addresses) {
          const [row] = await outboxRowsTo(app, to);
          expect(row).toMatchObject({ status: 'sent', lastError: null });
          expect(row!.sentAt).toBeInstanceOf(Date);
        }

        await closeApp(app);
      });
    });

    describe('a crash between commit and send', () => {
      it('loses no e-mail: the next process delivers it exactly as queued', async () => {
        const url = await createDatabase('faults_crash');
        const smtp = await startSmtp();
        smtpServers.push(smtp);
        const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;

        const first = await startApp({ databaseUrl: url, smtpUrl });
        // The process "dies" right after the commit: the route's kick of the worker never runs.
        const kick = vi.spyOn(first.ctx.outbox, 'kick').mockImplementation(() => {});
        const { cookie: adminCookie } = await insertAdmin(first);
        const response = await first.inject({
          method: 'POST',
          url: '/api/invitations',
          headers: { cookie: adminCookie },
          payload: { email: 'after-crash@example.com', role: 'mentor_pending' },
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(kick).toHaveBeenCalled();
        await closeApp(first);
        expect(smtp.received).toHaveLength(0);

        // As after a restart: a new process on the same database.
        const second = await startApp({ databaseUrl: url, smtpUrl });
        const [queued] = await outboxRowsTo(second, 'after-crash@example.com');
        expect(queued).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });

        expect(await second.ctx.outbox.drain()).toBe(1);
        expect(await second.ctx.outbox.drain()).toBe(0);
        expect(smtp.received).toHaveLength(1);
        const [{ to, mail }] = smtp.received as [(typeof smtp.received)[number]];
        expect(to).toEqual(['after-crash@example.com']);
        expect(mail.subject).toBe(queued!.subject);
        expect(mail.text?.trim()).toBe(queued!.text.trim());
        const invitation = response.json() as { inviteCode: string; invitationUrl: string };
        expect(mail.text).toContain(invitation.inviteCode);
        expect(mail.text).toContain(invitation.invitationUrl);

        const [sent] = await outboxRowsTo(second, 'after-crash@example.com');
        expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        await closeApp(second);
      });
    });
  },
);
