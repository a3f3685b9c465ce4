import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteReads } from '../db/schema';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import { sharedNoteWith } from '../test/factories/notes';
import { createTestApp, type TestApp } from '../test/app';
import { newMentor, newStudent } from '../test/factories/visits';

/**
 * Which alumnae a student read about (note_reads, for 「あなたへのおすすめ」): opening another's
 * shared note that names its alumna, on its page, and nothing else.
 */

const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (query) => statements.push(query) });
});
afterAll(async () => {
  await t?.close();
});

function open(cookie: string, id: string) {
  return call(t.app, cookie, 'GET', `/api/visit-notes/${id}`);
}

function readsBy(studentId: string) {
  return t.app.ctx.db.select().from(noteReads).where(eq(noteReads.studentId, studentId));
}

function readsAbout(mentorId: string) {
  return t.app.ctx.db.select().from(noteReads).where(eq(noteReads.mentorId, mentorId));
}

describe('opening a 訪問記録', () => {
  it('marks its alumna as read about by the student, once however often she opens it', async () => {
    const mentor = await newMentor(t.app);
    const note = await sharedNoteWith(t.app, mentor, { showName: true });
    const other = await sharedNoteWith(t.app, mentor, { showName: true });
    const student = await newStudent(t.app);
    expectOk(await open(student.cookie, note.id));
    const [first] = await readsBy(student.id);
    expect(first).toMatchObject({ studentId: student.id, mentorId: mentor.id });
    expect(first!.lastReadAt).toEqual(first!.firstReadAt);

    expectOk(await open(student.cookie, note.id));
    expectOk(await open(student.cookie, other.id));
    const again = await readsBy(student.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.firstReadAt).toEqual(first!.firstReadAt);
    expect(again[0]!.lastReadAt.getTime()).toBeGreaterThanOrEqual(first!.lastReadAt.getTime());
  });

  it('costs no statement more than reading it', async () => {
    const mentor = await newMentor(t.app);
    const note = await sharedNoteWith(t.app, mentor, { showName: true });
    const student = await newStudent(t.app);
    const admin = await insertAdmin(t.app);
    const sentBy = async (cookie: string) => {
      expectOk(await open(cookie, note.id));
      statements.length = 0;
      expectOk(await open(cookie, note.id));
      return statements.filter((query) => !/^\s*(begin|commit|rollback)\b/i.test(query));
    };
    // The admin's read writes nothing: the same statements but the mark.
    expect((await sentBy(student.cookie)).length).toBe((await sentBy(admin.cookie)).length);
    expect(await readsBy(student.id)).toHaveLength(1);
  });

  it('is not reading for a list of results, an unnamed note, or her own note', async () => {
    const mentor = await newMentor(t.app);
    const named = await sharedNoteWith(t.app, mentor, { showName: true });
    const unnamed = await sharedNoteWith(t.app, mentor, { showName: false });
    const student = await newStudent(t.app);
    // The search shows each note's first question: choosing one, not reading it.
    const found = expectOk(
      await call(t.app, student.cookie, 'GET', `/api/visit-notes?mentor=${mentor.urlParam}`),
    ) as { items: { id: string }[] };
    expect(found.items.map((item) => item.id)).toContain(named.id);
    // An unnamed note: recommending its alumna for it would tell who she is.
    expectOk(await open(student.cookie, unnamed.id));
    expect(await readsAbout(mentor.id)).toEqual([]);

    // Her own note, shared and named: she visited the alumna, she did not read about her.
    const own = await sharedNoteWith(t.app, mentor, { showName: true, by: student });
    expectOk(await open(student.cookie, own.id));
    expect(await readsAbout(mentor.id)).toEqual([]);
  });

  it('is not reading for the alumna herself or an admin', async () => {
    const mentor = await newMentor(t.app);
    const note = await sharedNoteWith(t.app, mentor, { showName: true });
    const admin = await insertAdmin(t.app);
    expectOk(await open(mentor.cookie, note.id));
    expectOk(await open(admin.cookie, note.id));
    expect(await readsAbout(mentor.id)).toEqual([]);
  });

  it('marks nothing for a note the student may not read', async () => {
    const mentor = await newMentor(t.app);
    const note = await sharedNoteWith(t.app, mentor, { showName: true });
    const admin = await insertAdmin(t.app);
    expectOk(
      await call(t.app, admin.cookie, 'POST', `/api/admin/visit-notes/${note.id}/hide`, {
        reason: '個人が特定できる記述',
      }),
    );
    const student = await newStudent(t.app);
    expect((await open(student.cookie, note.id)).statusCode).toBe(404);
    expect(await readsBy(student.id)).toEqual([]);
  });
});

describe('withdrawal', () => {
  it('takes a student’s reads with her account, and an alumna’s with hers', async () => {
    const mentor = await newMentor(t.app);
    const note = await sharedNoteWith(t.app, mentor, { showName: true });
    const leaving = await newStudent(t.app);
    const staying = await newStudent(t.app);
    expectOk(await open(leaving.cookie, note.id));
    expectOk(await open(staying.cookie, note.id));
    expect(await readsAbout(mentor.id)).toHaveLength(2);

    expectOk(await call(t.app, leaving.cookie, 'DELETE', '/api/users/me'));
    expect(await readsBy(leaving.id)).toEqual([]);
    expect(await readsBy(staying.id)).toHaveLength(1);

    expectOk(await call(t.app, mentor.cookie, 'DELETE', '/api/users/me'));
    expect(await readsAbout(mentor.id)).toEqual([]);
  });
});
