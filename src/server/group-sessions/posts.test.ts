import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_OPEN_DAYS_AFTER_MEETING } from '../../shared/constants';
import { MASK } from '../../shared/contact-masking';
import type { GroupSessionThread } from '../../shared/schemas/group-sessions';
import type { NotificationList } from '../../shared/schemas/notifications';
import { groupSessions, userBlocks, userReports } from '../db/schema';
import { openGroupSession } from '../test/factories/group-sessions';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { newMentor, newStudent, type Party } from '../test/factories/visits';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function open(mentor: Pick<Party, 'cookie'>) {
  return openGroupSession(t.app, mentor, {
    description: undefined,
    meetingUrl: undefined,
    topics: ['industry_research'],
    seats: 2,
  });
}

function seat(student: Pick<Party, 'cookie'>, id: string) {
  return call(t.app, student.cookie, 'POST', `/api/group-sessions/${id}/seat`);
}

function post(party: { cookie: string }, id: string, body: unknown) {
  return call(t.app, party.cookie, 'POST', `/api/group-sessions/${id}/posts`, { body });
}

async function thread(party: { cookie: string }, id: string) {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}/posts`),
  ) as unknown as GroupSessionThread;
}

async function bellKinds(party: { cookie: string }) {
  const list = expectOk(
    await call(t.app, party.cookie, 'GET', '/api/notifications'),
  ) as unknown as NotificationList;
  return list.items.map((item) => item.kind);
}

/** An alumna's 座談会 with two seated students and one waiting. */
async function session() {
  const mentor = await newMentor(t.app);
  const id = await open(mentor);
  const [first, second, waiting] = [
    await newStudent(t.app),
    await newStudent(t.app),
    await newStudent(t.app),
  ];
  for (const student of [first!, second!, waiting!]) expectOk(await seat(student, id));
  return { mentor, id, first: first!, second: second!, waiting: waiting! };
}

describe('a 座談会 thread (GET/POST /api/group-sessions/:id/posts)', () => {
  it('lets its alumna and the students holding a place read and post; others are told it is not there', async () => {
    const { mentor, id, first, waiting } = await session();
    const outsider = await newStudent(t.app);
    const otherMentor = await newMentor(t.app);
    const admin = await insertAdmin(t.app);

    expectOk(await post(mentor, id, '当日はカメラをオンにしてください。'), 201);
    expectOk(await post(first, id, '一年目の仕事を教えてください。'), 201);
    expectOk(await post(waiting, id, 'キャンセル待ちですが質問です。'), 201);

    for (const reader of [mentor, first, waiting, admin]) {
      expect((await thread(reader, id)).posts).toHaveLength(3);
    }
    for (const stranger of [outsider, otherMentor]) {
      expectError(
        await call(t.app, stranger.cookie, 'GET', `/api/group-sessions/${id}/posts`),
        404,
        'not-found',
      );
      expectError(await post(stranger, id, 'こんにちは'), 404, 'not-found');
    }
    // The admins read; they post nothing.
    expect((await thread(admin, id)).canPost).toBe(false);
    expect((await post(admin, id, 'お知らせ')).statusCode).toBe(403);
    // A student who left reads no more.
    expect(
      (await call(t.app, first.cookie, 'DELETE', `/api/group-sessions/${id}/seat`)).statusCode,
    ).toBe(204);
    expectError(
      await call(t.app, first.cookie, 'GET', `/api/group-sessions/${id}/posts`),
      404,
      'not-found',
    );
  });

  it('shows a student’s question to the other students without her name, and to the alumna with it', async () => {
    const { mentor, id, first, second } = await session();
    const admin = await insertAdmin(t.app);
    expectOk(await post(mentor, id, 'ようこそ'), 201);
    const asked = expectOk(await post(first, id, '残業はどのくらいですか'), 201);
    expect(asked).toMatchObject({ side: 'student', mine: true, authorId: null });

    const seenByOther = (await thread(second, id)).posts;
    expect(seenByOther[0]).toMatchObject({
      side: 'mentor',
      authorName: mentor.name,
      authorId: mentor.id,
    });
    expect(seenByOther[1]).toMatchObject({
      side: 'student',
      authorName: null,
      authorId: null,
      mine: false,
    });
    expect(JSON.stringify(seenByOther)).not.toContain(first.name);
    expect(JSON.stringify(seenByOther)).not.toContain(first.id);

    for (const reader of [mentor, admin]) {
      expect((await thread(reader, id)).posts[1]).toMatchObject({
        authorName: first.name,
        authorId: first.id,
      });
    }
  });

  it('masks contact details as stored, from the alumna and the students alike', async () => {
    const { mentor, id, first } = await session();
    const mine = expectOk(await post(mentor, id, '質問は tanaka@example.com まで'), 201);
    expect(mine).toMatchObject({ masked: true, body: `質問は ${MASK} まで` });
    expectOk(await post(first, id, 'LINE: 090-1234-5678'), 201);
    const posts = (await thread(mentor, id)).posts;
    expect(posts.map((p) => p.masked)).toEqual([true, true]);
    expect(JSON.stringify(posts)).not.toContain('090-1234-5678');
  });

  it('tells each student holding a place of the alumna’s post, and the alumna of a question', async () => {
    const { mentor, id, first, waiting } = await session();
    expectOk(await post(mentor, id, '資料を用意しました'), 201);
    expect(await bellKinds(first)).toContain('groupSessionPost');
    expect(await bellKinds(waiting)).toContain('groupSessionPost');
    expect(await bellKinds(mentor)).not.toContain('groupSessionPost');
    expectOk(await post(first, id, '質問です'), 201);
    expect(await bellKinds(mentor)).toContain('groupSessionQuestion');
    expect((await bellKinds(waiting)).filter((k) => k === 'groupSessionQuestion')).toEqual([]);
  });

  it('lets no post pass a block either way between a student and its alumna, as a visit thread', async () => {
    const { mentor, id, first, second, waiting } = await session();
    // Blocks from before a block took the student's places (one placed now takes them:
    // departures.test.ts), so that the thread's own rule still holds for any left.
    // She blocked the alumna: her own block is named to her; the alumna's posts no longer reach her.
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: first.id, blockedId: mentor.id });
    expectError(await post(first, id, '質問です'), 403, 'thread/blocked');
    expect(await thread(first, id)).toMatchObject({ canPost: false, closedReason: 'ended' });
    // The alumna blocked another: that student's thread reads as ended.
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: mentor.id, blockedId: second.id });
    expectError(await post(second, id, '質問です'), 409, 'thread/closed');
    expectOk(await post(mentor, id, '資料を用意しました'), 201);
    expect(await bellKinds(first)).not.toContain('groupSessionPost');
    expect(await bellKinds(second)).not.toContain('groupSessionPost');
    expect(await bellKinds(waiting)).toContain('groupSessionPost');
    expect(await bellKinds(mentor)).not.toContain('groupSessionQuestion');
  });

  it('closes after a cancellation and THREAD_OPEN_DAYS_AFTER_MEETING days after it, readable still', async () => {
    const { mentor, id, first } = await session();
    expectOk(await post(mentor, id, 'よろしく'), 201);
    expect(
      (
        await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
          reason: '急用のため',
        })
      ).statusCode,
    ).toBe(204);
    expectError(await post(first, id, '残念です'), 409, 'group-session/cancelled');
    expectError(await post(mentor, id, 'すみません'), 409, 'group-session/cancelled');
    expect(await thread(first, id)).toMatchObject({ canPost: false, closedReason: 'cancelled' });
    expect((await thread(first, id)).posts).toHaveLength(1);

    const held = await session();
    const started = new Date(Date.now() - (THREAD_OPEN_DAYS_AFTER_MEETING * 24 + 1) * 3_600_000);
    await t.app.ctx.db
      .update(groupSessions)
      .set({
        signUpClosesAt: new Date(started.getTime() - 3_600_000),
        startsAt: started,
        endsAt: new Date(started.getTime() + 3_600_000),
      })
      .where(eq(groupSessions.id, held.id));
    expectError(await post(held.first, held.id, 'ありがとうございました'), 409, 'thread/closed');
    expect(await thread(held.mentor, held.id)).toMatchObject({
      canPost: false,
      closedReason: 'ended',
    });
  });

  it('refuses an empty, too long or missing body with 400', async () => {
    const { id, first } = await session();
    for (const body of ['', '   ', 'あ'.repeat(1001), undefined, 42]) {
      expectError(await post(first, id, body), 400, 'invalid-argument');
    }
    expect((await thread(first, id)).posts).toEqual([]);
  });
});

describe('reporting a 座談会 post (POST /api/reports)', () => {
  function report(party: { cookie: string }, userId: string, groupSessionPostId: string) {
    return call(t.app, party.cookie, 'POST', '/api/reports', {
      userId,
      reason: 'harassment',
      details: '不適切な投稿です',
      groupSessionPostId,
    });
  }

  it('keeps the words of a post whose author the reporter may know', async () => {
    const { mentor, id, first, second } = await session();
    const hers = expectOk(await post(mentor, id, '失礼な投稿'), 201);
    const question = expectOk(await post(first, id, '失礼な質問'), 201);
    expectOk(await report(second, mentor.id, String(hers.id)), 201);
    expectOk(await report(mentor, first.id, String(question.id)), 201);
    const rows = await t.app.ctx.db
      .select()
      .from(userReports)
      .where(eq(userReports.reportedId, first.id));
    expect(rows).toMatchObject([{ reporterId: mentor.id, messageBody: '失礼な質問' }]);
  });

  it('answers not-found for a post whose author is hidden from the reporter, or not the one named', async () => {
    const { mentor, id, first, second } = await session();
    const outsider = await newStudent(t.app);
    const question = expectOk(await post(first, id, '質問'), 201);
    const hers = expectOk(await post(mentor, id, 'お知らせ'), 201);
    // Another student may not learn who asked by trying names.
    expectError(await report(second, first.id, String(question.id)), 404, 'not-found');
    expectError(await report(mentor, second.id, String(question.id)), 404, 'not-found');
    expectError(await report(outsider, mentor.id, String(hers.id)), 404, 'not-found');
  });
});
