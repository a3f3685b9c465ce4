import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisitNote, VisitNotePage } from '../../shared/schemas/visit-notes';
import { notifications, sessions, visitNotes } from '../db/schema';
import { auditEntries, call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { tokyoDayStart } from '../lib/tokyo-time';
import { createTestApp, type TestApp } from '../test/app';
import { DAY_MS, insertRequest, mailsTo, newMentor, newStudent } from '../test/factories/visits';
import type { MentorParty, Party } from '../test/factories/visits';

/**
 * 訪問記録 (docs/PRODUCT.md §7a): written after a held visit only, private to its author, shared
 * only with the alumna's consent (her name only if she chooses), masked for every other reader,
 * hidden at once when she withdraws consent or an admin hides it.
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
  qa: [
    {
      question: '入社の決め手は何でしたか？',
      answer: '人の温かさです。連絡は taro.og@example.com まで。',
    },
    { question: '若手の裁量は？', answer: '2年目から担当を持てます。' },
  ],
  advice: '業界研究は早めに。電話は 090-1234-5678 でも。',
};

async function heldVisit(
  options: { mentor?: MentorParty; student?: Party; daysAgo?: number } = {},
) {
  const student = options.student ?? (await newStudent(t.app, '山田 花子'));
  const mentor =
    options.mentor ??
    (await newMentor(t.app, {
      name: '佐藤 美咲',
      company: '三菱商事',
      companyReading: 'ミツビシショウジ',
      industry: '商社 - 総合商社',
      jobType: 'sales',
      joinedYear: 2019,
    }));
  const meetingAt = new Date(Date.now() - (options.daysAgo ?? 2) * DAY_MS);
  const request = await insertRequest(t.app, student.id, mentor.id, {
    status: 'accepted',
    meetingAt,
    preferredSlots: [meetingAt],
    agendaQuestions: ['入社の決め手は何でしたか？'],
  });
  return { student, mentor, request };
}

function write(cookie: string, requestId: string, body: object = NOTE) {
  return call(t.app, cookie, 'PUT', `/api/visit-requests/${requestId}/note`, body);
}

function act(cookie: string, id: string, action: string, body?: object) {
  return call(t.app, cookie, 'POST', `/api/visit-notes/${id}/${action}`, body);
}

function read(cookie: string | undefined, id: string) {
  return call(t.app, cookie, 'GET', `/api/visit-notes/${id}`);
}

async function search(cookie: string, query = ''): Promise<VisitNotePage> {
  return expectOk(
    await call(t.app, cookie, 'GET', `/api/visit-notes${query}`),
  ) as unknown as VisitNotePage;
}

/** A held visit with a note its alumna consented to share. */
async function sharedNote(showName: boolean, options: Parameters<typeof heldVisit>[0] = {}) {
  const visit = await heldVisit(options);
  const note = expectOk(
    await write(visit.student.cookie, visit.request.id),
  ) as unknown as VisitNote;
  expectOk(await act(visit.student.cookie, note.id, 'offer'));
  expectOk(await act(visit.mentor.cookie, note.id, 'consent', { showName }));
  return { ...visit, note };
}

describe('writing a note after a held visit', () => {
  it('starts from the visit: company, industry, month, her name and the agenda’s questions', async () => {
    const { student, request } = await heldVisit();
    const answer = expectOk(
      await call(t.app, student.cookie, 'GET', `/api/visit-requests/${request.id}/note`),
    );
    expect(answer).toMatchObject({
      note: null,
      draft: {
        company: '三菱商事',
        industry: '商社 - 総合商社',
        jobType: 'sales',
        mentorName: '佐藤 美咲',
        agendaQuestions: ['入社の決め手は何でしたか？'],
      },
    });
  });

  it('is saved private, read back as written by its author, and editable', async () => {
    const { student, request } = await heldVisit();
    const note = expectOk(await write(student.cookie, request.id)) as unknown as VisitNote;
    expect(note).toMatchObject({
      sharing: 'private',
      company: '三菱商事',
      mine: true,
      masked: false,
      fiscalYear: expect.any(Number),
    });
    // Her own words are not masked to her.
    expect(note.qa[0]!.answer).toContain('taro.og@example.com');
    const edited = expectOk(
      await write(student.cookie, request.id, { ...NOTE, advice: '早めに動くこと。' }),
    ) as unknown as VisitNote;
    expect(edited.id).toBe(note.id);
    expect(edited.advice).toBe('早めに動くこと。');
    expect(
      await t.app.ctx.db.select().from(visitNotes).where(eq(visitNotes.visitRequestId, request.id)),
    ).toHaveLength(1);
  });

  it('is refused before the visit, for a visit not agreed, and after a no-show', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const ahead = new Date(Date.now() + 2 * DAY_MS);
    const future = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: ahead,
      preferredSlots: [ahead],
    });
    const pending = await insertRequest(t.app, student.id, (await newMentor(t.app)).id);
    const past = new Date(Date.now() - DAY_MS);
    const noShow = await insertRequest(t.app, student.id, (await newMentor(t.app)).id, {
      status: 'accepted',
      meetingAt: past,
      preferredSlots: [past],
      mentorOutcome: 'no_show',
    });
    for (const request of [future, pending, noShow]) {
      expectError(await write(student.cookie, request.id), 409, 'note/not-held');
    }
    expect(
      await t.app.ctx.db.select().from(visitNotes).where(eq(visitNotes.authorId, student.id)),
    ).toHaveLength(0);
  });

  it('is only the visit’s student’s: the alumna and anyone else are answered 404', async () => {
    const { mentor, request } = await heldVisit();
    const other = await newStudent(t.app);
    expectError(await write(mentor.cookie, request.id), 404, 'not-found');
    expectError(await write(other.cookie, request.id), 404, 'not-found');
    expectError(
      await call(t.app, other.cookie, 'GET', `/api/visit-requests/${request.id}/note`),
      404,
      'not-found',
    );
  });

  it('refuses bad input with the field’s message and changes nothing', async () => {
    const { student, request } = await heldVisit();
    const cases: [object, Record<string, string>][] = [
      [{ ...NOTE, qa: [], advice: '' }, { _: 'validation.visitNoteEmpty' }],
      [
        { ...NOTE, qa: [{ question: '', answer: '答えだけ' }] },
        { 'qa.0.question': 'validation.visitNoteQuestionRequired' },
      ],
      [{ ...NOTE, qa: [], advice: 'あ'.repeat(3001) }, { advice: 'validation.visitNoteTooLong' }],
      [
        { ...NOTE, qa: [{ question: 'あ'.repeat(1500), answer: 'い'.repeat(1500) }], advice: 'う' },
        { _: 'validation.visitNoteTooLong' },
      ],
      [
        { ...NOTE, qa: Array.from({ length: 11 }, () => ({ question: 'q', answer: 'a' })) },
        { qa: 'validation.visitNoteQaTooMany' },
      ],
      [{ ...NOTE, jobType: 'astronaut' }, { jobType: 'validation.invalidChoice' }],
    ];
    for (const [body, fieldErrors] of cases) {
      const response = await write(student.cookie, request.id, body);
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors, JSON.stringify(body).slice(0, 80)).toMatchObject(
        fieldErrors,
      );
    }
    expect(
      await t.app.ctx.db.select().from(visitNotes).where(eq(visitNotes.visitRequestId, request.id)),
    ).toHaveLength(0);
    // Exactly 3,000 characters in all is accepted.
    expectOk(
      await write(student.cookie, request.id, {
        jobType: null,
        qa: [{ question: 'あ'.repeat(1000), answer: 'い'.repeat(1000) }],
        advice: 'う'.repeat(1000),
      }),
    );
  });

  it('is deleted by its author only', async () => {
    const { student, mentor, request } = await heldVisit();
    const note = expectOk(await write(student.cookie, request.id)) as unknown as VisitNote;
    expectError(
      await call(t.app, mentor.cookie, 'DELETE', `/api/visit-notes/${note.id}`),
      404,
      'not-found',
    );
    expectOk(await call(t.app, student.cookie, 'DELETE', `/api/visit-notes/${note.id}`));
    expectError(await read(student.cookie, note.id), 404, 'not-found');
  });
});

