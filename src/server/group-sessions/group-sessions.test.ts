import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../shared/contact-masking';
import type { GroupSessionList, GroupSessionView } from '../../shared/schemas/group-sessions';
import type { NotificationList } from '../../shared/schemas/notifications';
import { groupSessionPlaces, groupSessions, mentors, userBlocks, users } from '../db/schema';
import { groupSessionForm, openGroupSession } from '../test/factories/group-sessions';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { cookieFor, insertStudent } from '../test/factories/mentors';
import {
  EVERY_DAY_WINDOWS,
  insertMissedVisit,
  insertRequest,
  jstSlot,
  mailsTo,
  newMentor,
  newStudent,
  type MentorParty,
  type Party,
} from '../test/factories/visits';
import { slotInstant } from '../../shared/schemas/visit-requests';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A change answered 204 No Content. */
function done(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(204);
}

const MEET_URL = 'https://meet.google.com/abc-defg-hij';

const form = groupSessionForm;

function open(mentor: Pick<Party, 'cookie'>, overrides: Record<string, unknown> = {}) {
  return openGroupSession(t.app, mentor, overrides);
}

function seat(student: Pick<Party, 'cookie'>, id: string) {
  return call(t.app, student.cookie, 'POST', `/api/group-sessions/${id}/seat`);
}

function leave(student: Pick<Party, 'cookie'>, id: string) {
  return call(t.app, student.cookie, 'DELETE', `/api/group-sessions/${id}/seat`);
}

