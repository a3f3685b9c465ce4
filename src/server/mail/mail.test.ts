import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEETING_FORMATS, SIGN_IN_LINK_TTL_MS, VISIT_PURPOSES } from '../../shared/constants';
import { jaMail } from '../../shared/messages/ja/mail';
import { outbox } from '../db/schema';
import { runMaintenance } from '../maintenance';
import {
  createTestApp,
  insertUser,
  sessionCookieOf,
  TEST_ORIGIN,
  type DevMail,
  type TestApp,
} from '../test/app';
import { enqueueMail, LOCAL_OUTBOX_READABLE_MS } from './outbox';
import {
  contactEmailMail,
  dayBeforeMail,
  emailChangedMail,
  emailChangeMail,
  graduationAddressMail,
  graduationInviteMail,
  invitationMail,
  mentorApprovedMail,
  signInMail,
  studentRegistrationMail,
  threadMessagesMail,
  visitRequestMail,
} from './templates';
import { insertMentor, insertStudent } from '../test/factories/mentors';
import { freePort } from '../test/postgres-cluster';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from './transport';
import { OutboxWorker } from '../outbox-engine/engine';
import { backoffMs, mailSender } from './sender';

const FROM = 'OGコネクト <no-reply@example.com>';
const LINK_PATTERN = new RegExp(
  `^${TEST_ORIGIN.replace(/[.:/]/g, '\\$&')}/auth/verify-email\\?token=[A-Za-z0-9_-]{43,}$`,
);

async function outboxRowsTo(t: TestApp, to: string) {
  return t.app.ctx.db.select().from(outbox).where(eq(outbox.to, to));
}

async function requestLink(t: TestApp, email: string, remoteAddress = '127.0.0.1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login-link',
    payload: { email },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ ok: true });
}

/** Makes a message that waits for its back-off due now, as if the time had passed. */
async function makeDue(t: TestApp, to: string) {
  await t.app.ctx.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outbox.to, to));
}

describe('backoffMs', () => {
  it('doubles from ten seconds and stops at one hour', () => {
    expect(backoffMs(1)).toBe(10_000);
    expect(backoffMs(2)).toBe(20_000);
    expect(backoffMs(3)).toBe(40_000);
    for (let attempts = 2; attempts <= 30; attempts++) {
      expect(backoffMs(attempts)).toBeGreaterThanOrEqual(backoffMs(attempts - 1));
      expect(backoffMs(attempts)).toBeLessThanOrEqual(60 * 60 * 1000);
    }
    expect(backoffMs(10)).toBe(60 * 60 * 1000);
    expect(backoffMs(20)).toBe(60 * 60 * 1000);
    expect(backoffMs(5000)).toBe(60 * 60 * 1000);
  });

  it('never waits less than the first step', () => {
    expect(backoffMs(0)).toBe(10_000);
  });
});

describe('delivery over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: FROM });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.refuse = false;
  });

  it('delivers the Japanese sign-in mail with its link and code, and marks it sent', async () => {
    await insertUser(t.app, { email: 'smtp-user@example.com', role: 'student' });
    const before = Date.now();
    await requestLink(t, 'smtp-user@example.com');
    await t.app.ctx.outbox.drain();

    const arrived = smtp.received.filter((r) => r.to.includes('smtp-user@example.com'));
    expect(arrived).toHaveLength(1);
    const { mail, from, to } = arrived[0]!;
    expect(from).toBe('no-reply@example.com');
    expect(to).toEqual(['smtp-user@example.com']);
    expect(mail.from?.value).toEqual([{ address: 'no-reply@example.com', name: 'OGコネクト' }]);
    expect(mail.subject).toBe(jaMail.mail.signIn.subject);
    expect(mail.subject).toContain('ログイン');

    const text = mail.text ?? '';
    expect(text).toContain(jaMail.mail.signIn.greeting);
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(LINK_PATTERN);
    const code = /^(\d{6})$/m.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    expect(typeof mail.html).toBe('string');
    const html = mail.html as string;
    expect(html).toContain(`href="${links[0]}"`);
    expect(html).toContain(`>${code}</p>`);
    expect(html).toContain('lang="ja"');

    const [row] = await outboxRowsTo(t, 'smtp-user@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.sentAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Its Message-ID is its outbox row's: sent again after a lost answer, it is the same message.
    expect(mail.messageId).toBe(`<outbox-${row!.id}@example.com>`);

    // What arrived is what signs in: the link from the SMTP message completes sign-in.
    const token = new URL(links[0]!).searchParams.get('token')!;
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-link',
      payload: { token, email: 'smtp-user@example.com' },
    });
    expect(completed.statusCode).toBe(200);
    expect(sessionCookieOf(completed)).toMatch(/^og_session=/);
  });

  it('keeps a message the server refused and delivers it on a later pass', async () => {
    await insertUser(t.app, { email: 'refused@example.com', role: 'student' });
    smtp.refuse = true;
    await requestLink(t, 'refused@example.com');
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    const [failed] = await outboxRowsTo(t, 'refused@example.com');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed!.lastError).toMatch(/550|mailbox unavailable/);
    // Refused by a server that answers: this message backs off; it is not an outage.
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    expect(smtp.received.filter((r) => r.to.includes('refused@example.com'))).toHaveLength(0);

    smtp.refuse = false;
    await makeDue(t, 'refused@example.com');
    expect(await t.app.ctx.outbox.drain()).toBe(1);
    expect(smtp.received.filter((r) => r.to.includes('refused@example.com'))).toHaveLength(1);
    const [sent] = await outboxRowsTo(t, 'refused@example.com');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('has no /_dev/mail while SMTP_URL is set', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/_dev/mail' })).toBe(false);
    expect(t.app.hasRoute({ method: 'DELETE', url: '/_dev/mail' })).toBe(false);
    const rowsBefore = await t.app.ctx.db.select().from(outbox);
    expect(rowsBefore.length).toBeGreaterThan(0);

    const list = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toMatchObject({ code: 'not-found' });
    const purge = await t.app.inject({ method: 'DELETE', url: '/_dev/mail' });
    expect(purge.statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(outbox)).toHaveLength(rowsBefore.length);
  });
});

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Milliseconds until `condition` holds, polled every 20 ms; fails after `ms`. */
async function timeUntil(what: string, condition: () => boolean | Promise<boolean>, ms: number) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
  return Date.now() - start;
}