describe('sharing with the alumna’s consent', () => {
  it('a private note is read by nobody else: the alumna, other students and admins get 404', async () => {
    const { student, mentor, request } = await heldVisit();
    const note = expectOk(await write(student.cookie, request.id)) as unknown as VisitNote;
    const other = await newStudent(t.app);
    for (const cookie of [mentor.cookie, other.cookie, admin.cookie, undefined]) {
      const response = await read(cookie, note.id);
      expect(response.statusCode).toBe(cookie ? 404 : 401);
    }
    expect((await search(other.cookie, '?q=三菱')).items.map((n) => n.id)).not.toContain(note.id);
  });

  it('saved and offered again and again: one mail a Japan day and one bell entry, moved up', async () => {
    const { student, mentor, request } = await heldVisit();
    const note = expectOk(await write(student.cookie, request.id)) as unknown as VisitNote;
    expectOk(await act(student.cookie, note.id, 'offer'));
    const bellOf = () =>
      t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, mentor.id));
    const [first] = await bellOf();
    // Twenty more: ten saves of the note she is reading, ten times taken back and offered.
    for (let i = 0; i < 10; i++) {
      expectOk(await write(student.cookie, request.id, { ...NOTE, advice: `${NOTE.advice}${i}` }));
    }
    for (let i = 0; i < 10; i++) {
      expectOk(await act(student.cookie, note.id, 'unshare'));
      expectOk(await act(student.cookie, note.id, 'offer'));
    }
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(1);
    const bell = await bellOf();
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ id: first!.id, kind: 'noteOffered', readAt: null });
    expect(bell[0]!.createdAt.getTime()).toBeGreaterThan(first!.createdAt.getTime());

    // The next Japan day, the next save may mail her again; once read, a new entry is added.
    await t.app.ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, mentor.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(tokyoDayStart(new Date()).getTime() + DAY_MS + 60_000);
      // Her session was last seen by the database's clock: as of the test's, it is not idle.
      await t.app.ctx.db
        .update(sessions)
        .set({ lastSeenAt: new Date() })
        .where(eq(sessions.userId, student.id));
      expectOk(await write(student.cookie, request.id));
      expectOk(await write(student.cookie, request.id));
    } finally {
      vi.useRealTimers();
    }
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(2);
    expect(await bellOf()).toHaveLength(2);
  });

  it('offered: the alumna is told on the bell and by mail, and reads it masked; nobody else yet', async () => {
    const { student, mentor, request } = await heldVisit();
    const note = expectOk(await write(student.cookie, request.id)) as unknown as VisitNote;
    const offered = expectOk(await act(student.cookie, note.id, 'offer')) as unknown as VisitNote;
    expect(offered.sharing).toBe('offered');
    const [bell] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, mentor.id));
    expect(bell).toMatchObject({ kind: 'noteOffered', actorName: '山田 花子' });
    const [mail] = await mailsTo(t.app, mentor.email);
    expect(mail!.subject).toContain('訪問記録の共有について確認');
    // The mail carries no word of the note.
    expect(mail!.text).not.toContain('人の温かさ');
    expect(mail!.text).toContain('/mentor-profile/visit-notes');

    const asHer = expectOk(await read(mentor.cookie, note.id)) as unknown as VisitNote;
    expect(asHer.masked).toBe(true);
    expect(JSON.stringify(asHer)).not.toContain('taro.og@example.com');
    expect(JSON.stringify(asHer)).not.toContain('1234-5678');
    const other = await newStudent(t.app);
    expectError(await read(other.cookie, note.id), 404, 'not-found');
    // Only the author offers; twice is refused.
    expectError(await act(mentor.cookie, note.id, 'offer'), 404, 'not-found');
    expectError(await act(student.cookie, note.id, 'offer'), 409, 'note/not-offerable');
  });

  it('consented without her name: students read it masked under 「{業界}・{入社年}年入社のOG」', async () => {
    const { student, note } = await sharedNote(false);
    const reader = await newStudent(t.app);
    const asReader = expectOk(await read(reader.cookie, note.id)) as unknown as VisitNote;
    expect(asReader).toMatchObject({
      sharing: 'shared',
      showName: false,
      mentor: { name: null, joinedYear: 2019, urlParam: null },
      author: { name: '山田 花子' },
      masked: true,
      mine: false,
      mentorComment: null,
      hidden: null,
    });
    expect(JSON.stringify(asReader)).not.toContain('佐藤');
    expect(JSON.stringify(asReader)).not.toContain('taro.og');
    // The author is told.
    const bells = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(bells.map((b) => b.kind)).toContain('noteConsented');
  });

  // Issue 54's review: 「インスタ handle」 in a note stayed readable to other students, and a note
  // was masked a question, an answer at a time, so a contact split between a question and its
  // answer passed where the form warned (it reads them together).
  it('masks an Instagram handle and a contact split between a question and its answer; search finds neither', async () => {
    const { student, mentor, request } = await heldVisit();
    const note = expectOk(
      await write(student.cookie, request.id, {
        jobType: 'sales',
        qa: [
          { question: '普段使っているSNSは？', answer: 'インスタ hanahana' },
          { question: '連絡先も聞きました。ラインIDは', answer: 'rikorin です' },
        ],
        advice: '就活の情報はインスタ handle で発信しているそうです。',
      }),
    ) as unknown as VisitNote;
    expectOk(await act(student.cookie, note.id, 'offer'));
    expectOk(await act(mentor.cookie, note.id, 'consent', { showName: false }));

    const reader = await newStudent(t.app);
    const asReader = expectOk(await read(reader.cookie, note.id)) as unknown as VisitNote;
    expect(asReader.masked).toBe(true);
    expect(asReader.qa).toEqual([
      { question: '普段使っているSNSは？', answer: 'インスタ ＊＊＊' },
      { question: '連絡先も聞きました。ラインIDは', answer: '＊＊＊ です' },
    ]);
    expect(asReader.advice).toBe('就活の情報はインスタ ＊＊＊ で発信しているそうです。');
    for (const word of ['hanahana', 'rikorin', 'handle']) {
      expect((await search(reader.cookie, `?q=${word}`)).items).toEqual([]);
    }
    // Its author still reads her words as written.
    const asAuthor = expectOk(await read(student.cookie, note.id)) as unknown as VisitNote;
    expect(asAuthor.qa[1]!.answer).toBe('rikorin です');
  });

  it('consented with her name: it names her and links her page; her page counts it', async () => {
    const { mentor, note } = await sharedNote(true);
    const reader = await newStudent(t.app);
    const asReader = expectOk(await read(reader.cookie, note.id)) as unknown as VisitNote;
    expect(asReader.mentor).toMatchObject({ name: '佐藤 美咲', urlParam: mentor.urlParam });
    const detail = expectOk(
      await call(t.app, reader.cookie, 'GET', `/api/mentors/${mentor.urlParam}`),
    );
    expect(detail.sharedNoteCount).toBe(1);
    const hers = await search(reader.cookie, `?mentor=${mentor.urlParam}`);
    expect(hers.items.map((n) => n.id)).toEqual([note.id]);
    expect(hers.total).toBe(1);
    // She changes her mind about her name: the page no longer counts or names her.
    expectOk(await act(mentor.cookie, note.id, 'consent', { showName: false }));
    const again = expectOk(
      await call(t.app, reader.cookie, 'GET', `/api/mentors/${mentor.urlParam}`),
    );
    expect(again.sharedNoteCount).toBe(0);
    expect((await search(reader.cookie, `?mentor=${mentor.urlParam}`)).total).toBe(0);
  });

  it('asked to change: the author reads the comment, edits, offers again; declined stays private', async () => {
    const { student, mentor, request } = await heldVisit();
    const note = expectOk(await write(student.cookie, request.id)) as unknown as VisitNote;
    expectOk(await act(student.cookie, note.id, 'offer'));
    expectError(
      await act(mentor.cookie, note.id, 'request-changes', { comment: '  ' }),
      400,
      'invalid-argument',
    );
    const asked = expectOk(
      await act(mentor.cookie, note.id, 'request-changes', {
        comment: '社名の部分は伏せてください。',
      }),
    ) as unknown as VisitNote;
    expect(asked.sharing).toBe('changes_requested');
    const asAuthor = expectOk(await read(student.cookie, note.id)) as unknown as VisitNote;
    expect(asAuthor.mentorComment).toBe('社名の部分は伏せてください。');
    expect((await mailsTo(t.app, student.email)).map((m) => m.subject).join()).toContain(
      '修正の依頼',
    );
    // She cannot consent to what is being changed.
    expectError(
      await act(mentor.cookie, note.id, 'consent', { showName: true }),
      409,
      'note/not-offered',
    );
    expectOk(await write(student.cookie, request.id, { ...NOTE, advice: '直しました。' }));
    expectOk(await act(student.cookie, note.id, 'offer'));
    const declined = expectOk(await act(mentor.cookie, note.id, 'decline')) as unknown as VisitNote;
    expect(declined.sharing).toBe('declined');
    expectError(await act(student.cookie, note.id, 'offer'), 409, 'note/not-offerable');
    const reader = await newStudent(t.app);
    expectError(await read(reader.cookie, note.id), 404, 'not-found');
  });

  it('withdrawn consent hides it at once, for good', async () => {
    const { student, mentor, note } = await sharedNote(true);
    const reader = await newStudent(t.app);
    expectOk(await read(reader.cookie, note.id));
    expectOk(await act(mentor.cookie, note.id, 'withdraw-consent'));
    expectError(await read(reader.cookie, note.id), 404, 'not-found');
    expect((await search(reader.cookie, '?q=三菱')).items.map((n) => n.id)).not.toContain(note.id);
    expectError(await act(student.cookie, note.id, 'offer'), 409, 'note/not-offerable');
    expectError(await act(mentor.cookie, note.id, 'withdraw-consent'), 409, 'note/not-shared');
  });

  it('an edit of a shared note goes back to her and leaves the list until she consents again', async () => {
    const { student, mentor, request, note } = await sharedNote(false);
    const reader = await newStudent(t.app);
    expectOk(await write(student.cookie, request.id, { ...NOTE, advice: '書き直しました。' }));
    expectError(await read(reader.cookie, note.id), 404, 'not-found');
    expect((await read(mentor.cookie, note.id)).json().sharing).toBe('offered');
    expectOk(await act(mentor.cookie, note.id, 'consent', { showName: false }));
    expect((await read(reader.cookie, note.id)).json().advice).toBe('書き直しました。');
  });

  it('the author may take it back: private again, and the alumna no longer reads it', async () => {
    const { student, mentor, note } = await sharedNote(true);
    expectOk(await act(student.cookie, note.id, 'unshare'));
    expectError(await read(mentor.cookie, note.id), 404, 'not-found');
    const reader = await newStudent(t.app);
    expectError(await read(reader.cookie, note.id), 404, 'not-found');
  });

  it('an alumna acts only on notes offered to her', async () => {
    const { note } = await sharedNote(true);
    const stranger = await newMentor(t.app);
    for (const action of ['consent', 'decline', 'withdraw-consent', 'request-changes']) {
      expectError(
        await act(
          stranger.cookie,
          note.id,
          action,
          action === 'consent'
            ? { showName: true }
            : action === 'request-changes'
              ? { comment: 'x' }
              : undefined,
        ),
        404,
        'not-found',
      );
    }
  });
});

