import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/auth';
import { mentors, notifications, visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { createTestApp, type TestApp } from '../test/app';
import {
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  type Party,
} from '../test/factories/visits';
import { changeOwnRequest, changeRequests, type OwnChange } from './transition';

/**
 * The one path every change of a request takes (transition.ts), apart from the transitions that
 * use it (their own tests): what is refused changes nothing and tells no one, what is allowed
 * is written and told to the other side once.
 */

let t: TestApp;
function db() {
  return t.app.ctx.db;
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function sessionOf(party: Party): SessionUser {
  return {
    id: party.id,
    email: party.email,
    role: 'student',
    emailVerified: true,
    asksNameReading: false,
    language: 'ja',
  };
}

async function bellOf(party: Party) {
  return db().select().from(notifications).where(eq(notifications.userId, party.id));
}

async function parties(state: Parameters<typeof insertRequest>[3] = {}) {
  const student = await newStudent(t.app, '山田 太郎');
  const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  const request = await insertRequest(t.app, student.id, mentor.id, state);
  return { student, mentor, id: request.id };
}

/** A change that writes a message of its own, so that a test sees whether it was written. */
function reply(change: Partial<OwnChange> = {}): OwnChange {
  return {
    from: 'turn',
    set: () => ({ responseMessage: '確認しました。', studentUnseen: true }),
    tells: 'declined',
    ...change,
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('a change one side makes to its request', () => {
  it('is written, told to the other side by bell and mail with the caller’s name, once', async () => {
    const { student, mentor, id } = await parties();
    await changeOwnRequest(db(), sessionOf(mentor), id, reply());
    expect((await requestRow(t.app, id))!.responseMessage).toBe('確認しました。');
    const bell = await bellOf(student);
    expect(bell.map((row) => [row.kind, row.actorName])).toEqual([['declined', '佐藤 美咲']]);
    expect(await mailsTo(t.app, student.email)).toHaveLength(1);
    expect(await bellOf(mentor)).toEqual([]);
  });

  it('out of turn, from a closed request or on someone else’s, changes nothing and tells no one', async () => {
    const { student, mentor, id } = await parties();
    const stranger = await newStudent(t.app);
    const change = (party: Party, made: OwnChange) =>
      refusal(changeOwnRequest(db(), sessionOf(party), id, made));
    expect(await change(student, reply())).toBe('visit/not-your-turn');
    expect(await change(mentor, reply({ from: 'agreed' }))).toBe('visit/not-open');
    expect(await change(student, reply({ by: 'mentor' }))).toBe('not-found');
    expect(await change(stranger, reply())).toBe('not-found');
    expect((await requestRow(t.app, id))!.responseMessage).toBeNull();
    expect([...(await bellOf(student)), ...(await bellOf(mentor))]).toEqual([]);
    expect([
      ...(await mailsTo(t.app, student.email)),
      ...(await mailsTo(t.app, mentor.email)),
    ]).toEqual([]);
  });

  it('refused by its own check on the input, writes nothing', async () => {
    const { student, mentor, id } = await parties();
    const refused = reply({
      answers: true,
      set: () => {
        throw new AppError('visit/proposal-limit');
      },
    });
    await db().update(mentors).set({ expiredInRow: 2 }).where(eq(mentors.userId, mentor.id));
    expect(await refusal(changeOwnRequest(db(), sessionOf(mentor), id, refused))).toBe(
      'visit/proposal-limit',
    );
    expect(await bellOf(student)).toEqual([]);
    expect(await expiredInRow(mentor)).toBe(2);
  });

  it('that tells nothing is written without a bell or a mail', async () => {
    const { student, mentor, id } = await parties();
    await changeOwnRequest(db(), sessionOf(mentor), id, reply({ tells: () => null }));
    expect((await requestRow(t.app, id))!.responseMessage).toBe('確認しました。');
    expect(await bellOf(student)).toEqual([]);
    expect(await mailsTo(t.app, student.email)).toEqual([]);
  });

  it('as an answer restarts the alumnus’s count of expired requests, not the student’s doing', async () => {
    const first = await parties();
    await db().update(mentors).set({ expiredInRow: 2 }).where(eq(mentors.userId, first.mentor.id));
    await changeOwnRequest(db(), sessionOf(first.mentor), first.id, reply({ answers: true }));
    expect(await expiredInRow(first.mentor)).toBe(0);

    const second = await parties({ proposedBy: 'mentor' });
    await db().update(mentors).set({ expiredInRow: 2 }).where(eq(mentors.userId, second.mentor.id));
    await changeOwnRequest(db(), sessionOf(second.student), second.id, reply({ answers: true }));
    expect(await expiredInRow(second.mentor)).toBe(2);
  });
});

describe('the step every change ends in', () => {
  it('changes each request matching, tells each the side named, and returns them', async () => {
    const one = await parties();
    const two = await parties();
    const closed = await parties({ status: 'declined' });
    const changed = await db().transaction((tx) =>
      changeRequests(tx, {
        where: and(
          inArray(visitRequests.id, [one.id, two.id, closed.id]),
          eq(visitRequests.status, 'pending'),
        )!,
        set: { remindedAt: new Date() },
        tell: async (request) =>
          request.id === two.id
            ? null
            : { kind: 'unansweredReminder', to: 'mentor', names: { actor: '山田 太郎' } },
      }),
    );
    const ids = changed.map((request) => request.id);
    expect(ids.sort()).toEqual([one.id, two.id].sort());
    expect((await requestRow(t.app, one.id))!.remindedAt).not.toBeNull();
    expect((await requestRow(t.app, closed.id))!.remindedAt).toBeNull();
    expect((await bellOf(one.mentor)).map((row) => row.kind)).toEqual(['unansweredReminder']);
    expect(await bellOf(two.mentor)).toEqual([]);
  });
});

async function expiredInRow(mentor: Party): Promise<number> {
  const [row] = await db()
    .select({ n: mentors.expiredInRow })
    .from(mentors)
    .where(eq(mentors.userId, mentor.id));
  return row!.n;
}