/** Queued as a service queues mail: the app's own worker wakes once it is written. */
function queueTo(t: TestApp, to: string) {
  return enqueueMail(t.app.ctx.db, {
    to,
    subject: 'テスト',
    text: 'テスト',
    html: '<p>テスト</p>',
  });
}

function receivedBy(smtp: TestSmtp, to: string) {
  return smtp.received.filter((r) => r.to.includes(to)).length;
}

describe('an SMTP outage', () => {
  let port: number;
  let t: TestApp;
  let smtp: TestSmtp | undefined;
  let otherTransport: MailTransport | undefined;
  let other: OutboxWorker | undefined;

  beforeAll(async () => {
    // Nothing listens on it yet: it was free a moment ago.
    port = await freePort();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM });
  });
  afterAll(async () => {
    await other?.stop();
    otherTransport?.close();
    await t?.close();
    await smtp?.close();
  });

  it('holds the mail without spending its attempts, and sends each once within 5 s of the server coming back', async () => {
    const { config } = t.app.ctx;
    // Two processes' workers on one outbox, polling as in production.
    otherTransport = createSmtpTransport(config.smtpUrl!, FROM, config.smtpTimeoutMs);
    other = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, otherTransport)],
      t.app.log,
      config.mailPollMs,
    );
    t.app.ctx.outbox.start();
    other.start();

    await insertUser(t.app, { email: 'outage@example.com', role: 'student' });
    await requestLink(t, 'outage@example.com');
    const addresses = Array.from({ length: 12 }, (_, i) => `outage-${i + 1}@example.com`);
    for (const to of addresses) await queueTo(t, to);
    addresses.push('outage@example.com');
    t.app.ctx.outbox.kick();
    other.kick();

    const rows = () => t.app.ctx.db.select().from(outbox);
    await timeUntil(
      'an attempt meets the outage',
      async () => (await rows()).some((row) => row.attempts > 0),
      5_000,
    );
    // Down for a few seconds, as while a mail server restarts.
    await sleep(3_000);
    const waiting = await rows();
    expect(waiting).toHaveLength(addresses.length);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', sentAt: null });
      // Each process tried at most once before it stopped to wait for the server.
      expect(row.attempts).toBeLessThanOrEqual(2);
    }
    expect(waiting.find((row) => row.attempts > 0)!.lastError).toMatch(/ECONNREFUSED/);

    smtp = await startSmtp(port);
    const server = smtp;
    const elapsed = await timeUntil(
      'every queued message arrives',
      () => addresses.every((to) => receivedBy(server, to) > 0),
      15_000,
    );
    expect(elapsed).toBeLessThan(5_000);
    // Whatever either process still had in hand would show now.
    await sleep(1_500);
    for (const to of addresses) expect(receivedBy(server, to), to).toBe(1);
    expect(server.received).toHaveLength(addresses.length);
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'sent', lastError: null });
    }
    const [link] = server.received.filter((r) => r.to.includes('outage@example.com'));
    expect(link!.mail.subject).toBe(jaMail.mail.signIn.subject);
  }, 40_000);
});