describe('finding what others learned', () => {
  it('finds shared notes by the company’s reading in either kana, words in them, industry, job type and year', async () => {
    // Named: an unnamed note is found by company and job type only by admins (anonymity.test.ts).
    const { note } = await sharedNote(true);
    const reader = await newStudent(t.app);
    for (const query of [
      '?q=みつびし',
      '?q=ミツビシ',
      '?q=三菱',
      '?q=温かさ',
      '?q=総合商社',
      '?industry=商社',
      '?jobType=sales',
      `?year=${note.fiscalYear}`,
    ]) {
      const page = await search(reader.cookie, query);
      expect(
        page.items.map((n) => n.id),
        query,
      ).toContain(note.id);
    }
    for (const query of [
      '?q=トヨタ',
      '?industry=IT・通信',
      '?jobType=engineering',
      `?year=${note.fiscalYear - 5}`,
      '?q=taro',
    ]) {
      const page = await search(reader.cookie, query);
      expect(
        page.items.map((n) => n.id),
        query,
      ).not.toContain(note.id);
    }
  });

  it('is for students and admins: alumni are refused', async () => {
    const mentor = await newMentor(t.app);
    expectError(
      await call(t.app, mentor.cookie, 'GET', '/api/visit-notes'),
      403,
      'permission-denied',
    );
    expectOk(await call(t.app, admin.cookie, 'GET', '/api/visit-notes'));
  });

  it('the alumna sees the notes offered to her and her year’s count', async () => {
    const mentor = await newMentor(t.app, {
      company: '日本郵船',
      industry: '運輸・物流',
      joinedYear: 2015,
    });
    await sharedNote(false, { mentor });
    await sharedNote(true, { mentor });
    const old = await sharedNote(true, { mentor, daysAgo: 400 });
    const waiting = await heldVisit({ mentor });
    const note = expectOk(
      await write(waiting.student.cookie, waiting.request.id),
    ) as unknown as VisitNote;
    const privateOne = await heldVisit({ mentor });
    expectOk(await write(privateOne.student.cookie, privateOne.request.id));
    expectOk(await act(waiting.student.cookie, note.id, 'offer'));
    const mine = expectOk(await call(t.app, mentor.cookie, 'GET', '/api/visit-notes/about-me'));
    expect(mine.lastYearCount).toBe(2);
    expect((mine.items as VisitNote[]).map((n) => n.sharing).sort()).toEqual([
      'offered',
      'shared',
      'shared',
      'shared',
    ]);
    expect((mine.items as VisitNote[]).map((n) => n.id)).toContain(old.note.id);
  });

  it('the student sees her notes and the held visits she has not written about', async () => {
    const { student, request } = await heldVisit();
    const before = expectOk(await call(t.app, student.cookie, 'GET', '/api/visit-notes/mine'));
    expect(before.unwritten).toEqual([
      expect.objectContaining({
        visitRequestId: request.id,
        mentorName: '佐藤 美咲',
        company: '三菱商事',
      }),
    ]);
    expectOk(await write(student.cookie, request.id));
    const after = expectOk(await call(t.app, student.cookie, 'GET', '/api/visit-notes/mine'));
    expect(after.unwritten).toEqual([]);
    expect(after.items).toHaveLength(1);
  });
});

