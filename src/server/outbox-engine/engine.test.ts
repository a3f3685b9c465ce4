import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { mailSender } from '../mail/sender';
import type { MailTransport } from '../mail/transport';
import { pushSender, type SendPush } from '../notifications/push/sender';
import { queueOutbox } from '../outbox/queue';
import type { Sender } from '../outbox/sender';
import { createQuietTestApp, type TestApp } from '../test/app';
import { newMentor } from '../test/factories/visits';
import { claimDue } from './claims';
import { OutboxWorker } from './engine';
import { subscribedBrowser } from '../test/factories/push';

/**
 * The one engine that drains the outbox on every channel (decision 0034): claims under each
 * channel's lease, never one row to two processes, and a channel that fails holds no other.
 * Each engine made here is one app process; the app's own is kept asleep.
 */

let t: TestApp;
beforeAll(async () => {
  // Nothing is sent by the app itself: what is queued stays for the test.
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A channel's sender that records what it was handed, by row id. */
function recordingSender(channel: string, leaseMs: number, sent: string[]): Sender {
  return {
    channel,
    rules: {
      leaseMs,
      renewMs: leaseMs / 3,
      concurrency: 4,
      maxAttempts: 3,
      backoffMs: () => 10_000,
      keepsFinished: false,
      wakeOnCommit: true,
    },
    async send(row) {
      // A moment with the channel, as a network call takes: the other processes' claims overlap.
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(row.id);
      return { kind: 'delivered' };
    },
  };
}

async function queue(channel: string, count: number): Promise<string[]> {
  const to = randomUUID();
  await queueOutbox(
    t.app.ctx.db,
    Array.from({ length: count }, (_, i) => ({
      channel,
      to,
      subject: `${i}`,
      text: 'テスト',
      html: '',
      links: [],
    })),
  );
  const rows = await t.app.ctx.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to));
  return rows.map((row) => row.id);
}

