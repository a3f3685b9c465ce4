import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_EVENTS, NOTIFICATION_KINDS } from '../../shared/constants';
import { notifications, outbox, pushSubscriptions, users } from '../db/schema';
import { createQuietTestApp, type TestApp } from '../test/app';
import { insertRequest, newMentor, newStudent, type Party } from '../test/factories/visits';
import { TELL_KINDS } from './kinds';
import { tell } from './tell';
import { subscribedBrowser } from '../test/factories/push';

/**
 * `tell` (decision 0034): one call writes the bell entry and queues one outbox row per channel
 * the person gets, as the kinds' table and their choices say.
 */

let t: TestApp;
beforeAll(async () => {
  // Nothing is sent by the app itself: what is queued stays for the test.
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

const words = (recipient: { name: string | null }) => ({
  subject: '件名',
  text: `${recipient.name ?? ''} 様\nhttp://localhost/visit-requests/x`,
  html: '<p>本文</p>',
});

/** A browser subscribed by a session of `party` (as PUT /api/me/push saves it). */
async function subscribeBrowser(party: Party) {
  await subscribedBrowser(t.app, party.id);
}

async function queuedFor(party: Party) {
  const rows = await t.app.ctx.db.select().from(outbox);
  const subscriptions = await t.app.ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, party.id));
  const ids = new Set(subscriptions.map((s) => s.id));
  return {
    mail: rows.filter((row) => row.channel === 'mail' && row.to === party.email),
    push: rows.filter((row) => row.channel === 'push' && ids.has(row.subscriptionId ?? '')),
  };
}

async function bellOf(party: Party) {
  return t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, party.id));
}

async function optOut(party: Party, events: readonly string[]) {
  await t.app.ctx.db
    .update(users)
    .set({ mailOptOut: events as (typeof MAIL_EVENTS)[number][] })
    .where(eq(users.id, party.id));
}

describe('tell: which channels a person gets', () => {
  it.each([
    { case: 'mail, no browser', optedOut: false, browsers: 0, mail: 1, push: 0 },
    { case: 'opted out of the mail, one browser', optedOut: true, browsers: 1, mail: 0, push: 1 },
    { case: 'both, two browsers', optedOut: false, browsers: 2, mail: 1, push: 2 },
    { case: 'neither: the bell alone', optedOut: true, browsers: 0, mail: 0, push: 0 },
  ])('$case', async ({ optedOut, browsers, mail, push }) => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    if (optedOut) await optOut(mentor, ['requests']);
    for (let i = 0; i < browsers; i++) await subscribeBrowser(mentor);
    const { mailed } = await t.app.ctx.db.transaction((tx) =>
      tell(tx, {
        userId: mentor.id,
        kind: 'requested',
        facts: { visitRequestId: id, actorName: student.name },
        mail: words,
      }),
    );
    expect(mailed).toBe(mail === 1);
    const queued = await queuedFor(mentor);
    expect(queued.mail).toHaveLength(mail);
    expect(queued.push).toHaveLength(push);
    expect(await bellOf(mentor)).toMatchObject([{ kind: 'requested', visitRequestId: id }]);
    for (const row of queued.push) {
      // The bell's words and its page, never more.
      expect(row).toMatchObject({
        subject: `${student.name}さんからOG訪問の依頼が届きました`,
        text: `/visit-requests/${id}`,
        html: '',
      });
    }
    if (mail) expect(queued.mail[0]!.text).toContain(`${mentor.name} 様`);
  });

  it('mails a kind that is always mailed whatever the person turned off, and never one the table does not mail', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await optOut(mentor, MAIL_EVENTS);
    await t.app.ctx.db.transaction(async (tx) => {
      const facts = { visitRequestId: id, actorName: '' };
      expect(await tell(tx, { userId: mentor.id, kind: 'autoPaused', facts, mail: words })).toEqual(
        {
          mailed: true,
        },
      );
      expect(
        await tell(tx, { userId: mentor.id, kind: 'expiredUnanswered', facts, mail: words }),
      ).toEqual({ mailed: false });
    });
    expect((await queuedFor(mentor)).mail).toHaveLength(1);
    expect((await bellOf(mentor)).map((entry) => entry.kind).sort()).toEqual([
      'autoPaused',
      'expiredUnanswered',
    ]);
  });

  it('mails no suspended account, not even what is always mailed', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, mentor.id));
    const facts = { visitRequestId: id, actorName: '' };
    const told = await t.app.ctx.db.transaction(async (tx) => [
      await tell(tx, { userId: mentor.id, kind: 'dayBefore', facts, mail: words }),
      await tell(tx, { userId: mentor.id, kind: 'autoPaused', facts, mail: words }),
    ]);
    expect(told).toEqual([{ mailed: false }, { mailed: false }]);
    expect((await queuedFor(mentor)).mail).toEqual([]);
  });

  it('gives a mail-only kind no bell entry and no push', async () => {
    const mentor = await newMentor(t.app);
    await subscribeBrowser(mentor);
    await t.app.ctx.db.transaction((tx) =>
      tell(tx, { userId: mentor.id, kind: 'mentorApproved', mail: words }),
    );
    const queued = await queuedFor(mentor);
    expect(queued.mail).toHaveLength(1);
    expect(queued.push).toEqual([]);
    expect(await bellOf(mentor)).toEqual([]);
  });

  it('pushes a gathered repeat once, until the person has looked', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await subscribeBrowser(mentor);
    const offer = () =>
      t.app.ctx.db.transaction((tx) =>
        tell(
          tx,
          {
            userId: mentor.id,
            kind: 'noteOffered',
            facts: { visitRequestId: id, actorName: student.name },
          },
          { gather: true },
        ),
      );
    await offer();
    await offer();
    expect((await queuedFor(mentor)).push).toHaveLength(1);
    expect(await bellOf(mentor)).toHaveLength(1);
    await t.app.ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, mentor.id)));
    await offer();
    expect((await queuedFor(mentor)).push).toHaveLength(2);
  });

  it('queues nothing for a change that rolled back', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    await subscribeBrowser(mentor);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await tell(tx, {
          userId: mentor.id,
          kind: 'requested',
          facts: { visitRequestId: id, actorName: student.name },
          mail: words,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queuedFor(mentor)).toEqual({ mail: [], push: [] });
    expect(await bellOf(mentor)).toEqual([]);
  });

  it('has one line of the table for every bell kind', () => {
    for (const kind of NOTIFICATION_KINDS) expect(TELL_KINDS[kind].bell).toBe(true);
  });
});