describe('the console keeps it healthy', () => {
  it('hides a shared note with a reason (audited, the author told), and shows it again', async () => {
    const { student, note } = await sharedNote(false);
    const reader = await newStudent(t.app);
    expectError(
      await call(t.app, admin.cookie, 'POST', `/api/admin/visit-notes/${note.id}/hide`, {
        reason: '',
      }),
      400,
      'invalid-argument',
    );
    expectError(
      await call(t.app, reader.cookie, 'POST', `/api/admin/visit-notes/${note.id}/hide`, {
        reason: '個人が特定できるため',
      }),
      403,
      'permission-denied',
    );
    const hidden = expectOk(
      await call(t.app, admin.cookie, 'POST', `/api/admin/visit-notes/${note.id}/hide`, {
        reason: '個人が特定できるため',
      }),
    );
    expect(hidden.hidden).toMatchObject({ reason: '個人が特定できるため' });
    expectError(await read(reader.cookie, note.id), 404, 'not-found');
    const asAuthor = expectOk(await read(student.cookie, note.id)) as unknown as VisitNote;
    expect(asAuthor.hidden?.reason).toBe('個人が特定できるため');
    expect((await auditEntries(t.app, 'admin.visit-note.hide', note.id)).length).toBe(1);
    const bells = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(bells.map((b) => b.kind)).toContain('noteHidden');
    const mail = (await mailsTo(t.app, student.email)).at(-1)!;
    expect(mail.subject).toContain('非表示');
    expect(mail.text).not.toContain('個人が特定できるため');
    const list = expectOk(
      await call(t.app, admin.cookie, 'GET', '/api/admin/visit-notes?state=hidden'),
    );
    expect((list.items as VisitNote[]).map((n) => n.id)).toContain(note.id);
    expectOk(await call(t.app, admin.cookie, 'POST', `/api/admin/visit-notes/${note.id}/restore`));
    expectOk(await read(reader.cookie, note.id));
    expect((await auditEntries(t.app, 'admin.visit-note.restore', note.id)).length).toBe(1);
  });

  it('counts by company and 年度, and exports the consented notes masked, named only where she chose', async () => {
    const named = await sharedNote(true, {
      mentor: await newMentor(t.app, {
        name: '高橋 結衣',
        company: '任天堂',
        industry: 'メーカー - ゲーム',
        joinedYear: 2018,
      }),
    });
    await sharedNote(false, {
      mentor: await newMentor(t.app, {
        name: '伊藤 玲奈',
        company: '任天堂',
        industry: 'メーカー - ゲーム',
        joinedYear: 2016,
      }),
    });
    // Two more of each 入社年 of her industry on the OG list: the unnamed label may say her year
    // (every year of the industry is shared by three, anonymity.ts), but not her company, which
    // only two alumnae share.
    for (const company of ['カプコン', 'セガ']) {
      for (const joinedYear of [2016, 2018]) {
        await newMentor(t.app, { company, industry: 'メーカー - ゲーム', joinedYear });
      }
    }
    const summary = expectOk(
      await call(t.app, admin.cookie, 'GET', '/api/admin/visit-notes/summary'),
    );
    expect(summary.byCompany).toContainEqual({ company: '任天堂', count: 2 });
    expect((summary.byYear as { fiscalYear: number }[]).map((y) => y.fiscalYear)).toContain(
      named.note.fiscalYear,
    );

    const csv = await call(t.app, admin.cookie, 'GET', '/api/admin/export/visit-notes.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body).toContain('高橋 結衣');
    expect(csv.body).not.toContain('伊藤 玲奈');
    expect(csv.body).toContain('メーカー・2016年入社のOG');
    expect(csv.body).not.toContain('taro.og@example.com');
    const md = await call(t.app, admin.cookie, 'GET', '/api/admin/export/visit-notes.md');
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.body).toContain('### 任天堂');
    // The unnamed one's company, which two alumnae share, is withheld in the archive too.
    expect(md.body).toContain('### メーカーの企業');
    expect(md.body).not.toContain('1234-5678');
    expect((await auditEntries(t.app, 'admin.export.visit-notes')).length).toBe(2);
    const student = await newStudent(t.app);
    expect(
      (await call(t.app, student.cookie, 'GET', '/api/admin/export/visit-notes.md')).statusCode,
    ).toBe(403);
  });
});
