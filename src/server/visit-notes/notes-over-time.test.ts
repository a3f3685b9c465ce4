import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/schemas/notifications';
import type { VisitNote } from '../../shared/schemas/visit-notes';
import { notifications, users, visitNotes, visitRequests } from '../db/schema';
import { runVisitTimers } from '../visits';
import { call, expectError, expectOk } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  DAY_MS,
  HOUR_MS,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * 訪問記録 as people come and go (docs/RETENTION.md): a withdrawing student keeps her shared
 * notes without her name or deletes them, her private ones always go; an alumna's withdrawal
 * takes the notes naming her (and those waiting for her) off the list, while unnamed shared notes
 * stay naming nobody. And the one reminder after a visit, never twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOTE = {
  jobType: null,
  qa: [{ question: '仕事の魅力は？', answer: '裁量です。' }],
  advice: '',
};

async function noteOn(
  student: Party,
  mentor: MentorParty,
  sharing: 'private' | 'offered' | 'shared',
  showName = false,
): Promise<VisitNote> {
  const meetingAt = new Date(Date.now() - 3 * DAY_MS);
  const request = await insertRequest(t.app, student.id, mentor.id, {
    status: 'accepted',
    meetingAt,
    preferredSlots: [meetingAt],
  });
  const note = expectOk(
    await call(t.app, student.cookie, 'PUT', `/api/visit-requests/${request.id}/note`, NOTE),
  ) as unknown as VisitNote;
  if (sharing === 'private') return note;
  expectOk(await call(t.app, student.cookie, 'POST', `/api/visit-notes/${note.id}/offer`));
  if (sharing === 'offered') return note;
  return expectOk(
    await call(t.app, mentor.cookie, 'POST', `/api/visit-notes/${note.id}/consent`, { showName }),
  ) as unknown as VisitNote;
}

async function noteRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(visitNotes).where(eq(visitNotes.id, id));
  return row;
}

function withdraw(party: Party, body?: object) {
  return call(t.app, party.cookie, 'DELETE', '/api/users/me', body);
}

