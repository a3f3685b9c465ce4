import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../shared/contact-masking';
import type { IntroductionView } from '../../shared/schemas/introductions';
import type { NotificationList } from '../../shared/schemas/notifications';
import { introductions, mentors, userBlocks, users, visitRequests } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import {
  createRequest,
  insertRequest,
  mailsTo,
  newMentor,
  newStudent,
  requestRow,
  sendRequest,
  type MentorParty,
  type Party,
  agreedVisit,
} from '../test/factories/visits';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REASON = '商社志望で、同じゼミの先輩の話を聞きたがっています。';

/** An alumna who met the student (an accepted visit), the student, and the alumna to introduce. */
async function trio() {
  const { student, mentor: introducer } = await agreedVisit(t.app);
  return { student, introducer, introduced: await newMentor(t.app) };
}

function introduce(cookie: string, studentId: string, mentor: MentorParty, reason = REASON) {
  return call(t.app, cookie, 'POST', '/api/introductions', {
    studentId,
    mentorUrlParam: mentor.urlParam,
    reason,
  });
}

async function introduced(cookie: string, studentId: string, mentor: MentorParty) {
  return expectOk(await introduce(cookie, studentId, mentor)).id as string;
}

function answer(mentor: Party, id: string, value: 'opt_in' | 'decline') {
  return call(t.app, mentor.cookie, 'POST', `/api/introductions/${id}/answer`, { answer: value });
}

/** Her monthly request limit. */
async function limitTo(mentor: MentorParty, monthlyRequestLimit: number) {
  await t.app.ctx.db
    .update(mentors)
    .set({ monthlyRequestLimit })
    .where(eq(mentors.userId, mentor.id));
}

function introductionsOf(student: Party) {
  return t.app.ctx.db.select().from(introductions).where(eq(introductions.studentId, student.id));
}

async function bell(party: Party) {
  const response = await call(t.app, party.cookie, 'GET', '/api/notifications');
  return (expectOk(response) as unknown as NotificationList).items;
}

