import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { groupSessionPlaces, groupSessions, notifications, visitNotes } from '../db/schema';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import {
  DAY_MS,
  insertRequest,
  jstSlot,
  mailsTo,
  newMentor,
  newStudent,
  type MentorParty,
  type Party,
} from '../test/factories/visits';

/**
 * 訪問記録 about a 座談会 (issue 58, point 4): each student seated in a held 座談会 whom its
 * alumna did not record 欠席 may keep one note about it, which lives as a visit's note does:
 * private, offered, her consent (with or without her name), an admin's hide, the search. It says
 * it is about a 座談会 and never names the other attendees.
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
  qa: [{ question: '座談会で聞いた入社の決め手は？', answer: 'チームの雰囲気です。' }],
  advice: '座談会は少人数で質問しやすかったです。',
};
const TITLE = '総合商社の一日を語る座談会';

function newHost() {
  return newMentor(t.app, {
    name: '高橋 由美',
    company: '丸紅',
    industry: '商社 - 総合商社',
    jobType: 'sales',
    joinedYear: 2018,
  });
}

async function open(mentor: Pick<MentorParty, 'cookie'>, seats = 2): Promise<string> {
  const body = expectOk(
    await call(t.app, mentor.cookie, 'POST', '/api/group-sessions', {
      title: TITLE,
      topics: ['industry_research'],
      startsAt: jstSlot(6, 14),
      minutes: 60,
      meetingFormat: 'online',
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
      seats,
      audience: { kind: 'all' },
      signUpClosesAt: jstSlot(5, 12),
      safetyRulesConfirmed: true,
    }),
    201,
  );
  return body.id as string;
}

const seat = (student: Party, id: string) =>
  call(t.app, student.cookie, 'POST', `/api/group-sessions/${id}/seat`);

/** Its start moved into the past: it was held (its closing time an hour before that). */
async function held(id: string) {
  const startsAt = new Date(Date.now() - DAY_MS);
  await t.app.ctx.db
    .update(groupSessions)
    .set({
      signUpClosesAt: new Date(startsAt.getTime() - 3_600_000),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    })
    .where(eq(groupSessions.id, id));
}

/** A held 座談会 of a new alumna with two seated students (attendance not recorded). */
async function heldSession() {
  const mentor = await newHost();
  const id = await open(mentor);
  const a = await newStudent(t.app, '青木 さくら');
  const b = await newStudent(t.app, '石田 みのり');
  expectOk(await seat(a, id));
  expectOk(await seat(b, id));
  await held(id);
  return { mentor, id, a, b };
}

const draftOf = (party: Party | MentorParty, id: string) =>
  call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}/note`);
const write = (party: Party | MentorParty, id: string, body: object = NOTE) =>
  call(t.app, party.cookie, 'PUT', `/api/group-sessions/${id}/note`, body);
const act = (party: Party | MentorParty, id: string, action: string, body?: object) =>
  call(t.app, party.cookie, 'POST', `/api/visit-notes/${id}/${action}`, body);

async function search(party: Party, query = ''): Promise<VisitNotePage> {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/visit-notes${query}`),
  ) as unknown as VisitNotePage;
}

async function written(party: Party, id: string): Promise<VisitNote> {
  return expectOk(await write(party, id)) as unknown as VisitNote;
}