describe('a student’s withdrawal', () => {
  it('keeps her shared notes without her name when she chooses so; her other notes go', async () => {
    const student = await newStudent(t.app, '木村 彩');
    const shared = await noteOn(student, await newMentor(t.app), 'shared');
    const offered = await noteOn(student, await newMentor(t.app), 'offered');
    const kept = await noteOn(student, await newMentor(t.app), 'private');
    expectOk(await withdraw(student, { visitNotes: 'keep' }));
    expect((await noteRow(shared.id))?.authorId).toBeNull();
    expect(await noteRow(offered.id)).toBeUndefined();
    expect(await noteRow(kept.id)).toBeUndefined();
    const reader = await newStudent(t.app);
    const asReader = expectOk(
      await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${shared.id}`),
    ) as unknown as VisitNote;
    expect(asReader.author).toEqual({ name: null, grade: expect.anything() });
    expect(JSON.stringify(asReader)).not.toContain('木村');
  });

  it('deletes every note of hers when she chooses so, and by default', async () => {
    for (const body of [{ visitNotes: 'delete' }, undefined]) {
      const student = await newStudent(t.app);
      const shared = await noteOn(student, await newMentor(t.app), 'shared');
      expectOk(await withdraw(student, body));
      expect(await noteRow(shared.id)).toBeUndefined();
    }
  });

  it('refuses a choice that is not one, and nothing changes', async () => {
    const student = await newStudent(t.app);
    const shared = await noteOn(student, await newMentor(t.app), 'shared');
    expectError(await withdraw(student, { visitNotes: 'sell' }), 400, 'invalid-argument');
    expect((await noteRow(shared.id))?.authorId).toBe(student.id);
    const [account] = await t.app.ctx.db.select().from(users).where(eq(users.id, student.id));
    expect(account).toBeDefined();
  });
});

describe('an alumna’s withdrawal', () => {
  it('takes the notes naming her, and those waiting for her, off the list; unnamed ones stay', async () => {
    const mentor = await newMentor(t.app, {
      industry: 'IT・通信 - ソフトウェア',
      joinedYear: 2020,
    });
    const named = await noteOn(await newStudent(t.app), mentor, 'shared', true);
    const unnamed = await noteOn(await newStudent(t.app), mentor, 'shared', false);
    const waiting = await noteOn(await newStudent(t.app), mentor, 'offered');
    expectOk(await withdraw(mentor));
    expect((await noteRow(named.id))?.sharing).toBe('withdrawn');
    expect((await noteRow(waiting.id))?.sharing).toBe('withdrawn');
    // Three alumnae of her industry and 入社年 on the OG list: the unnamed note may say both
    // (anonymity.ts); her leaving takes nothing away from what it tells.
    for (let i = 0; i < 3; i++) {
      await newMentor(t.app, { industry: 'IT・通信 - ソフトウェア', joinedYear: 2020 });
    }
    const reader = await newStudent(t.app);
    expectError(
      await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${named.id}`),
      404,
      'not-found',
    );
    const still = expectOk(
      await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${unnamed.id}`),
    ) as unknown as VisitNote;
    expect(still.mentor).toEqual({ name: null, joinedYear: 2020, urlParam: null, gone: true });
    expect(still.industry).toBe('IT・通信 - ソフトウェア');
  });

  it('a kept note outlives its visit once both people have left', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const shared = await noteOn(student, mentor, 'shared');
    expectOk(await withdraw(student, { visitNotes: 'keep' }));
    expectOk(await withdraw(mentor));
    await t.app.ctx.db.delete(visitRequests).where(eq(visitRequests.id, shared.visitRequestId!));
    const row = await noteRow(shared.id);
    expect(row).toMatchObject({
      sharing: 'shared',
      visitRequestId: null,
      authorId: null,
      mentorId: null,
    });
  });
});

describe('the one reminder after a visit', () => {
  it('comes a day after the visit on the bell and by mail, once; not when she already wrote', async () => {
    const student = await newStudent(t.app, '林 真央');
    const mentor = await newMentor(t.app, { name: '松本 由紀' });
    const meetingAt = new Date('2026-10-05T01:00:00Z');
    const request = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    const written = await insertRequest(t.app, student.id, (await newMentor(t.app)).id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    await t.app.ctx.db.insert(visitNotes).values({
      visitRequestId: written.id,
      authorId: student.id,
      company: '既に書いた会社',
      industry: 'その他',
      visitedAt: meetingAt,
      advice: '書きました',
    });
    // Not yet due: 23 hours after.
    await runVisitTimers(t.app.ctx.db, new Date(meetingAt.getTime() + 23 * HOUR_MS));
    const reminded = () =>
      t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect((await reminded()).filter((n) => n.kind === 'noteReminder')).toHaveLength(0);
    await runVisitTimers(t.app.ctx.db, new Date(meetingAt.getTime() + 25 * HOUR_MS));
    await runVisitTimers(t.app.ctx.db, new Date(meetingAt.getTime() + 30 * HOUR_MS));
    const bells = (await reminded()).filter((n) => n.kind === 'noteReminder');
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ visitRequestId: request.id, actorName: '松本 由紀' });
    const mails = (await mailsTo(t.app, student.email)).filter((m) =>
      m.subject.includes('おつかれさま'),
    );
    expect(mails).toHaveLength(1);
    // Not thanked yet: the mail says so and opens the request's page.
    expect(mails[0]!.text).toContain('お礼');
    expect(mails[0]!.text).toContain(`/visit-requests/${request.id}`);
    // The bell opens her note on that visit.
    const list = expectOk(
      await call(t.app, student.cookie, 'GET', '/api/notifications'),
    ) as unknown as NotificationList;
    expect(list.items.find((n) => n.kind === 'noteReminder')?.link).toBe(
      `/visit-requests/${request.id}/note`,
    );
  });

  it('is never sent for a visit long past when it first could be (older visits at an upgrade)', async () => {
    const student = await newStudent(t.app);
    const meetingAt = new Date('2026-09-01T01:00:00Z');
    await insertRequest(t.app, student.id, (await newMentor(t.app)).id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    await runVisitTimers(t.app.ctx.db, new Date(meetingAt.getTime() + 3 * DAY_MS));
    const bells = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(bells.filter((n) => n.kind === 'noteReminder')).toHaveLength(0);
  });
});