describe('introducing a student', () => {
  it('asks the introduced alumna on the bell and by mail, and tells the student nothing', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const id = await introduced(introducer.cookie, student.id, mentor);

    const entries = await bell(mentor);
    expect(entries[0]).toMatchObject({
      kind: 'introduced',
      actorName: student.name,
      link: `/introductions/${id}`,
    });
    const [mail] = await mailsTo(t.app, mentor.email);
    expect(mail!.subject).toContain('紹介');
    expect(mail!.text).toContain(REASON);
    expect(mail!.text).toContain(`/introductions/${id}`);
    // The student hears of nothing pending, and cannot read it.
    expect(await bell(student)).toEqual([]);
    expect(await mailsTo(t.app, student.email)).toEqual([]);
    expectError(
      await call(t.app, student.cookie, 'GET', `/api/introductions/${id}`),
      404,
      'not-found',
    );
    const view = expectOk(await call(t.app, mentor.cookie, 'GET', `/api/introductions/${id}`));
    expect(view).toMatchObject({ as: 'mentor', status: 'pending', reason: REASON });
  });

  it('lets an alumna introduce only a student she has a visit with', async () => {
    const student = await newStudent(t.app);
    const stranger = await newMentor(t.app);
    const mentor = await newMentor(t.app);
    // A request still pending is no visit.
    await insertRequest(t.app, student.id, stranger.id, { status: 'pending' });
    expectError(await introduce(stranger.cookie, student.id, mentor), 409, 'introduction/no-visit');
    expectError(
      await call(t.app, stranger.cookie, 'GET', `/api/introductions/students/${student.id}`),
      409,
      'introduction/no-visit',
    );
  });

  it('lets an admin introduce any student, named as the seminar office', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const admin = await insertAdmin(t.app);
    const heading = expectOk(
      await call(t.app, admin.cookie, 'GET', `/api/introductions/students/${student.id}`),
    );
    expect(heading).toMatchObject({ id: student.id, name: student.name });
    const id = await introduced(admin.cookie, student.id, mentor);
    const [row] = await t.app.ctx.db.select().from(introductions).where(eq(introductions.id, id));
    expect(row).toMatchObject({ introducerRole: 'admin', introducerName: '' });
    const [mail] = await mailsTo(t.app, mentor.email);
    expect(mail!.text).toContain('ゼミの運営事務局');
  });

  it('is no student’s to make', async () => {
    const { student, introduced: mentor } = await trio();
    const other = await newStudent(t.app);
    expectError(await introduce(other.cookie, student.id, mentor), 403, 'permission-denied');
  });

  it('refuses an alumna who turned introductions off, saying so', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    expectOk(
      await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/introductions', {
        takesIntroductions: false,
      }),
    );
    expect(
      expectOk(await call(t.app, mentor.cookie, 'GET', '/api/mentors/me/introductions')),
    ).toEqual({ takesIntroductions: false });
    expectError(
      await introduce(introducer.cookie, student.id, mentor),
      409,
      'introduction/turned-off',
    );
  });

  it.each(['mentor blocked student', 'student blocked mentor'] as const)(
    'refuses a pair with a block (%s), without naming the block',
    async (direction) => {
      const { student, introducer, introduced: mentor } = await trio();
      const [blockerId, blockedId] =
        direction === 'mentor blocked student' ? [mentor.id, student.id] : [student.id, mentor.id];
      await t.app.ctx.db.insert(userBlocks).values({ blockerId, blockedId });
      expectError(
        await introduce(introducer.cookie, student.id, mentor),
        409,
        'introduction/unavailable',
      );
    },
  );

  it('keeps one pending introduction per student and alumna', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await introduced(introducer.cookie, student.id, mentor);
    const admin = await insertAdmin(t.app);
    expectError(
      await introduce(admin.cookie, student.id, mentor),
      409,
      'introduction/already-pending',
    );
  });

  it('introduces no suspended student, and to no suspended alumna', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, mentor.id));
    expectError(await introduce(introducer.cookie, student.id, mentor), 404, 'not-found');
    const other = await newMentor(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, student.id));
    expectError(await introduce(introducer.cookie, student.id, other), 404, 'not-found');
  });

  it('refuses introducing a student to the introducer herself', async () => {
    const { student, introducer } = await trio();
    expectError(
      await introduce(introducer.cookie, student.id, introducer),
      409,
      'introduction/unavailable',
    );
  });

  it.each(['student blocked introducer', 'introducer blocked student'] as const)(
    'lets no alumna introduce a student with a block between the two (%s)',
    async (direction) => {
      const { student, introducer, introduced: mentor } = await trio();
      const [blockerId, blockedId] =
        direction === 'student blocked introducer'
          ? [student.id, introducer.id]
          : [introducer.id, student.id];
      await t.app.ctx.db.insert(userBlocks).values({ blockerId, blockedId });
      expectError(
        await introduce(introducer.cookie, student.id, mentor),
        409,
        'introduction/unavailable',
      );
      expectError(
        await call(t.app, introducer.cookie, 'GET', `/api/introductions/students/${student.id}`),
        409,
        'introduction/unavailable',
      );
      expect(await bell(mentor)).toEqual([]);
    },
  );

  it('lets no one introduce a student to an alumna with a block between her and the introducer', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: mentor.id, blockedId: introducer.id });
    expectError(
      await introduce(introducer.cookie, student.id, mentor),
      409,
      'introduction/unavailable',
    );
    expect(await bell(mentor)).toEqual([]);
    expect(await mailsTo(t.app, mentor.email)).toEqual([]);
  });

  it('introduces no one to an admin who keeps a profile: she could not answer', async () => {
    const student = await newStudent(t.app);
    const admin = await insertAdmin(t.app);
    const adminWithProfile = await newMentor(t.app, { role: 'admin' });
    expectError(
      await introduce(admin.cookie, student.id, adminWithProfile),
      409,
      'introduction/unavailable',
    );
    expect(await introductionsOf(student)).toEqual([]);
  });

  it('masks contact details in the reason', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const response = await introduce(
      introducer.cookie,
      student.id,
      mentor,
      '連絡は hana@example.com まで',
    );
    const [row] = await t.app.ctx.db
      .select()
      .from(introductions)
      .where(eq(introductions.id, expectOk(response).id as string));
    expect(row!.reason).not.toContain('hana@example.com');
    expect(row!.reason).toContain(MASK);
  });

  it('limits how many introductions an alumna makes a day', async () => {
    const { student, introducer } = await trio();
    for (let i = 0; i < 10; i++) {
      await introduced(introducer.cookie, student.id, await newMentor(t.app));
    }
    expectError(
      await introduce(introducer.cookie, student.id, await newMentor(t.app)),
      429,
      'auth/too-many-requests',
    );
  });
});