describe('a mail server that hangs one conversation', () => {
  /** SMTP_TIMEOUT_SECONDS=4 */
  const TIMEOUT_MS = 4_000;
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp(0, { hangFirstConnection: true });
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: FROM,
      smtpTimeoutMs: TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the mail queued behind it at once, and the hung message after its timeout, each once', async () => {
    const { outbox } = t.app.ctx;
    outbox.start();
    await queueTo(t, 'hung@example.com');
    outbox.kick();
    await timeUntil(
      'the server hangs the first conversation',
      () => smtp.hungPorts.length > 0,
      5_000,
    );
    const hungAt = Date.now();

    const behind = Array.from({ length: 6 }, (_, i) => `behind-${i + 1}@example.com`);
    for (const to of behind) await queueTo(t, to);
    outbox.kick();
    // Well before the hung conversation's timeout.
    const elapsed = await timeUntil(
      'the mail queued behind it arrives',
      () => behind.every((to) => receivedBy(smtp, to) > 0),
      TIMEOUT_MS / 2,
    );
    expect(elapsed).toBeLessThan(TIMEOUT_MS / 2);
    expect(receivedBy(smtp, 'hung@example.com')).toBe(0);

    // Given up on after its timeout, then retried as soon as the server answers.
    await timeUntil(
      'the hung message arrives',
      () => receivedBy(smtp, 'hung@example.com') > 0,
      TIMEOUT_MS + 10_000,
    );
    expect(Date.now() - hungAt).toBeLessThan(TIMEOUT_MS + 3_000);
    await sleep(1_000);
    for (const to of ['hung@example.com', ...behind]) expect(receivedBy(smtp, to), to).toBe(1);
    const [hung] = await outboxRowsTo(t, 'hung@example.com');
    expect(hung).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  }, 30_000);
});

describe('a mail server that never answers the end of a message', () => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp(0, { stallFirstTo: 'stalled@example.com' });
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: FROM,
      smtpTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('gives up on it after the timeout and backs it off, since the server may have kept it', async () => {
    await queueTo(t, 'stalled@example.com');
    const started = Date.now();
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(smtp.stalledPorts).toHaveLength(1);
    const [row] = await outboxRowsTo(t, 'stalled@example.com');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/timeout/i);
    // The server answers connections: this is no outage, so no quick retry of a message it read.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    await makeDue(t, 'stalled@example.com');
    expect(await t.app.ctx.outbox.drain()).toBe(1);
    expect(receivedBy(smtp, 'stalled@example.com')).toBe(1);
  }, 30_000);
});

describe('retries through the transport', () => {
  const state = { failing: true, calls: 0 };
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      state.calls++;
      if (state.failing) throw new Error('421 service not available');
      delivered.push(mail);
    },
    probe: async () => {},
    close: () => {},
  };
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { mailTransport: transport });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the request 200 while delivery fails, and delivers exactly once later', async () => {
    await insertUser(t.app, { email: 'flaky@example.com', role: 'student' });
    state.failing = true;
    state.calls = 0;
    await requestLink(t, 'flaky@example.com');
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    expect(state.calls).toBe(1);
    const [waiting] = await outboxRowsTo(t, 'flaky@example.com');
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '421 service not available',
      sentAt: null,
    });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Back-off: the transport working again changes nothing until the wait is over.
    state.failing = false;
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    expect(state.calls).toBe(1);

    await makeDue(t, 'flaky@example.com');
    // Two processes' workers pass at the same time: the message still goes out once.
    const second = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, transport)],
      t.app.log,
      60_000,
    );
    const counts = await Promise.all([t.app.ctx.outbox.drain(), second.drain()]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    expect(delivered.filter((mail) => mail.to === 'flaky@example.com')).toHaveLength(1);
    expect(state.calls).toBe(2);
    const [sent] = await outboxRowsTo(t, 'flaky@example.com');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('grows the wait with each failure', async () => {
    await insertUser(t.app, { email: 'growing@example.com', role: 'student' });
    state.failing = true;
    await requestLink(t, 'growing@example.com');
    await t.app.ctx.outbox.drain();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [row] = await outboxRowsTo(t, 'growing@example.com');
      expect(row!.attempts).toBe(attempt);
      waits.push(row!.nextAttemptAt.getTime() - Date.now());
      await makeDue(t, 'growing@example.com');
      await t.app.ctx.outbox.drain();
    }
    expect(waits[1]!).toBeGreaterThan(waits[0]! + 5_000);
    expect(waits[2]!).toBeGreaterThan(waits[1]! + 10_000);
  });

  it('gives up after twenty attempts and never sends it', async () => {
    await insertUser(t.app, { email: 'hopeless@example.com', role: 'student' });
    state.failing = true;
    await requestLink(t, 'hopeless@example.com');
    await t.app.ctx.outbox.drain();
    await t.app.ctx.db
      .update(outbox)
      .set({ attempts: 19, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.to, 'hopeless@example.com'));
    await t.app.ctx.outbox.drain();
    const [row] = await outboxRowsTo(t, 'hopeless@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 20 });

    state.failing = false;
    await makeDue(t, 'hopeless@example.com');
    await t.app.ctx.outbox.drain();
    expect(delivered.filter((mail) => mail.to === 'hopeless@example.com')).toHaveLength(0);
  });
});

