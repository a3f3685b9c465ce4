import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../shared/contact-masking';
import type { GroupSessionThread } from '../../shared/schemas/group-sessions';
import { userReports, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk } from '../test/factories/admins';
import { groupSessionWithStudents } from '../test/factories/group-sessions';
import { mailsTo, newStudent, type Party } from '../test/factories/visits';

/**
 * A 座談会's thread by mail, and its posts reported like any message (issue 58, round 3):
 * posts.ts and safety/service.ts.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function session() {
  const { mentor, id, students } = await groupSessionWithStudents(t.app, 3);
  const [first, second, waiting] = students as [Party, Party, Party];
  return { mentor, id, first, second, waiting };
}

async function post(party: Pick<Party, 'cookie'>, id: string, body: string) {
  return expectOk(
    await call(t.app, party.cookie, 'POST', `/api/group-sessions/${id}/posts`, { body }),
    201,
  );
}

const threadMails = async (party: Party, id: string) =>
  (await mailsTo(t.app, party.email)).filter((mail) => mail.text.includes(`/group-sessions/${id}`));

describe('a 座談会 thread by mail', () => {
  it('mails its alumna’s post to each student holding a place, once, masked, in her language, as her settings say', async () => {
    const { mentor, id, first, second, waiting } = await session();
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, second.id));
    await t.app.ctx.db
      .update(users)
      .set({ mailOptOut: ['messages'] })
      .where(eq(users.id, waiting.id));
    await post(mentor, id, '当日の資料です。質問は mentor@example.com へどうぞ');
    const [ja] = await threadMails(first, id);
    expect(ja!.subject).toBe('【OGコネクト】座談会のスレッドに新しい投稿があります');
    expect(ja!.text).toContain('当日の資料です');
    expect(ja!.text).toContain(MASK);
    expect(ja!.text).not.toContain('example');
    expect(ja!.html).not.toContain('example');
    const [en] = await threadMails(second, id);
    expect(en!.subject).toBe('[OG Connect] A new post in a group session thread');
    // She chose no mail of messages: the bell only.
    expect(await threadMails(waiting, id)).toEqual([]);
    await post(mentor, id, 'もう一つお知らせです。');
    expect(await threadMails(first, id)).toHaveLength(2);
    // Her own post is not mailed to her.
    expect(await threadMails(mentor, id)).toEqual([]);
  });

  it('mails a question to its alumna, naming who asked, masked', async () => {
    const { mentor, id, first } = await session();
    await post(first, id, '当日は 090-1234-5678 に連絡してもいいですか');
    const mails = await threadMails(mentor, id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【OGコネクト】あなたの座談会に質問が届きました');
    expect(mails[0]!.text).toContain(`${first.name}さんから`);
    expect(mails[0]!.text).toContain(MASK);
    expect(mails[0]!.text).not.toContain('5678');
    // The other students are not mailed a question.
    expect(await threadMails(first, id)).toEqual([]);
  });
});

describe('reporting a 座談会 post by itself (POST /api/reports)', () => {
  function report(party: Pick<Party, 'cookie'>, fields: Record<string, unknown>) {
    return call(t.app, party.cookie, 'POST', '/api/reports', {
      reason: 'harassment',
      details: '不適切な質問です',
      ...fields,
    });
  }

  it('lets a student report another’s question without learning who asked; the admins read who and what', async () => {
    const { id, first, second } = await session();
    const question = await post(first, id, '失礼な質問');
    const thread = expectOk(
      await call(t.app, second.cookie, 'GET', `/api/group-sessions/${id}/posts`),
    ) as unknown as GroupSessionThread;
    expect(thread.posts[0]).toMatchObject({ authorId: null, authorName: null });
    const response = await report(second, { groupSessionPostId: question.id });
    const answer = expectOk(response, 201);
    expect(Object.keys(answer)).toEqual(['id']);
    expect(response.body).not.toContain(first.id);
    const [row] = await t.app.ctx.db
      .select()
      .from(userReports)
      .where(eq(userReports.id, String(answer.id)));
    expect(row).toMatchObject({
      reporterId: second.id,
      reportedId: first.id,
      messageBody: '失礼な質問',
    });
    expect(row!.reportedLabel).toContain(first.name);
  });

  it('lets its alumna report a question by itself or by the name she sees; her own post is report/self', async () => {
    const { mentor, id, first, second } = await session();
    const question = await post(first, id, '質問です');
    const hers = await post(mentor, id, 'お知らせ');
    expectOk(await report(mentor, { groupSessionPostId: question.id }), 201);
    expectOk(await report(mentor, { groupSessionPostId: question.id, userId: first.id }), 201);
    expectOk(await report(second, { groupSessionPostId: hers.id }), 201);
    expectError(await report(mentor, { groupSessionPostId: hers.id }), 400, 'report/self');
    expectError(await report(first, { groupSessionPostId: question.id }), 400, 'report/self');
  });

  it('answers not-found to someone not in the thread, and refuses a report that names nothing', async () => {
    const { id, first } = await session();
    const question = await post(first, id, '質問です');
    const outsider = await newStudent(t.app);
    expectError(await report(outsider, { groupSessionPostId: question.id }), 404, 'not-found');
    const blank = await report(outsider, {});
    expectError(blank, 400, 'invalid-argument');
    expect(blank.json()).toMatchObject({
      fieldErrors: { userId: 'validation.reportTargetInvalid' },
    });
    expect(
      await t.app.ctx.db.select().from(userReports).where(eq(userReports.reporterId, outsider.id)),
    ).toEqual([]);
  });
});