describe('answering an introduction', () => {
  it('never tells the student of a decline, and costs the alumna nothing', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await limitTo(mentor, 1);
    const id = await introduced(introducer.cookie, student.id, mentor);
    expect(expectOk(await answer(mentor, id, 'decline'))).toMatchObject({ status: 'declined' });
    expect(await bell(student)).toEqual([]);
    expect(await mailsTo(t.app, student.email)).toEqual([]);
    expectError(
      await call(t.app, student.cookie, 'GET', `/api/introductions/${id}`),
      404,
      'not-found',
    );
    // Her one request of the month is still open to anyone.
    await createRequest(t.app, await newStudent(t.app), mentor);
  });

  it('on opt-in tells the student with the reason, and she asks in one step', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const id = await introduced(introducer.cookie, student.id, mentor);
    expect(expectOk(await answer(mentor, id, 'opt_in'))).toMatchObject({ status: 'opted_in' });

    const [entry] = await bell(student);
    expect(entry).toMatchObject({
      kind: 'introductionOptedIn',
      actorName: mentor.name,
      link: `/introductions/${id}`,
    });
    const [mail] = await mailsTo(t.app, student.email);
    expect(mail!.subject).toContain(`${mentor.name}さんを紹介します`);
    expect(mail!.text).toContain(REASON);
    expect(mail!.text).toContain(`/mentor/${mentor.urlParam}/request?introduction=${id}`);
    const view = expectOk(
      await call(t.app, student.cookie, 'GET', `/api/introductions/${id}`),
    ) as unknown as IntroductionView;
    expect(view).toMatchObject({ as: 'student', reason: REASON, requestId: null });
    expect(view.mentor.urlParam).toBe(mentor.urlParam);

    const requestId = await createRequest(t.app, student, mentor, { introductionId: id });
    expect((await requestRow(t.app, requestId))!.introductionId).toBe(id);
    const after = expectOk(await call(t.app, student.cookie, 'GET', `/api/introductions/${id}`));
    expect(after.requestId).toBe(requestId);
  });

  it('counts an opted-in introduction toward her monthly limit once, not again on the request', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await limitTo(mentor, 2);
    const id = await introduced(introducer.cookie, student.id, mentor);
    // Pending: nothing counted.
    await createRequest(t.app, await newStudent(t.app), mentor);
    expectOk(await answer(mentor, id, 'opt_in'));
    // Two now: the request and the introduction. Another student is refused...
    expectError(
      await sendRequest(t.app, await newStudent(t.app), mentor),
      409,
      'visit/monthly-limit-reached',
    );
    // ...but the introduced student asks from the room the introduction gave.
    await createRequest(t.app, student, mentor, { introductionId: id });
    expectError(
      await sendRequest(t.app, await newStudent(t.app), mentor),
      409,
      'visit/monthly-limit-reached',
    );
  });

  it('counts the introduction, not the request made from it', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await limitTo(mentor, 2);
    const id = await introduced(introducer.cookie, student.id, mentor);
    expectOk(await answer(mentor, id, 'opt_in'));
    await createRequest(t.app, student, mentor, { introductionId: id });
    // One counted so far (the introduction): one more student may ask.
    await createRequest(t.app, await newStudent(t.app), mentor);
  });

  it('lifts her limit for the introduced student, not the student’s own limit of requests waiting', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await limitTo(mentor, 2);
    const id = await introduced(introducer.cookie, student.id, mentor);
    expectOk(await answer(mentor, id, 'opt_in'));
    // Her limit reached: the introduction and another student's request.
    await createRequest(t.app, await newStudent(t.app), mentor);
    // The seminar's default: three requests waiting at once.
    for (let i = 0; i < 3; i++) await createRequest(t.app, student, await newMentor(t.app));
    expectError(
      await sendRequest(t.app, student, mentor, { introductionId: id }),
      409,
      'visit/waiting-limit',
    );
  });

  it('takes a request only from an introduction of hers, opted in, to this student, once', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const id = await introduced(introducer.cookie, student.id, mentor);
    // Still pending.
    expectError(
      await sendRequest(t.app, student, mentor, { introductionId: id }),
      404,
      'not-found',
    );
    expectOk(await answer(mentor, id, 'opt_in'));
    // Another student cannot use it.
    expectError(
      await sendRequest(t.app, await newStudent(t.app), mentor, { introductionId: id }),
      404,
      'not-found',
    );
    const requestId = await createRequest(t.app, student, mentor, { introductionId: id });
    // Withdrawn, the request still used it: one request per introduction.
    await call(t.app, student.cookie, 'POST', `/api/visit-requests/${requestId}/cancel`, {});
    expectError(
      await sendRequest(t.app, student, mentor, { introductionId: id }),
      404,
      'not-found',
    );
  });

  it('is only the introduced alumna’s to answer, once', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const id = await introduced(introducer.cookie, student.id, mentor);
    expectError(await answer(introducer, id, 'opt_in'), 404, 'not-found');
    expectError(await answer(await newMentor(t.app), id, 'opt_in'), 404, 'not-found');
    const [row] = await t.app.ctx.db.select().from(introductions).where(eq(introductions.id, id));
    expect(row!.status).toBe('pending');
    expectOk(await answer(mentor, id, 'decline'));
    expectError(await answer(mentor, id, 'opt_in'), 409, 'introduction/not-pending');
  });

  it('refuses an opt-in once the student blocked the introducer: her name and words would reach the student', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const id = await introduced(introducer.cookie, student.id, mentor);
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: student.id, blockedId: introducer.id });
    expectError(await answer(mentor, id, 'opt_in'), 409, 'introduction/unavailable');
    expect(await bell(student)).toEqual([]);
    expect(await mailsTo(t.app, student.email)).toEqual([]);
  });

  it('refuses an opt-in that would take her past her monthly limit, paused or not; the introduction waits', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    await limitTo(mentor, 1);
    const id = await introduced(introducer.cookie, student.id, mentor);
    await createRequest(t.app, await newStudent(t.app), mentor);
    expectError(await answer(mentor, id, 'opt_in'), 409, 'introduction/monthly-limit');
    await t.app.ctx.db
      .update(mentors)
      .set({ acceptingRequests: false })
      .where(eq(mentors.userId, mentor.id));
    expectError(await answer(mentor, id, 'opt_in'), 409, 'introduction/monthly-limit');
    const [row] = await introductionsOf(student);
    expect(row!.status).toBe('pending');
    expect(await bell(student)).toEqual([]);
    // A decline is still hers to give.
    expectOk(await answer(mentor, id, 'decline'));
  });

  it('lets a request and opt-ins made at once never take her past her limit', async () => {
    const introducer = await newMentor(t.app);
    const mentor = await newMentor(t.app);
    await limitTo(mentor, 1);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const student = await newStudent(t.app);
      await insertRequest(t.app, student.id, introducer.id, { status: 'accepted' });
      ids.push(await introduced(introducer.cookie, student.id, mentor));
    }
    const answers = await Promise.all([
      ...ids.map((id) => answer(mentor, id, 'opt_in')),
      sendRequest(t.app, await newStudent(t.app), mentor),
    ]);
    const passed = answers.filter((a) => a.statusCode < 300);
    expect(passed, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    const optedIn = await t.app.ctx.db
      .select()
      .from(introductions)
      .where(eq(introductions.mentorId, mentor.id));
    const requests = await t.app.ctx.db
      .select()
      .from(visitRequests)
      .where(eq(visitRequests.mentorId, mentor.id));
    expect(optedIn.filter((row) => row.status === 'opted_in').length + requests.length).toBe(1);
  });

  it('refuses an opt-in once a block stands between the two', async () => {
    const { student, introducer, introduced: mentor } = await trio();
    const id = await introduced(introducer.cookie, student.id, mentor);
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: student.id, blockedId: mentor.id });
    expectError(await answer(mentor, id, 'opt_in'), 409, 'introduction/unavailable');
    expect(await bell(student)).toEqual([]);
  });
});
