import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { DAY_MS, insertRequest, newMentor, newStudent } from '../test/factories/visits';

/**
 * The author of a 訪問記録 chooses whether other students read her name (issue 56): otherwise
 * they read only her 学年 (「記録: 3年の学生」). Her alumna and the admins read it either way,
 * and a change of that choice alone leaves a shared note shared.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const NOTE = {
  jobType: 'sales',
  qa: [{ question: '入社の決め手は何でしたか？', answer: '人の温かさです。' }],
  advice: '業界研究は早めに。',
};

/** A held visit of 山田 花子 with a note the alumna consented to share under her own name. */
async function sharedNote(body: object) {
  const student = await newStudent(t.app, '山田 花子');
  const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
  const meetingAt = new Date(Date.now() - 2 * DAY_MS);
  const request = await insertRequest(t.app, student.id, mentor.id, {
    status: 'accepted',
    meetingAt,
    preferredSlots: [meetingAt],
  });
  const note = expectOk(
    await call(t.app, student.cookie, 'PUT', `/api/visit-requests/${request.id}/note`, body),
  ) as unknown as VisitNote;
  expectOk(await call(t.app, student.cookie, 'POST', `/api/visit-notes/${note.id}/offer`));
  expectOk(
    await call(t.app, mentor.cookie, 'POST', `/api/visit-notes/${note.id}/consent`, {
      showName: true,
    }),
  );
  return { student, mentor, request, note };
}

async function readAs(cookie: string, id: string): Promise<VisitNote> {
  return expectOk(
    await call(t.app, cookie, 'GET', `/api/visit-notes/${id}`),
  ) as unknown as VisitNote;
}

describe('the author’s name on a shared note', () => {
  it('is shown to other students unless she chooses otherwise, as before the choice', async () => {
    const { note } = await sharedNote(NOTE);
    expect(note.authorNamed).toBe(true);
    const reader = await newStudent(t.app);
    const asReader = await readAs(reader.cookie, note.id);
    expect(asReader.author.name).toBe('山田 花子');
    expect(asReader.authorNamed).toBe(true);
  });

  it('is withheld from other students when she chooses, everywhere they read it; her alumna and the admins still read it', async () => {
    const { student, mentor, note } = await sharedNote({ ...NOTE, authorNamed: false });
    const reader = await newStudent(t.app);
    const asReader = await readAs(reader.cookie, note.id);
    expect(asReader.author).toEqual({ name: null, grade: expect.any(String) });
    expect(asReader.authorNamed).toBe(false);
    expect(JSON.stringify(asReader)).not.toContain('山田');
    const found = expectOk(
      await call(t.app, reader.cookie, 'GET', '/api/visit-notes?q=温かさ'),
    ) as unknown as VisitNotePage;
    const listed = found.items.find((item) => item.id === note.id);
    expect(listed?.author.name).toBeNull();
    expect(JSON.stringify(listed)).not.toContain('山田');

    for (const cookie of [student.cookie, mentor.cookie, admin.cookie]) {
      expect((await readAs(cookie, note.id)).author.name).toBe('山田 花子');
    }
  });

  it('may be hidden or shown later without the note going back to the alumna; new words still do', async () => {
    const { student, request, note } = await sharedNote(NOTE);
    const url = `/api/visit-requests/${request.id}/note`;
    const hidden = expectOk(
      await call(t.app, student.cookie, 'PUT', url, { ...NOTE, authorNamed: false }),
    ) as unknown as VisitNote;
    expect(hidden).toMatchObject({ sharing: 'shared', authorNamed: false });
    const reader = await newStudent(t.app);
    expect((await readAs(reader.cookie, note.id)).author.name).toBeNull();

    // A rewrite that does not say keeps her choice; new words go back to the alumna as before.
    const rewritten = expectOk(
      await call(t.app, student.cookie, 'PUT', url, { ...NOTE, advice: '早めに動くこと。' }),
    ) as unknown as VisitNote;
    expect(rewritten).toMatchObject({ sharing: 'offered', authorNamed: false });
  });
});