/** `ms` passing for the outbox: every waiting row is due that much earlier (leases included). */
function passTime(ms: number) {
  return t.app.ctx.db
    .update(outbox)
    .set({ nextAttemptAt: sql`${outbox.nextAttemptAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(outbox.status, 'pending'));
}

describe('the outbox engine', () => {
  it("sends a row a dead process claimed once that channel's lease ran out, and only then", async () => {
    const sent: string[] = [];
    const survivor = new OutboxWorker(
      t.app.ctx.db,
      [recordingSender('alpha', 30_000, sent), recordingSender('beta', 60_000, sent)],
      t.app.log,
      60_000,
    );
    const [alpha] = await queue('alpha', 1);
    const [beta] = await queue('beta', 1);
    // A process claims both and dies before sending (the rows are all that survive it).
    expect(await claimDue(t.app.ctx.db, 'alpha', 10, 30_000)).toHaveLength(1);
    expect(await claimDue(t.app.ctx.db, 'beta', 10, 60_000)).toHaveLength(1);
    expect(await survivor.drain()).toBe(0);
    // Each channel's own lease: alpha's (30 s) has run out, beta's (60 s) not yet.
    await passTime(31_000);
    expect(await survivor.drain()).toBe(1);
    expect(sent).toEqual([alpha]);
    await passTime(30_000);
    expect(await survivor.drain()).toBe(1);
    expect(sent).toEqual([alpha, beta]);
    await survivor.stop();
  });

  // On PostgreSQL the processes' claims overlap and SKIP LOCKED keeps them apart; on PGlite
  // they take turns on its one connection.
  it('never hands one row to two processes, on any channel', async () => {
    const sent: string[] = [];
    const processes = [1, 2, 3].map(
      () =>
        new OutboxWorker(
          t.app.ctx.db,
          [recordingSender('alpha', 30_000, sent), recordingSender('beta', 60_000, sent)],
          t.app.log,
          60_000,
        ),
    );
    const queued = [...(await queue('alpha', 25)), ...(await queue('beta', 25))];
    const delivered = await Promise.all(processes.map((process) => process.drain()));
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(50);
    expect(sent).toHaveLength(50);
    expect(new Set(sent)).toEqual(new Set(queued));
    await Promise.all(processes.map((process) => process.stop()));
  });
});

describe('a sender that throws', () => {
  it('counts each throw as a failed try and gives the row up after the last', async () => {
    let tries = 0;
    const throwing: Sender = {
      ...recordingSender('gamma', 30_000, []),
      async send() {
        tries += 1;
        throw new Error('the push service client broke');
      },
    };
    const process = new OutboxWorker(t.app.ctx.db, [throwing], t.app.log, 60_000);
    const [id] = await queue('gamma', 1);
    const row = async () => (await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, id!)))[0];
    expect(await process.drain()).toBe(0);
    expect(await row()).toMatchObject({ attempts: 1, lastError: 'the push service client broke' });
    // Due again after its back-off, not when the claim runs out; given up at maxAttempts (3).
    for (let attempt = 2; attempt <= 3; attempt++) {
      await passTime(10_000);
      expect(await process.drain()).toBe(0);
    }
    expect(tries).toBe(3);
    expect(await row()).toBeUndefined();
    await process.stop();
  });
});

describe('a channel failing while another delivers', () => {
  /** The mail server does not answer: nothing reaches it, so the mail lane waits for it. */
  const serverDown: MailTransport = {
    kind: 'smtp',
    async send() {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {
        code: 'ESOCKET',
        command: 'CONN',
        originalCode: 'ECONNREFUSED',
      });
    },
    async probe() {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {
        code: 'ESOCKET',
        command: 'CONN',
        originalCode: 'ECONNREFUSED',
      });
    },
    close: () => {},
  };
  const mailed: string[] = [];
  const serverUp: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      mailed.push(mail.to);
    },
    probe: async () => {},
    close: () => {},
  };

  async function queueBoth(to: string, subscriptionId: string) {
    await queueOutbox(t.app.ctx.db, [
      { channel: 'mail', to, subject: '件名', text: '本文', html: '<p>本文</p>', links: [] },
      {
        channel: 'push',
        to: subscriptionId,
        subscriptionId,
        subject: 'タイトル',
        text: '/visit-requests/x',
        html: '',
        links: ['/visit-requests/x'],
      },
    ]);
  }

  async function rowsOf(to: string, subscriptionId: string) {
    return t.app.ctx.db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [to, subscriptionId]));
  }

  it('pushes while the mail server is down, and mails once it answers', async () => {
    const mentor = await newMentor(t.app);
    const { subscriptionId } = await subscribedBrowser(t.app, mentor.id);
    const pushed: string[] = [];
    const pushService: SendPush = async ({ endpoint }) => {
      pushed.push(endpoint);
      return 201;
    };
    const push = pushSender(t.app.ctx.db, t.app.ctx.config.push, 60, pushService);
    const down = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, serverDown), push],
      t.app.log,
      60_000,
    );
    await queueBoth('down@example.com', subscriptionId);
    expect(await down.drain()).toBe(1);
    expect(pushed).toHaveLength(1);
    const [waiting, ...others] = await rowsOf('down@example.com', subscriptionId);
    // The push is done and gone; the mail waits, its attempt spent on nothing but the outage.
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({ channel: 'mail', status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    // Pushes queued during the outage still go out; the mail waits on.
    await queueBoth('down2@example.com', subscriptionId);
    expect(await down.drain()).toBe(1);
    expect(pushed).toHaveLength(2);
    await down.stop();

    const up = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, serverUp), push],
      t.app.log,
      60_000,
    );
    await passTime(1000);
    expect(await up.drain('mail')).toBe(2);
    expect(mailed.sort()).toEqual(['down2@example.com', 'down@example.com']);
    await up.stop();
  });

  it('mails while the push service answers 503, and pushes once it takes them', async () => {
    const mentor = await newMentor(t.app);
    const { subscriptionId } = await subscribedBrowser(t.app, mentor.id);
    let answer = 503;
    const pushService: SendPush = async () => answer;
    const engine = new OutboxWorker(
      t.app.ctx.db,
      [
        mailSender(t.app.ctx.db, serverUp),
        pushSender(t.app.ctx.db, t.app.ctx.config.push, 60, pushService),
      ],
      t.app.log,
      60_000,
    );
    await queueBoth('busy-push@example.com', subscriptionId);
    expect(await engine.drain()).toBe(1);
    expect(mailed).toContain('busy-push@example.com');
    const [waiting] = (await rowsOf('busy-push@example.com', subscriptionId)).filter(
      (row) => row.channel === 'push',
    );
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toBe('push service answered 503');
    // Push's own back-off: 30 s after the first failure.
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    answer = 201;
    await passTime(31_000);
    expect(await engine.drain('push')).toBe(1);
    expect(
      (await rowsOf('busy-push@example.com', subscriptionId)).filter(
        (row) => row.channel === 'push',
      ),
    ).toEqual([]);
    await engine.stop();
  });
});