describe('claims while sending', () => {
  const sent: string[] = [];
  /** Sends the slow server still holds: each finishes when the test releases it. */
  const held: (() => void)[] = [];
  // Each message stays with the server longer than the lease: only renewing it keeps another
  // process off. The test decides when the server answers, instead of waiting for it.
  const slowTransport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      await new Promise<void>((resolve) => held.push(resolve));
      sent.push(mail.to);
    },
    probe: async () => {},
    close: () => {},
  };
  // Another process's server answers at once: whatever it is handed shows in `sent` at once.
  const quickTransport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      sent.push(mail.to);
    },
    probe: async () => {},
    close: () => {},
  };
  const SHORT = { leaseMs: 300, renewMs: 100 };
  let t: TestApp;

  /** Queued as a service queues mail (the app's own worker stays asleep: see beforeAll). */
  function queue(to: string) {
    return enqueueMail(t.app.ctx.db, {
      to,
      subject: 'テスト',
      text: 'テスト',
      html: '<p>テスト</p>',
    });
  }

  /**
   * `ms` passing, as the outbox sees it: a claim ends by the database's clock, which a test
   * cannot fake, so every waiting message's due time moves that much earlier instead.
   */
  function passTime(ms: number) {
    return t.app.ctx.db
      .update(outbox)
      .set({
        nextAttemptAt: sql`${outbox.nextAttemptAt} - make_interval(secs => ${ms / 1000})`,
      })
      .where(eq(outbox.status, 'pending'));
  }

  async function leaseEnds(addresses: string[]) {
    const rows = await t.app.ctx.db
      .select({ nextAttemptAt: outbox.nextAttemptAt })
      .from(outbox)
      .where(inArray(outbox.to, addresses));
    return rows.map((row) => row.nextAttemptAt.getTime());
  }

  beforeAll(async () => {
    t = await createTestApp({}, { mailTransport: slowTransport });
    // The two workers made below are the processes; the app's own, which queued mail would
    // wake after its commit, sends nothing.
    vi.spyOn(t.app.ctx.outbox, 'kick').mockImplementation(() => {});
  });
  afterAll(async () => {
    for (const release of held.splice(0)) release();
    vi.restoreAllMocks();
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews the claim of a slow batch, so a second process never sends it again', async () => {
    // The renewal runs on an interval: the test moves it on, a step at a time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const addresses = ['slow1@example.com', 'slow2@example.com', 'slow3@example.com'];
    for (const to of addresses) await queue(to);
    const first = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, slowTransport)],
      t.app.log,
      60_000,
      SHORT,
    );
    const second = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, quickTransport)],
      t.app.log,
      60_000,
      SHORT,
    );
    const sending = first.drain();
    await vi.waitFor(() => expect(held).toHaveLength(addresses.length), { interval: 10 });
    // The other process polls all along, far more often than it would, while the first one's
    // sends take several leases.
    let secondSent = 0;
    for (let passed = 0; passed < 3 * SHORT.leaseMs; passed += SHORT.renewMs) {
      await passTime(SHORT.renewMs);
      const before = await leaseEnds(addresses);
      await vi.advanceTimersByTimeAsync(SHORT.renewMs);
      // The renewal is written before the other process looks.
      await vi.waitFor(
        async () => {
          const after = await leaseEnds(addresses);
          after.forEach((end, i) => expect(end).toBeGreaterThan(before[i]!));
        },
        { interval: 10 },
      );
      secondSent += await second.drain();
    }
    for (const release of held.splice(0)) release();
    expect(await sending).toBe(3);
    expect(secondSent).toBe(0);
    expect(sent.sort()).toEqual(addresses);
  });

  it('sends a backlog in turns, so the requests waiting meanwhile are read between them', async () => {
    const backlog = Array.from({ length: 300 }, (_, i) => `turn${i}@example.com`);
    for (const to of backlog) await queue(to);
    const worker = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, quickTransport)],
      t.app.log,
      60_000,
    );
    const sentOf = () => sent.filter((to) => to.startsWith('turn'));
    worker.kick();
    // One turn of the event loop, as a request that arrived now waits for: on PGlite, whose
    // statements never wait on I/O, a worker that claimed on and on sent the whole backlog
    // before it (lib/background-turns.ts).
    await new Promise((resolve) => setImmediate(resolve));
    expect(sentOf().length).toBeLessThan(backlog.length);
    // The rest goes out in the following turns, each message once.
    await vi.waitFor(() => expect(sentOf()).toHaveLength(backlog.length), {
      timeout: 20_000,
      interval: 20,
    });
    await worker.stop();
    expect(sentOf().sort()).toEqual([...backlog].sort());
  });

  it('lets another process send what a dead one claimed once the lease runs out', async () => {
    await queue('orphan@example.com');
    // A claim as a process leaves it when it dies: due again after the lease, never renewed.
    await t.app.ctx.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() + SHORT.leaseMs) })
      .where(eq(outbox.to, 'orphan@example.com'));
    const survivor = new OutboxWorker(
      t.app.ctx.db,
      [mailSender(t.app.ctx.db, quickTransport)],
      t.app.log,
      60_000,
      SHORT,
    );
    expect(await survivor.drain()).toBe(0);
    await passTime(SHORT.leaseMs + 50);
    expect(await survivor.drain()).toBe(1);
    expect(sent.filter((to) => to === 'orphan@example.com')).toHaveLength(1);
  });
});

