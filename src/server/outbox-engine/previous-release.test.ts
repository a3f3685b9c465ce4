import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, previousReleaseMailOutbox, previousReleasePushOutbox } from '../db/schema';
import { createQuietTestApp, type TestApp } from '../test/app';
import { newMentor } from '../test/factories/visits';
import { adoptPreviousReleaseRows } from './previous-release';
import { subscribedBrowser } from '../test/factories/push';

/**
 * An upgrade to the one outbox (decision 0034): while the previous release's processes still
 * run they queue into mail_outbox and push_outbox, and what they do not hold must reach the one
 * outbox, once, or it would never be sent (the migration only adds, decision 0018).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inAMinute = () => new Date(Date.now() + 60_000);
const aMinuteAgo = () => new Date(Date.now() - 60_000);

function oldMail(subject: string, extra: Partial<typeof previousReleaseMailOutbox.$inferInsert>) {
  return {
    to: 'hanako@example.ac.jp',
    subject,
    text: '本文 https://example.test/a',
    html: '<p>本文</p>',
    links: ['https://example.test/a'],
    ...extra,
  };
}

describe("the previous release's outboxes during an upgrade", () => {
  it('move into the one outbox every row no old process holds, once, and leave a claimed one to it', async () => {
    const db = t.app.ctx.db;
    const mentor = await newMentor(t.app);
    const { subscriptionId } = await subscribedBrowser(t.app, mentor.id);

    const mail = await db
      .insert(previousReleaseMailOutbox)
      .values([
        oldMail('due', { attempts: 2 }),
        oldMail('claimed by an old process', { nextAttemptAt: inAMinute() }),
        oldMail('sent', { status: 'sent', sentAt: aMinuteAgo() }),
      ])
      .returning({ id: previousReleaseMailOutbox.id, subject: previousReleaseMailOutbox.subject });
    const push = await db
      .insert(previousReleasePushOutbox)
      .values([
        { subscriptionId, title: 'waiting', url: '/visit-requests/a' },
        { subscriptionId, title: 'claimed', url: '/visit-requests/b', claimedUntil: inAMinute() },
      ])
      .returning({ id: previousReleasePushOutbox.id, title: previousReleasePushOutbox.title });
    const id = (rows: { id: string }[], index: number) => rows[index]!.id;

    // Two processes of this release at once: each row moves in one of them.
    await Promise.all([adoptPreviousReleaseRows(db), adoptPreviousReleaseRows(db)]);
    await adoptPreviousReleaseRows(db);

    const moved = await db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          [...mail, ...push].map((row) => row.id),
        ),
      );
    const byId = new Map(moved.map((row) => [row.id, row]));
    expect(moved).toHaveLength(3);
    expect(byId.get(id(mail, 0))).toMatchObject({
      channel: 'mail',
      status: 'pending',
      attempts: 2,
      subject: 'due',
      to: 'hanako@example.ac.jp',
      links: ['https://example.test/a'],
    });
    expect(byId.get(id(mail, 2))).toMatchObject({ channel: 'mail', status: 'sent' });
    expect(byId.get(id(push, 0))).toMatchObject({
      channel: 'push',
      status: 'pending',
      subscriptionId,
      to: subscriptionId,
      subject: 'waiting',
      text: '/visit-requests/a',
    });
    // What an old process claimed stays with it, and nowhere else.
    expect(byId.has(id(mail, 1))).toBe(false);
    expect(byId.has(id(push, 1))).toBe(false);
    const leftMail = await db
      .select({ id: previousReleaseMailOutbox.id })
      .from(previousReleaseMailOutbox)
      .where(
        inArray(
          previousReleaseMailOutbox.id,
          mail.map((row) => row.id),
        ),
      );
    expect(leftMail.map((row) => row.id)).toEqual([id(mail, 1)]);
    const leftPush = await db
      .select({ id: previousReleasePushOutbox.id })
      .from(previousReleasePushOutbox)
      .where(eq(previousReleasePushOutbox.subscriptionId, subscriptionId));
    expect(leftPush.map((row) => row.id)).toEqual([id(push, 1)]);
  });

  it("is sent by this release's engine once moved", async () => {
    const db = t.app.ctx.db;
    const [row] = await db
      .insert(previousReleaseMailOutbox)
      .values(oldMail('queued by the previous release', {}))
      .returning({ id: previousReleaseMailOutbox.id });
    await adoptPreviousReleaseRows(db);
    await t.app.ctx.outbox.drain('mail');
    const [sent] = await db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.id, row!.id));
    expect(sent?.status).toBe('sent');
  });
});