async function view(party: Pick<Party, 'cookie'>, id: string) {
  return expectOk(
    await call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}`),
  ) as unknown as GroupSessionView;
}

async function list(party: Pick<Party, 'cookie'>, url = '/api/group-sessions') {
  return expectOk(await call(t.app, party.cookie, 'GET', url)) as unknown as GroupSessionList;
}

async function bell(party: Pick<Party, 'cookie'>) {
  return (
    expectOk(
      await call(t.app, party.cookie, 'GET', '/api/notifications'),
    ) as unknown as NotificationList
  ).items;
}

async function studentOf(seed: Parameters<typeof insertStudent>[1] = {}): Promise<Party> {
  const { user, student } = await insertStudent(t.app, seed);
  return {
    id: user.id,
    email: user.email,
    name: student.name,
    cookie: await cookieFor(t.app, user.id),
  };
}

/** Moves its closing time (and, with `started`, its start) into the past. */
async function timePasses(id: string, started = false) {
  const past = new Date(Date.now() - 60_000);
  await t.app.ctx.db
    .update(groupSessions)
    .set(
      started
        ? { signUpClosesAt: new Date(past.getTime() - 3_600_000), startsAt: past }
        : { signUpClosesAt: past },
    )
    .where(eq(groupSessions.id, id));
}

describe('opening a 座談会', () => {
  it('lets an alumna open her own, shown on the list, her page and her own list', async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    const id = await open(mentor);
    const card = (await list(student)).items.find((item) => item.id === id);
    expect(card).toMatchObject({
      title: '商社の仕事を話す座談会',
      mentor: { name: mentor.name, urlParam: mentor.urlParam },
      seats: 3,
      seatsLeft: 3,
      state: 'open',
      meetingFormat: 'online',
      placeKind: null,
      audience: { kind: 'all' },
      mine: { kind: 'none' },
      canJoin: true,
    });
    expect(card!.startsAt).toBe(slotInstant(jstSlot(6, 14))!.toISOString());
    const onHerPage = await list(student, `/api/mentors/${mentor.urlParam}/group-sessions`);
    expect(onHerPage.items.map((item) => item.id)).toEqual([id]);
    const own = await list(mentor, '/api/group-sessions/mine');
    expect(own.items.map((item) => item.id)).toEqual([id]);
    expect(own.items[0]).toMatchObject({ mine: { kind: 'none' }, canJoin: false });
  });

  it('lets an admin open one for an alumna named by her list name, and no one else', async () => {
    const mentor = await newMentor(t.app);
    const admin = await insertAdmin(t.app);
    const id = await open(admin, { mentorUrlParam: mentor.urlParam });
    const [row] = await t.app.ctx.db.select().from(groupSessions).where(eq(groupSessions.id, id));
    expect(row).toMatchObject({ mentorId: mentor.id, createdBy: admin.user.id });
    // Without her name: which alumna?
    const response = await call(t.app, admin.cookie, 'POST', '/api/group-sessions', form());
    expectError(response, 400, 'invalid-argument');
    expect(response.json().fieldErrors).toHaveProperty('mentorUrlParam');
    const student = await newStudent(t.app);
    expectError(
      await call(t.app, student.cookie, 'POST', '/api/group-sessions', form()),
      403,
      'permission-denied',
    );
  });

  it('refuses the form under the shared schema: seats, closing time, meeting hours, place words', async () => {
    const mentor = await newMentor(t.app);
    const refused = async (overrides: Record<string, unknown>, field: string) => {
      const response = await call(
        t.app,
        mentor.cookie,
        'POST',
        '/api/group-sessions',
        form(overrides),
      );
      expectError(response, 400, 'invalid-argument');
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    };
    await refused({ seats: 1 }, 'seats');
    await refused({ seats: 21 }, 'seats');
    await refused({ signUpClosesAt: jstSlot(6, 13, 30) }, 'signUpClosesAt');
    await refused({ startsAt: jstSlot(6, 23) }, 'startsAt');
    await refused({ meetingFormat: 'in_person', meetingUrl: '' }, 'placeKind');
    await refused({ audience: { kind: 'grades', grades: [] } }, 'audience.grades');
    await refused(
      { audience: { kind: 'university', universityId: 'nowhere' } },
      'audience.universityId',
    );
  });

  it('refuses a paused alumna', async () => {
    const mentor = await newMentor(t.app, {}, { acceptingRequests: false });
    expectError(
      await call(t.app, mentor.cookie, 'POST', '/api/group-sessions', form()),
      409,
      'visit/not-accepting',
    );
  });

  it('refuses a time that overlaps her agreed visit or another 座談会 of hers', async () => {
    const mentor = await newMentor(t.app);
    const student = await newStudent(t.app);
    await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: slotInstant(jstSlot(7, 14, 30))!,
    });
    expectError(
      await call(
        t.app,
        mentor.cookie,
        'POST',
        '/api/group-sessions',
        form({ startsAt: jstSlot(7, 14), signUpClosesAt: jstSlot(6, 12) }),
      ),
      409,
      'group-session/same-time',
    );
    await open(mentor, { startsAt: jstSlot(8, 14), signUpClosesAt: jstSlot(7, 12), minutes: 90 });
    expectError(
      await call(
        t.app,
        mentor.cookie,
        'POST',
        '/api/group-sessions',
        form({ startsAt: jstSlot(8, 15), signUpClosesAt: jstSlot(7, 12) }),
      ),
      409,
      'group-session/same-time',
    );
    // Right after it ends is free.
    await open(mentor, { startsAt: jstSlot(8, 15, 30), signUpClosesAt: jstSlot(7, 12) });
  });

  it('blocks her open booking slots at its time, and frees them when cancelled', async () => {
    const mentor = await newMentor(t.app);
    expectOk(await call(t.app, mentor.cookie, 'PUT', '/api/mentors/me/booking', EVERY_DAY_WINDOWS));
    const slots = async () =>
      (
        expectOk(
          await call(t.app, mentor.cookie, 'GET', `/api/mentors/${mentor.urlParam}/slots`),
        ) as {
          slots: { start: string }[];
        }
      ).slots.map((slot) => slot.start);
    const at = slotInstant(jstSlot(5, 10))!.toISOString();
    expect(await slots()).toContain(at);
    const id = await open(mentor, { startsAt: jstSlot(5, 10), signUpClosesAt: jstSlot(4, 12) });
    expect(await slots()).not.toContain(at);
    done(
      await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
        reason: '急な出張',
      }),
    );
    expect(await slots()).toContain(at);
  });
});

describe('taking and leaving a seat', () => {
  it('seats students until full, then puts them on the waiting list in order', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const students = await Promise.all([1, 2, 3, 4].map(() => newStudent(t.app)));
    const places = [];
    for (const student of students) places.push(expectOk(await seat(student, id)).mine);
    expect(places).toEqual([
      { kind: 'seated' },
      { kind: 'seated' },
      { kind: 'waiting', position: 1 },
      { kind: 'waiting', position: 2 },
    ]);
    const last = await view(students[3]!, id);
    expect(last).toMatchObject({
      state: 'full',
      seatsLeft: 0,
      waitingCount: 2,
      mine: { kind: 'waiting', position: 2 },
      canJoin: false,
    });
    expectError(await seat(students[0]!, id), 409, 'group-session/already-joined');
    expectError(await seat(students[3]!, id), 409, 'group-session/already-joined');
  });

  it('moves the first waiting up when a seat frees, in the same step, and tells her once', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => newStudent(t.app)));
    for (const student of [a!, b!, c!, d!]) await seat(student, id);
    done(await leave(a!, id));
    expect((await view(c!, id)).mine).toEqual({ kind: 'seated' });
    expect((await view(d!, id)).mine).toEqual({ kind: 'waiting', position: 1 });
    expect((await view(a!, id)).mine).toEqual({ kind: 'none' });
    const entries = await bell(c!);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'groupSessionSeatGiven',
      actorName: mentor.name,
      link: `/group-sessions/${id}`,
    });
    const mails = await mailsTo(t.app, c!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('座談会');
    expect(mails[0]!.text).toContain(`/group-sessions/${id}`);
    expect(await bell(d!)).toEqual([]);
    // Leaving the waiting list moves nobody and tells nobody.
    done(await leave(d!, id));
    expect((await view(mentor, id)).attendees!.map((x) => x.studentId)).toEqual([
      // By seat: she was given the seat that freed, the first.
      c!.id,
      b!.id,
    ]);
    // Left, she may come back: to the end of the list.
    expectOk(await seat(a!, id));
    expect((await view(a!, id)).mine).toEqual({ kind: 'waiting', position: 1 });
    expectError(await leave(d!, id), 409, 'group-session/not-joined');
  });

  it('writes the mail of a seat given in the language the student chose', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => newStudent(t.app)));
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, c!.id));
    for (const student of [a!, b!, c!]) await seat(student, id);
    done(await leave(b!, id));
    const [mail] = await mailsTo(t.app, c!.email);
    expect(mail!.subject).toBe(
      '[OG Connect] You have a seat in the group session (from the waiting list)',
    );
    expect(mail!.text).toContain('JST');
  });

  it('keeps the waiting order strict after someone in the middle leaves', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const party = await Promise.all([1, 2, 3, 4, 5].map(() => newStudent(t.app)));
    for (const student of party) await seat(student, id);
    done(await leave(party[3]!, id));
    expect((await view(party[2]!, id)).mine).toEqual({ kind: 'waiting', position: 1 });
    expect((await view(party[4]!, id)).mine).toEqual({ kind: 'waiting', position: 2 });
    const host = await view(mentor, id);
    expect(host.attendees!.map((x) => [x.studentId, x.place])).toEqual([
      [party[0]!.id, { kind: 'seated' }],
      [party[1]!.id, { kind: 'seated' }],
      [party[2]!.id, { kind: 'waiting', position: 1 }],
      [party[4]!.id, { kind: 'waiting', position: 2 }],
    ]);
  });

  it('refuses a seat and a leave once sign-up closed, and on a held one', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor);
    const [a, b] = await Promise.all([newStudent(t.app), newStudent(t.app)]);
    await seat(a!, id);
    await timePasses(id);
    expectError(await seat(b!, id), 409, 'group-session/closed');
    expectError(await leave(a!, id), 409, 'group-session/closed');
    expect((await view(b!, id)).state).toBe('closed');
    await timePasses(id, true);
    expectError(await seat(b!, id), 409, 'group-session/closed');
    expect((await view(a!, id)).state).toBe('held');
    // Held: not on the list any more, still on hers.
    expect((await list(b!)).items.map((item) => item.id)).not.toContain(id);
    expect((await list(a!, '/api/group-sessions/mine')).items.map((item) => item.id)).toContain(id);
  });

  it('refuses anyone but a student, a block either way, and the no-show stop', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor);
    expectError(await seat(mentor, id), 403, 'visit/students-only');
    const admin = await insertAdmin(t.app);
    expectError(await seat(admin, id), 403, 'visit/students-only');

    const blockedByHer = await newStudent(t.app);
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: mentor.id, blockedId: blockedByHer.id });
    expectError(await seat(blockedByHer, id), 403, 'visit/blocked');
    const blockingHer = await newStudent(t.app);
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: blockingHer.id, blockedId: mentor.id });
    expectError(await seat(blockingHer, id), 403, 'visit/blocked');
    expect((await view(blockingHer, id)).canJoin).toBe(false);

    const missing = await newStudent(t.app);
    const other = await newMentor(t.app);
    await insertMissedVisit(t.app, missing.id, other.id, 20);
    await insertMissedVisit(t.app, missing.id, other.id, 30);
    expectError(await seat(missing, id), 403, 'visit/no-show-limit');
    expect(
      await t.app.ctx.db
        .select()
        .from(groupSessionPlaces)
        .where(eq(groupSessionPlaces.sessionId, id)),
    ).toEqual([]);
  });
});

describe('who it is for', () => {
  it('shows a year-restricted one only to that year: 404 on its page, 403 on a seat', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { audience: { kind: 'grades', grades: ['1年', '2年'] } });
    const first = await studentOf({ grade: '1年' });
    const third = await studentOf({ grade: '3年' });
    expect((await list(first)).items.map((item) => item.id)).toContain(id);
    expect((await list(third)).items.map((item) => item.id)).not.toContain(id);
    expect((await list(third, `/api/mentors/${mentor.urlParam}/group-sessions`)).items).toEqual([]);
    expectError(
      await call(t.app, third.cookie, 'GET', `/api/group-sessions/${id}`),
      404,
      'not-found',
    );
    expectError(await seat(third, id), 403, 'group-session/not-for-you');
    expectOk(await seat(first, id));
  });

  it('shows a university-restricted one only to its students', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { audience: { kind: 'university', universityId: 'kyoto-u' } });
    const kyoto = await studentOf({
      universityId: 'kyoto-u',
      email: `gs-${Date.now()}@st.kyoto-u.ac.jp`,
    });
    const waseda = await studentOf({});
    const card = (await list(kyoto)).items.find((item) => item.id === id);
    expect(card?.audience).toMatchObject({ kind: 'university', universityId: 'kyoto-u' });
    expect((await list(waseda)).items.map((item) => item.id)).not.toContain(id);
    expectError(await seat(waseda, id), 403, 'group-session/not-for-you');
    expectOk(await seat(kyoto, id));
  });

  it('narrows the list by industry and by company', async () => {
    const mentor = await newMentor(t.app);
    await t.app.ctx.db
      .update(mentors)
      .set({ industry: '商社 - 総合商社', company: '株式会社ザ座談会物産' })
      .where(eq(mentors.userId, mentor.id));
    const id = await open(mentor);
    const student = await newStudent(t.app);
    const ids = async (query: string) =>
      (await list(student, `/api/group-sessions?${query}`)).items.map((item) => item.id);
    expect(await ids(`industry=${encodeURIComponent('商社')}`)).toContain(id);
    expect(await ids(`industry=${encodeURIComponent('IT・通信')}`)).not.toContain(id);
    expect(await ids(`company=${encodeURIComponent('ザ座談会物産')}`)).toEqual([id]);
  });
});

describe('privacy', () => {
  it('never shows a student who else comes; the place and URL only once seated', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const [a, b, c] = await Promise.all([
      newStudent(t.app, '座談 一子'),
      newStudent(t.app, '座談 二子'),
      newStudent(t.app, '座談 三子'),
    ]);
    await seat(a!, id);
    await seat(b!, id);
    await seat(c!, id);
    for (const [student, others] of [
      [a!, [b!, c!]],
      [c!, [a!, b!]],
    ] as const) {
      const response = await call(t.app, student.cookie, 'GET', `/api/group-sessions/${id}`);
      const json = response.body;
      const seen = response.json() as GroupSessionView;
      expect(seen.attendees).toBeNull();
      expect(seen.as).toBe('student');
      for (const other of others) {
        expect(json).not.toContain(other.name);
        expect(json).not.toContain(other.id);
      }
      for (const url of ['/api/group-sessions', '/api/group-sessions/mine']) {
        const body = (await call(t.app, student.cookie, 'GET', url)).body;
        for (const other of others) expect(body).not.toContain(other.name);
      }
    }
    expect((await view(a!, id)).meetingUrl).toBe(MEET_URL);
    expect((await view(c!, id)).meetingUrl).toBeNull();
    const stranger = await newStudent(t.app);
    expect(await view(stranger, id)).toMatchObject({
      meetingUrl: null,
      meetingPlace: null,
      attendees: null,
    });

    const host = await view(mentor, id);
    expect(host.as).toBe('host');
    expect(host.attendees!.map((x) => x.name)).toEqual([a!.name, b!.name, c!.name]);
    const admin = await insertAdmin(t.app);
    const seenByAdmin = await view(admin, id);
    expect(seenByAdmin.as).toBe('admin');
    expect(seenByAdmin.attendees).toHaveLength(3);
  });

  it('shows the place words only to seated students of an in-person one', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, {
      meetingFormat: 'in_person',
      meetingUrl: '',
      placeKind: 'university',
      meetingPlace: '早稲田キャンパス 8号館',
    });
    const [seated, outside] = await Promise.all([newStudent(t.app), newStudent(t.app)]);
    await seat(seated!, id);
    expect(await view(seated!, id)).toMatchObject({
      placeKind: 'university',
      meetingPlace: '早稲田キャンパス 8号館',
    });
    expect(await view(outside!, id)).toMatchObject({ placeKind: 'university', meetingPlace: null });
  });

  it('masks contact details in the title and description as students read them', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, {
      title: '連絡は hanako@example.com まで',
      description: '当日は 090-1234-5678 に電話してください。',
    });
    const student = await newStudent(t.app);
    const seen = await view(student, id);
    expect(seen.title).toContain(MASK);
    expect(seen.title).not.toContain('hanako@example.com');
    expect(seen.description).not.toContain('090-1234-5678');
    const card = (await list(student)).items.find((item) => item.id === id)!;
    expect(card.title).not.toContain('hanako@example.com');
    // Her own words, to her.
    expect((await view(mentor, id)).title).toContain('hanako@example.com');
  });

  it('masks the cancellation reason for students, as its mail does', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const party = await Promise.all([1, 2, 3].map(() => newStudent(t.app)));
    for (const student of party) await seat(student, id);
    done(
      await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
        reason: '続きは LINE: hana0101 か hanako@example.com で',
      }),
    );
    const seen = await view(party[0]!, id);
    expect(seen.cancelledReason).toContain(MASK);
    expect(seen.cancelledReason).not.toContain('hanako@example.com');
    expect(seen.cancelledReason).not.toContain('hana0101');
    expect((await view(mentor, id)).cancelledReason).toContain('hanako@example.com');
  });
});

describe('cancelling', () => {
  it('tells everyone seated or waiting once, with the reason; only its alumna or an admin may', async () => {
    const mentor: MentorParty = await newMentor(t.app);
    const id = await open(mentor, { seats: 2 });
    const party = await Promise.all([1, 2, 3].map(() => newStudent(t.app)));
    for (const student of party) await seat(student, id);
    const left = await newStudent(t.app);
    await seat(left, id);
    await leave(left, id);

    const other = await newMentor(t.app);
    expectError(
      await call(t.app, other.cookie, 'POST', `/api/group-sessions/${id}/cancel`, { reason: 'x' }),
      404,
      'not-found',
    );
    expectError(
      await call(t.app, party[0]!.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
        reason: 'x',
      }),
      403,
      'permission-denied',
    );
    done(
      await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
        reason: '急な出張が入りました',
      }),
    );
    for (const student of party) {
      const entries = (await bell(student)).filter((e) => e.kind === 'groupSessionCancelled');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorName: mentor.name, link: `/group-sessions/${id}` });
      const mails = (await mailsTo(t.app, student.email)).filter((m) => m.subject.includes('中止'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('急な出張が入りました');
    }
    expect(await bell(left)).toEqual([]);
    const seen = await view(party[0]!, id);
    expect(seen).toMatchObject({
      state: 'cancelled',
      cancelledReason: '急な出張が入りました',
      canJoin: false,
    });
    expectError(await seat(await newStudent(t.app), id), 409, 'group-session/cancelled');
    expectError(await leave(party[0]!, id), 409, 'group-session/cancelled');
    expectError(
      await call(t.app, mentor.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
        reason: 'again',
      }),
      409,
      'group-session/cancelled',
    );
    expect((await list(party[0]!)).items.map((item) => item.id)).not.toContain(id);
  });

  it('lets an admin cancel one', async () => {
    const mentor = await newMentor(t.app);
    const id = await open(mentor);
    const admin = await insertAdmin(t.app);
    done(
      await call(t.app, admin.cookie, 'POST', `/api/group-sessions/${id}/cancel`, {
        reason: '運営の都合',
      }),
    );
    const [row] = await t.app.ctx.db.select().from(groupSessions).where(eq(groupSessions.id, id));
    expect(row).toMatchObject({ cancelledBy: admin.user.id, cancelledReason: '運営の都合' });
  });
});