describe('/_dev/mail (local outbox)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  function list(remoteAddress?: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'GET',
      url: '/_dev/mail',
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  it('lists sent messages newest first with every link, and DELETE empties it', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/_dev/mail' })).toBe(true);
    await insertUser(t.app, { email: 'first@example.com', role: 'student' });
    await insertUser(t.app, { email: 'second@example.com', role: 'mentor' });
    await requestLink(t, 'first@example.com');
    await t.app.ctx.outbox.drain();
    await requestLink(t, 'second@example.com');
    await t.app.ctx.outbox.drain();

    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const mails = response.json() as DevMail[];
    expect(mails.map((mail) => mail.to)).toEqual(['second@example.com', 'first@example.com']);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual([
        'html',
        'links',
        'sentAt',
        'subject',
        'text',
        'to',
      ]);
      expect(mail.subject).toBe(jaMail.mail.signIn.subject);
      expect(mail.text).toMatch(/^\d{6}$/m);
      expect(mail.html).toContain('<html lang="ja">');
      expect(new Date(mail.sentAt).toISOString()).toBe(mail.sentAt);
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toMatch(LINK_PATTERN);
      expect(mail.text).toContain(mail.links[0]);
    }
    expect(Date.parse(mails[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(mails[1]!.sentAt));
    expect(mails[0]!.links[0]).not.toBe(mails[1]!.links[0]);

    // IPv6 and IPv4-mapped loopback are loopback too.
    expect((await list('::1')).statusCode).toBe(200);
    expect((await list('::ffff:127.0.0.1')).statusCode).toBe(200);

    const purge = await t.app.inject({ method: 'DELETE', url: '/_dev/mail' });
    expect(purge.statusCode).toBe(204);
    expect(purge.body).toBe('');
    expect((await list()).json()).toEqual([]);
    expect(await t.app.ctx.db.select().from(outbox)).toHaveLength(0);
  });

  it('is a readable page for a browser, every field escaped; JSON stays for tools', async () => {
    await t.app.inject({ method: 'DELETE', url: '/_dev/mail' });
    const link = 'http://localhost:3000/auth/verify-email?token=abc&next=1';
    await t.app.ctx.db.insert(outbox).values({
      channel: 'mail',
      to: 'victim@example.com',
      subject: '<script>alert(1)</script>件名',
      text: `山田 様\n<img src=x onerror=alert(1)>\n${link}\njavascript:alert(2)`,
      html: '<p>x</p>',
      links: [link, 'javascript:alert(2)'],
      status: 'sent',
      sentAt: new Date(),
      redactAfter: new Date(Date.now() + 60 * 60 * 1000),
    });

    const page = await list(undefined, {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('送信済みメール（開発用）');
    expect(page.body).toContain('宛先：victim@example.com');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;件名');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<img');
    // Its own http(s) link is clickable; anything else stays text.
    const escapedLink = link.replace('&', '&amp;');
    expect(page.body).toContain(`<a href="${escapedLink}">${escapedLink}</a>`);
    expect(page.body).not.toContain('href="javascript:');

    for (const accept of [undefined, '*/*', 'application/json']) {
      const json = await list(undefined, accept ? { accept } : {});
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect((json.json() as DevMail[]).map((mail) => mail.to)).toEqual(['victim@example.com']);
    }
    await t.app.inject({ method: 'DELETE', url: '/_dev/mail' });
  });

  it('answers other clients 404, and their DELETE deletes nothing', async () => {
    await insertUser(t.app, { email: 'private@example.com', role: 'student' });
    await requestLink(t, 'private@example.com');
    await t.app.ctx.outbox.drain();

    const remote = await list('203.0.113.5');
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ code: 'not-found' });
    expect(remote.body).not.toContain('private@example.com');

    // A forged X-Forwarded-For does not make a remote client local.
    const forged = await list('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' });
    expect(forged.statusCode).toBe(404);

    const purge = await t.app.inject({
      method: 'DELETE',
      url: '/_dev/mail',
      remoteAddress: '203.0.113.5',
    });
    expect(purge.statusCode).toBe(404);
    const mails = (await list()).json() as DevMail[];
    expect(mails.map((mail) => mail.to)).toEqual(['private@example.com']);
  });

  it('refuses a request relayed by a reverse proxy on the same machine', async () => {
    const relayed = await list('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' });
    expect(relayed.statusCode).toBe(404);
    const forwarded = await list('127.0.0.1', { forwarded: 'for=203.0.113.5' });
    expect(forwarded.statusCode).toBe(404);
  });

  it('leaves queued messages out until they were sent', async () => {
    await insertUser(t.app, { email: 'queued@example.com', role: 'student' });
    await t.app.ctx.outbox.drain();
    await t.app.ctx.db.insert(outbox).values({
      channel: 'mail',
      to: 'queued@example.com',
      subject: 'queued',
      text: 'not yet',
      html: '<p>not yet</p>',
      links: [],
      nextAttemptAt: new Date(Date.now() + 60_000),
    });
    const mails = (await list()).json() as DevMail[];
    expect(mails.map((mail) => mail.to)).not.toContain('queued@example.com');
  });
});