describe('a 訪問記録 about a 座談会', () => {
  it('starts from the 座談会: its title, month, the alumna’s company and name', async () => {
    const { id, a } = await heldSession();
    expect(expectOk(await draftOf(a, id))).toMatchObject({
      note: null,
      draft: {
        company: '丸紅',
        industry: '商社 - 総合商社',
        jobType: 'sales',
        mentorName: '高橋 由美',
        agendaQuestions: [],
      },
      groupSession: { id, title: TITLE },
    });
  });

  it('is written private by a seated student, one per student and 座談会, and says it is a 座談会', async () => {
    const { id, a, b } = await heldSession();
    const first = await written(a, id);
    expect(first).toMatchObject({
      sharing: 'private',
      mine: true,
      company: '丸紅',
      visitRequestId: null,
      groupSession: { id, title: TITLE },
    });
    // Written again: the same note, rewritten.
    const again = await written(a, id);
    expect(again.id).toBe(first.id);
    // Another seated student keeps her own; until then it is on her list to write.
    const before = expectOk(await call(t.app, b.cookie, 'GET', '/api/visit-notes/mine'));
    expect(before.unwrittenSessions).toEqual([
      { groupSessionId: id, title: TITLE, mentorName: '高橋 由美', startsAt: expect.any(String) },
    ]);
    expect((await written(b, id)).id).not.toBe(first.id);
    const rows = await t.app.ctx.db
      .select()
      .from(visitNotes)
      .where(eq(visitNotes.groupSessionId, id));
    expect(rows).toHaveLength(2);
    expect(expectOk(await draftOf(a, id))).toMatchObject({ note: { id: first.id } });
    // Her own list has it among her notes, and no longer as unwritten; b's until she wrote.
    const mine = expectOk(await call(t.app, a.cookie, 'GET', '/api/visit-notes/mine'));
    expect((mine.items as VisitNote[]).map((n) => n.id)).toEqual([first.id]);
    expect(mine.unwrittenSessions).toEqual([]);
  });

  it('may be written once her attendance says 参加, and while it is not recorded', async () => {
    const { mentor, id, a, b } = await heldSession();
    const recorded = await call(
      t.app,
      mentor.cookie,
      'PUT',
      `/api/group-sessions/${id}/attendance`,
      {
        attendance: [{ studentId: a.id, attended: true }],
      },
    );
    expect(recorded.statusCode, recorded.body).toBe(204);
    expect((await written(a, id)).sharing).toBe('private');
    expect((await written(b, id)).sharing).toBe('private');
  });

  it('goes to its alumna for consent as a visit’s note does (bell by the 座談会, mail), and is shared', async () => {
    const { mentor, id, a, b } = await heldSession();
    const note = await written(a, id);
    expectOk(await act(a, note.id, 'offer'));
    const [bell] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mentor.id), eq(notifications.kind, 'noteOffered')));
    expect(bell).toMatchObject({ groupSessionId: id, actorName: '青木 さくら' });
    const bellList = expectOk(await call(t.app, mentor.cookie, 'GET', '/api/notifications'));
    expect((bellList.items as { link: string }[])[0]!.link).toBe('/mentor-profile/visit-notes');
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(1);
    const offered = expectOk(await call(t.app, mentor.cookie, 'GET', '/api/visit-notes/about-me'));
    expect((offered.items as VisitNote[]).map((n) => n.id)).toEqual([note.id]);

    expectOk(await act(mentor, note.id, 'consent', { showName: true }));
    const studentBell = expectOk(await call(t.app, a.cookie, 'GET', '/api/notifications'));
    expect((studentBell.items as { kind: string; link: string }[])[0]).toMatchObject({
      kind: 'noteConsented',
      link: `/group-sessions/${id}/note`,
    });
    const reader = await newStudent(t.app);
    const found = await search(reader, `?q=${encodeURIComponent('少人数')}`);
    expect(found.items.map((n) => n.id)).toEqual([note.id]);
    expect(found.items[0]).toMatchObject({
      groupSession: { id, title: TITLE },
      mentor: { name: '高橋 由美' },
    });
    // Never the other attendees: b's name is nowhere in what a reader gets.
    expect(JSON.stringify(found)).not.toContain(b.name);
    expect(
      JSON.stringify(
        expectOk(await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${note.id}`)),
      ),
    ).not.toContain(b.name);
  });

  it('without her name does not say it was a 座談会: the students’ list tells whose were that month (a review found it could name her)', async () => {
    const { mentor, id, a } = await heldSession();
    const note = await written(a, id);
    expectOk(await act(a, note.id, 'offer'));
    expectOk(await act(mentor, note.id, 'consent', { showName: false }));
    const reader = await newStudent(t.app);
    const asReader = expectOk(
      await call(t.app, reader.cookie, 'GET', `/api/visit-notes/${note.id}`),
    ) as unknown as VisitNote;
    expect(asReader.groupSession).toBeNull();
    expect(asReader.mentor.name).toBeNull();
    expect(JSON.stringify(asReader)).not.toContain(TITLE);
  });

  it('shows its title masked to students as its page does, whole to its alumna (a review found it raw)', async () => {
    const { mentor, id, a } = await heldSession();
    await t.app.ctx.db
      .update(groupSessions)
      .set({ title: '連絡は host@example.com まで' })
      .where(eq(groupSessions.id, id));
    const mine = expectOk(await call(t.app, a.cookie, 'GET', '/api/visit-notes/mine'));
    expect(JSON.stringify(mine)).not.toContain('host@example.com');
    expect(JSON.stringify(expectOk(await draftOf(a, id)))).not.toContain('host@example.com');
    const note = await written(a, id);
    expectOk(await act(a, note.id, 'offer'));
    const titleFor = async (party: Party | MentorParty) =>
      (
        expectOk(
          await call(t.app, party.cookie, 'GET', `/api/visit-notes/${note.id}`),
        ) as unknown as VisitNote
      ).groupSession!.title;
    expect(await titleFor(a)).not.toContain('host@example.com');
    expect(await titleFor(mentor)).toBe('連絡は host@example.com まで');
  });

  it('may be declined by its alumna and hidden by an admin, as a visit’s note', async () => {
    const { mentor, id, a, b } = await heldSession();
    const declined = await written(a, id);
    expectOk(await act(a, declined.id, 'offer'));
    expect(expectOk(await act(mentor, declined.id, 'decline'))).toMatchObject({
      sharing: 'declined',
    });
    const shared = await written(b, id);
    expectOk(await act(b, shared.id, 'offer'));
    expectOk(await act(mentor, shared.id, 'consent', { showName: true }));
    const reader = await newStudent(t.app);
    expect(
      (await search(reader, `?q=${encodeURIComponent('少人数')}`)).items.map((n) => n.id),
    ).toContain(shared.id);
    expectOk(
      await call(t.app, admin.cookie, 'POST', `/api/admin/visit-notes/${shared.id}/hide`, {
        reason: '確認のため',
      }),
    );
    expect(
      (await search(reader, `?q=${encodeURIComponent('少人数')}`)).items.map((n) => n.id),
    ).not.toContain(shared.id);
  });
});

describe('who may not write one', () => {
  it('before it is held, or when it was cancelled: 409 note/session-not-held', async () => {
    const mentor = await newHost();
    const id = await open(mentor);
    const a = await newStudent(t.app);
    expectOk(await seat(a, id));
    expectError(await draftOf(a, id), 409, 'note/session-not-held');
    expectError(await write(a, id), 409, 'note/session-not-held');
    const cancelled = await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
      reason: '体調不良のため',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    await held(id);
    expectError(await write(a, id), 409, 'note/session-not-held');
    const mine = expectOk(await call(t.app, a.cookie, 'GET', '/api/visit-notes/mine'));
    expect(mine.unwrittenSessions).toEqual([]);
  });

  it('a student who only waited or who left: 403 note/not-seated', async () => {
    const mentor = await newHost();
    const id = await open(mentor, 2);
    const [a, b, waiting, left] = await Promise.all([
      newStudent(t.app),
      newStudent(t.app),
      newStudent(t.app),
      newStudent(t.app),
    ]);
    expectOk(await seat(left!, id));
    expectOk(await seat(a!, id));
    const gone = await call(t.app, left!.cookie, 'DELETE', `/api/group-sessions/${id}/seat`);
    expect(gone.statusCode, gone.body).toBe(204);
    expectOk(await seat(b!, id));
    expectOk(await seat(waiting!, id));
    await held(id);
    expectError(await write(waiting!, id), 403, 'note/not-seated');
    expectError(await draftOf(waiting!, id), 403, 'note/not-seated');
    expectError(await write(left!, id), 403, 'note/not-seated');
    for (const student of [waiting!, left!]) {
      const mine = expectOk(await call(t.app, student.cookie, 'GET', '/api/visit-notes/mine'));
      expect(mine.unwrittenSessions).toEqual([]);
    }
    expect((await written(a!, id)).sharing).toBe('private');
  });

  it('a student recorded 欠席: 403 note/absent', async () => {
    const { mentor, id, a } = await heldSession();
    await call(t.app, mentor.cookie, 'PUT', `/api/group-sessions/${id}/attendance`, {
      attendance: [{ studentId: a.id, attended: false }],
    });
    expectError(await draftOf(a, id), 403, 'note/absent');
    expectError(await write(a, id), 403, 'note/absent');
    const mine = expectOk(await call(t.app, a.cookie, 'GET', '/api/visit-notes/mine'));
    expect(mine.unwrittenSessions).toEqual([]);
  });

  it('anyone outside it (another student, its alumna, an admin, no such 座談会): 404', async () => {
    const { mentor, id } = await heldSession();
    const outsider = await newStudent(t.app);
    expectError(await draftOf(outsider, id), 404, 'not-found');
    expectError(await write(outsider, id), 404, 'not-found');
    expectError(await write(mentor, id), 404, 'not-found');
    expectError(
      await call(t.app, admin.cookie, 'GET', `/api/group-sessions/${id}/note`),
      404,
      'not-found',
    );
    expectError(await draftOf(outsider, crypto.randomUUID()), 404, 'not-found');
  });
});

describe('its data', () => {
  it('names a visit or a 座談会, never both (the database says so)', async () => {
    const { id, a } = await heldSession();
    const note = await written(a, id);
    const mentor = await newHost();
    const request = await insertRequest(t.app, a.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - DAY_MS),
    });
    await expect(
      t.app.ctx.db
        .update(visitNotes)
        .set({ visitRequestId: request.id })
        .where(eq(visitNotes.id, note.id)),
    ).rejects.toThrow();
    await expect(
      t.app.ctx.db
        .update(visitNotes)
        .set({ groupSessionTitle: null })
        .where(eq(visitNotes.id, note.id)),
    ).rejects.toThrow();
  });

  it('outlives its 座談会 when its alumna leaves, still saying it was one', async () => {
    const { mentor, id, a } = await heldSession();
    const note = await written(a, id);
    expectOk(await act(a, note.id, 'offer'));
    expectOk(await act(mentor, note.id, 'consent', { showName: false }));
    expectOk(await call(t.app, admin.cookie, 'DELETE', `/api/admin/users/${mentor.id}`));
    expect(
      await t.app.ctx.db.select().from(groupSessions).where(eq(groupSessions.id, id)),
    ).toHaveLength(0);
    const mine = expectOk(
      await call(t.app, a.cookie, 'GET', `/api/visit-notes/${note.id}`),
    ) as unknown as VisitNote;
    expect(mine.groupSession).toEqual({ id: null, title: TITLE });
  });

  it('goes with its author’s account, as her other notes do', async () => {
    const { id, a } = await heldSession();
    await written(a, id);
    expectOk(await call(t.app, a.cookie, 'DELETE', '/api/users/me'));
    expect(
      await t.app.ctx.db.select().from(visitNotes).where(eq(visitNotes.groupSessionId, id)),
    ).toHaveLength(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(groupSessionPlaces)
        .where(eq(groupSessionPlaces.studentId, a.id)),
    ).toHaveLength(0);
  });
});