// ---------------------------------------------------------------- withdrawal and holds

/** A link or an address a mail client would find in plain text: what must not come from users. */
const AUTOLINKABLE =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|[\w.-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+\.[a-z]{2,}\b/gi;

describe('mail at rest and what mail may carry over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: FROM });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the sign-in link and code, then keeps only recipient, subject, time and status', async () => {
    await insertUser(t.app, { email: 'at-rest@example.com', role: 'student' });
    await requestLink(t, 'at-rest@example.com');
    const [queued] = await outboxRowsTo(t, 'at-rest@example.com');
    expect(queued!.links).toHaveLength(1);
    await t.app.ctx.outbox.drain();

    const arrived = smtp.received.find((r) => r.to.includes('at-rest@example.com'))!;
    const link = (arrived.mail.text ?? '').match(/https?:\/\/\S+/)![0];
    const code = /^(\d{6})$/m.exec(arrived.mail.text ?? '')![1]!;

    const [row] = await outboxRowsTo(t, 'at-rest@example.com');
    expect(row).toMatchObject({
      to: 'at-rest@example.com',
      subject: jaMail.mail.signIn.subject,
      status: 'sent',
      text: jaMail.mail.redacted,
      links: [],
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.redactedAt).toBeInstanceOf(Date);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(new URL(link).searchParams.get('token')!);
    expect(stored).not.toContain(code);
    expect(row!.html).not.toContain('token=');
  });

  it('keeps no invitation URL or code of a sent invitation, and redacts older rows hourly', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    await t.app.ctx.db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'invited-at-rest@example.com',
        ...invitationMail(`${TEST_ORIGIN}/mentor-register?code=QWERTY`, 'QWERTY', null, expiresAt),
      }),
    );
    await t.app.ctx.outbox.drain();
    expect(smtp.received.some((r) => r.to.includes('invited-at-rest@example.com'))).toBe(true);
    const [sent] = await outboxRowsTo(t, 'invited-at-rest@example.com');
    expect(JSON.stringify(sent)).not.toContain('QWERTY');

    // A row sent before this rule (body still there) is redacted by the hourly maintenance.
    await t.app.ctx.db.insert(outbox).values({
      channel: 'mail',
      to: 'older@example.com',
      subject: 'older',
      text: `${TEST_ORIGIN}/auth/verify-email?token=older-token 123456`,
      html: '<p>older-token</p>',
      links: [`${TEST_ORIGIN}/auth/verify-email?token=older-token`],
      status: 'sent',
      sentAt: new Date(),
    });
    await runMaintenance(t.app.ctx);
    const [older] = await outboxRowsTo(t, 'older@example.com');
    expect(older).toMatchObject({ subject: 'older', status: 'sent', links: [] });
    expect(JSON.stringify(older)).not.toContain('older-token');
  });

  it('gives the mailer one plain address only: a list or a display name is never sent', async () => {
    for (const to of [
      'first@example.com, second@example.com',
      'Eve <eve@example.com>',
      '"x@example.com" <eve@example.com>',
    ]) {
      await t.app.ctx.db.insert(outbox).values({
        channel: 'mail',
        to,
        subject: 'never',
        text: 'secret-body',
        html: '<p>secret-body</p>',
        links: [],
      });
    }
    const before = smtp.received.length;
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    expect(smtp.received.length).toBe(before);
    const rows = await t.app.ctx.db.select().from(outbox).where(eq(outbox.subject, 'never'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'failed',
        lastError: 'recipient is not one plain address',
      });
      expect(row.text).not.toContain('secret-body');
    }
  });

  it('makes names inert so that no mail client makes a link of them, even names saved before the rule', async () => {
    const link = `${TEST_ORIGIN}/visit-requests/abc`;
    await t.app.ctx.db.transaction(async (tx) => {
      await enqueueMail(tx, {
        to: 'names-mentor@example.com',
        ...visitRequestMail(
          'requested',
          link,
          { actor: '山田 https://evil.example/x <b>', university: 'evil.example大学' },
          {
            purpose: VISIT_PURPOSES[0],
            meetingFormat: MEETING_FORMATS[0],
            preferredSlots: [new Date()],
            meetingAt: null,
          },
        ),
      });
      await enqueueMail(tx, {
        to: 'names-invitee@example.com',
        ...invitationMail(
          `${TEST_ORIGIN}/mentor-register?code=ABCDEF`,
          'ABCDEF',
          'www.evil.example',
          new Date(),
        ),
      });
    });
    await t.app.ctx.outbox.drain();
    for (const to of ['names-mentor@example.com', 'names-invitee@example.com']) {
      const arrived = smtp.received.find((r) => r.to.includes(to))!;
      const text = arrived.mail.text ?? '';
      // The only link is the site's own; the name is inert.
      expect(text.match(AUTOLINKABLE)?.filter((found) => !found.startsWith(TEST_ORIGIN))).toEqual(
        [],
      );
      expect(text).not.toContain('evil.example');
      expect(text).not.toMatch(/[<>]/);
      expect(arrived.mail.html).not.toContain('evil.example');
    }
    const visit = smtp.received.find((r) => r.to.includes('names-mentor@example.com'))!;
    expect(visit.mail.text).toContain(
      '山田 https：／／evil．example／x bさん（evil．example大学）',
    );
    const invite = smtp.received.find((r) => r.to.includes('names-invitee@example.com'))!;
    expect(invite.mail.text).toContain('www．evil．exampleさん');
  });
});

describe('mail at rest in the local outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function devMailTo(to: string): Promise<DevMail | undefined> {
    const response = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
    return (response.json() as DevMail[]).find((mail) => mail.to === to);
  }

  it('keeps a message readable while its links live, then redacts it and keeps the rest', async () => {
    await insertUser(t.app, { email: 'local-rest@example.com', role: 'student' });
    const before = Date.now();
    await requestLink(t, 'local-rest@example.com');
    await t.app.ctx.outbox.drain();
    const [row] = await outboxRowsTo(t, 'local-rest@example.com');
    // Readable for the sign-in link's ten minutes, not longer.
    expect(row!.redactAfter!.getTime()).toBeGreaterThanOrEqual(before + SIGN_IN_LINK_TTL_MS - 1000);
    expect(row!.redactAfter!.getTime()).toBeLessThanOrEqual(Date.now() + SIGN_IN_LINK_TTL_MS);

    const readable = (await devMailTo('local-rest@example.com'))!;
    expect(readable.links).toHaveLength(1);
    expect(readable.text).toMatch(/^\d{6}$/m);

    await t.app.ctx.db
      .update(outbox)
      .set({ redactAfter: new Date(Date.now() - 1000) })
      .where(eq(outbox.to, 'local-rest@example.com'));
    const redacted = (await devMailTo('local-rest@example.com'))!;
    expect(redacted).toMatchObject({
      to: 'local-rest@example.com',
      subject: jaMail.mail.signIn.subject,
      sentAt: readable.sentAt,
      text: jaMail.mail.redacted,
      links: [],
    });
    expect(redacted.html).not.toContain(readable.links[0]!);
    expect(redacted.text).not.toMatch(/\d{6}/);
  });

  it('keeps an invitation until it expires and other mail at most seven days; maintenance redacts too', async () => {
    const expiresAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await t.app.ctx.db.transaction(async (tx) => {
      await enqueueMail(tx, {
        to: 'local-invitee@example.com',
        ...invitationMail(`${TEST_ORIGIN}/mentor-register?code=ZXCVBN`, 'ZXCVBN', null, expiresAt),
      });
      await enqueueMail(tx, {
        to: 'local-approved@example.com',
        ...mentorApprovedMail(`${TEST_ORIGIN}/mentor-profile`),
      });
    });
    await t.app.ctx.outbox.drain();
    const [invitation] = await outboxRowsTo(t, 'local-invitee@example.com');
    expect(invitation!.redactAfter).toEqual(expiresAt);
    const [approved] = await outboxRowsTo(t, 'local-approved@example.com');
    expect(approved!.redactAfter!.getTime()).toBeLessThanOrEqual(
      Date.now() + LOCAL_OUTBOX_READABLE_MS,
    );

    await runMaintenance(t.app.ctx);
    expect((await outboxRowsTo(t, 'local-invitee@example.com'))[0]!.text).toContain('ZXCVBN');

    await t.app.ctx.db
      .update(outbox)
      .set({ redactAfter: new Date(Date.now() - 1000) })
      .where(eq(outbox.to, 'local-invitee@example.com'));
    await runMaintenance(t.app.ctx);
    const [after] = await outboxRowsTo(t, 'local-invitee@example.com');
    expect(after).toMatchObject({
      status: 'sent',
      subject: jaMail.mail.invitation.subject,
      links: [],
    });
    expect(JSON.stringify(after)).not.toContain('ZXCVBN');
  });
});

describe('mails open with the recipient\u2019s own name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signInMailTo(email: string): Promise<string> {
    await requestLink(t, email);
    const [row] = await outboxRowsTo(t, email);
    return row!.text;
  }

  it('a student and an alumna are addressed 「<name> 様」, in the text and the HTML', async () => {
    const { user } = await insertStudent(t.app, { name: '宛名 花子' });
    const text = await signInMailTo(user.email);
    expect(text.split('\n').slice(0, 3)).toEqual(['宛名 花子 様', '', jaMail.mail.signIn.greeting]);
    const [row] = await outboxRowsTo(t, user.email);
    expect(row!.html).toContain('>宛名 花子 様</p>');

    const { user: mentor } = await insertMentor(t.app, { name: '宛名 先輩' });
    expect((await signInMailTo(mentor.email)).startsWith('宛名 先輩 様\n')).toBe(true);
  });

  it('someone without a profile gets the greeting first, and no name', async () => {
    await insertUser(t.app, { email: 'no-profile@example.com', role: 'admin' });
    expect(
      (await signInMailTo('no-profile@example.com')).startsWith(jaMail.mail.signIn.greeting),
    ).toBe(true);
  });

  it('a name that looks like a link is made inert in the salutation too', () => {
    const mail = mentorApprovedMail(`${TEST_ORIGIN}/mentor-profile`, {
      name: 'www.evil.example',
      language: 'ja',
    });
    expect(mail.text.split('\n')[0]).toBe('www．evil．example 様');
    expect(mail.html).not.toContain('evil.example');
  });
});

describe('mail reads like a person wrote it', () => {
  const link = `${TEST_ORIGIN}/visit-requests/abc`;
  const facts = {
    purpose: VISIT_PURPOSES[0],
    meetingFormat: MEETING_FORMATS[0],
    preferredSlots: [new Date()],
    meetingAt: null,
  };

  it('names people as a person writes them: 「山田 花子さんから」 without 「」', () => {
    const requested = visitRequestMail(
      'requested',
      link,
      {
        actor: '山田 花子',
        university: '青山学院大学',
        recipient: { name: '先輩 一子', language: 'ja' },
      },
      facts,
    );
    expect(requested.text).toContain(
      '山田 花子さん（青山学院大学）から、OG訪問の依頼が届きました。',
    );
    const thread = threadMessagesMail(link, { sender: '山田 花子' }, 2);
    const dayBefore = dayBeforeMail(
      link,
      `${link}?cancel=1`,
      { other: '山田 花子' },
      { ...facts, meetingAt: new Date(), meetingPlace: null },
      null,
    );
    const invite = invitationMail(link, 'ABCDEF', '先輩 一子', new Date());
    expect(invite.text).toContain('先輩 一子さんから、');
    for (const mail of [requested, thread, dayBefore, invite]) {
      expect(mail.text).not.toMatch(/「(?:山田|先輩)|(?:花子|一子)」/);
      expect(mail.html).not.toMatch(/「(?:山田|先輩)|(?:花子|一子)」/);
    }
  });

  it('says 「心当たりがない場合は破棄」 only in mail someone else could have caused', () => {
    const strangers = [
      signInMail(link, '123456'),
      signInMail(link, '123456', 'verify'),
      invitationMail(link, 'ABCDEF', null, new Date()),
      emailChangeMail(link),
      contactEmailMail(link),
      graduationAddressMail(link),
    ];
    for (const mail of strangers) {
      expect(mail.text, mail.subject).toContain(jaMail.mail.notMine);
      expect(mail.html, mail.subject).toContain(jaMail.mail.notMine);
    }
    // Registration says it its own way (the link cancels it); the rest are no stranger's.
    expect(studentRegistrationMail(link).text).toContain('お申し込みに心当たりがない場合は');
    const own = [
      visitRequestMail('accepted', link, { actor: '先輩 一子' }, facts),
      threadMessagesMail(link, { sender: '山田 花子' }, 1),
      mentorApprovedMail(link),
      graduationInviteMail(link),
    ];
    for (const mail of own) {
      expect(mail.text, mail.subject).not.toContain('心当たり');
      expect(mail.html, mail.subject).not.toContain('心当たり');
    }
  });

  it('tells the old address the new one readably, part hidden, and not as a link', () => {
    const mail = emailChangedMail(
      `${TEST_ORIGIN}/email-change/undo?token=x`,
      'hanako.new@gmail.com',
    );
    const greeting = mail.text.split('\n')[0]!;
    expect(greeting.replace(/\u200b/g, '')).toContain('h***@gmail.com に変更されました');
    expect(greeting).not.toMatch(/[＠．]/);
    expect(mail.text).not.toContain('hanako');
    expect(greeting.match(AUTOLINKABLE)).toBeNull();
    expect(mail.html).not.toContain('gmail.com');
  });
});
