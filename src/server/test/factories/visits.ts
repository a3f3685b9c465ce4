import { asc, eq } from 'drizzle-orm';
import type { BookingSettingsInput, OpenSlot } from '../../../shared/schemas/booking';
import { localSlotOf, slotInstant } from '../../../shared/schemas/visit-requests';
import type { App } from '../../app';
import { outbox, mentors, noShowClaims, visitRequests } from '../../db/schema';
import { call, expectOk } from './admins';
import { cookieFor, insertMentor, insertStudent, type MentorSeed } from './mentors';

/** Shared set-up for the API tests of OG訪問 requests. */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A meeting start as the date-time field sends it: "YYYY-MM-DDTHH:mm" in Japan time, on the
 * Japanese calendar day `days` after today, at `hour`:`minute`. Tomorrow at 10:00 is always in
 * the future, whatever the time of the run.
 */
export function jstSlot(days: number, hour = 10, minute = 0): string {
  const today = localSlotOf(new Date()).slice(0, 10);
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.toISOString().slice(0, 10)}T${pad(hour)}:${pad(minute)}`;
}

export interface Party {
  id: string;
  /** The sign-in address: where the site's mail goes. */
  email: string;
  name: string;
  cookie: string;
}

export interface MentorParty extends Party {
  urlParam: string;
  contactEmail: string;
}

export async function newStudent(app: App, name?: string): Promise<Party> {
  const { user, student } = await insertStudent(app, name ? { name } : {});
  return {
    id: user.id,
    email: user.email,
    name: student.name,
    cookie: await cookieFor(app, user.id),
  };
}

/**
 * A listed alumnus whose contact address differs from the sign-in address, so that a test
 * can tell which of the two it sees; `settings` are written after the profile.
 */
export async function newMentor(
  app: App,
  seed: MentorSeed = {},
  settings: Partial<
    Pick<
      typeof mentors.$inferInsert,
      'contactVisibility' | 'acceptingRequests' | 'monthlyRequestLimit'
    >
  > = {},
): Promise<MentorParty> {
  const contactEmail =
    seed.contactEmail ?? `contact-${Math.random().toString(36).slice(2)}@example.net`;
  const { user, mentor } = await insertMentor(app, { ...seed, contactEmail });
  if (Object.keys(settings).length > 0) {
    await app.ctx.db.update(mentors).set(settings).where(eq(mentors.userId, user.id));
  }
  return {
    id: user.id,
    email: user.email,
    name: mentor.name,
    cookie: await cookieFor(app, user.id),
    urlParam: mentor.urlParam,
    contactEmail,
  };
}

/** The whole, valid request form; any field can be overridden. */
export function requestForm(mentorUrlParam: string, overrides: Record<string, unknown> = {}) {
  return {
    mentorUrlParam,
    purpose: 'career_advice',
    message: '商社の仕事についてお話を伺いたいです。',
    preferredSlots: [jstSlot(3), jstSlot(4, 14, 30)],
    meetingFormat: 'online',
    safetyRulesConfirmed: true,
    placeKind: 'online',
    ...overrides,
  };
}

export function sendRequest(
  app: App,
  student: Party,
  mentor: MentorParty,
  overrides: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/visit-requests',
    payload: requestForm(mentor.urlParam, overrides),
    headers: { cookie: student.cookie },
  });
}

/** A request sent through the API; fails the test unless it was created. */
export async function createRequest(
  app: App,
  student: Party,
  mentor: MentorParty,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await sendRequest(app, student, mentor, overrides);
  if (response.statusCode !== 201) throw new Error(`visit request: ${response.body}`);
  return (response.json() as { id: string }).id;
}

export type RequestAction =
  'accept' | 'propose' | 'accept-proposal' | 'decline' | 'cancel' | 'seen';

/** One of the state changes, as the holder of `cookie`. */
export function act(app: App, cookie: string, id: string, action: RequestAction, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/visit-requests/${id}/${action}`,
    payload,
    headers: { cookie },
  });
}

export function viewRequest(app: App, cookie: string, id: string) {
  return app.inject({ method: 'GET', url: `/api/visit-requests/${id}`, headers: { cookie } });
}

/** A visit request written straight into the database, in whatever state the test needs. */
export async function insertRequest(
  app: App,
  studentId: string,
  mentorId: string,
  state: Partial<
    Pick<
      typeof visitRequests.$inferInsert,
      | 'status'
      | 'meetingAt'
      | 'createdAt'
      | 'preferredSlots'
      | 'cancelledBy'
      | 'proposedTime'
      | 'proposedTimes'
      | 'proposedBy'
      | 'proposalCount'
      | 'studentUnseen'
      | 'studentReadAt'
      | 'mentorReadAt'
      | 'cancelledAt'
      | 'meetingFormat'
      | 'meetingPlace'
      | 'meetingUrl'
      | 'respondedAt'
      | 'remindedAt'
      | 'dayBeforeSentAt'
      | 'studentOutcome'
      | 'mentorOutcome'
      | 'thankedAt'
      | 'safeEndAskedAt'
      | 'safeEndConfirmedAt'
      | 'bookedFrom'
      | 'bookedUntil'
      | 'agendaTopics'
      | 'agendaQuestions'
    >
  > = {},
) {
  const [row] = await app.ctx.db
    .insert(visitRequests)
    .values({
      studentId,
      mentorId,
      purpose: 'career_advice',
      message: 'お話を伺いたいです。',
      preferredSlots: [new Date(Date.now() + 3 * DAY_MS)],
      meetingFormat: 'online',
      ...state,
    })
    .returning();
  return row!;
}

/**
 * An agreed visit between a fresh student and a fresh alumna, written straight into the
 * database: at `meetingAt`, in person at a café unless online. Unless told, an evening five
 * days ahead: away from the hours of requestForm's times, so that the student's later requests
 * are not refused as visit/same-hour whatever the time of the run. What an after-the-visit test
 * starts from, and what lets an alumna introduce the student.
 */
export async function agreedVisit(
  app: App,
  {
    meetingAt = slotInstant(jstSlot(5, 19))!,
    meetingFormat = 'in_person',
    studentName,
    mentorName,
  }: {
    meetingAt?: Date;
    meetingFormat?: 'in_person' | 'online';
    studentName?: string;
    mentorName?: string;
  } = {},
) {
  const student = await newStudent(app, studentName);
  const mentor = await newMentor(app, mentorName ? { name: mentorName } : {});
  const request = await insertRequest(app, student.id, mentor.id, {
    status: 'accepted',
    meetingAt,
    preferredSlots: [meetingAt],
    meetingFormat,
    ...(meetingFormat === 'in_person' ? { meetingPlace: '東京駅のカフェ' } : {}),
  });
  return { student, mentor, id: request.id };
}

/**
 * An agreed visit `daysAgo` days back that the alumna recorded as missed by the student, with
 * her claim filed `claimedDaysAgo` days ago (the day after the visit by default) and `claim`'s
 * answer, withdrawal or decision: a claim as time left it, without the mail of a new one.
 */
export async function insertMissedVisit(
  app: App,
  studentId: string,
  mentorId: string,
  daysAgo: number,
  claim: Partial<
    Pick<
      typeof noShowClaims.$inferInsert,
      'answeredAt' | 'answerNote' | 'withdrawnAt' | 'decision' | 'decidedAt'
    >
  > & { claimedDaysAgo?: number } = {},
) {
  const { claimedDaysAgo = daysAgo - 1, ...rest } = claim;
  const request = await insertRequest(app, studentId, mentorId, {
    status: 'accepted',
    meetingAt: new Date(Date.now() - daysAgo * DAY_MS),
    mentorOutcome: rest.withdrawnAt ? 'held' : 'no_show',
  });
  await app.ctx.db.insert(noShowClaims).values({
    visitRequestId: request.id,
    claimantSide: 'mentor',
    createdAt: new Date(Date.now() - claimedDaysAgo * DAY_MS),
    ...rest,
  });
  return request;
}

export async function requestRow(app: App, id: string) {
  const [row] = await app.ctx.db.select().from(visitRequests).where(eq(visitRequests.id, id));
  return row;
}

export function requestsOf(app: App, studentId: string) {
  return app.ctx.db.select().from(visitRequests).where(eq(visitRequests.studentId, studentId));
}

/** Every message queued to `to`, oldest first, whether or not it was sent yet. */
export function mailsTo(app: App, to: string) {
  return app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.createdAt));
}

/** 予約枠 open every day, holidays too, 10:00–12:00 online: she offers slots whatever today is. */
export const EVERY_DAY_WINDOWS: BookingSettingsInput = {
  bookingEnabled: true,
  slotMinutes: 60,
  noticeHours: 48,
  aheadDays: 30,
  bufferMinutes: 0,
  onHolidays: true,
  autoAccept: false,
  rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    kind: 'weekly' as const,
    weekday,
    start: '10:00',
    end: '12:00',
    meetingFormat: 'online' as const,
  })),
};

/**
 * A listed alumna who published her windows through the API: EVERY_DAY_WINDOWS, with any of
 * `settings` over them (自動で承諾, say), so that she has open slots whatever today is.
 */
export async function newPublishingMentor(
  app: App,
  settings: Partial<BookingSettingsInput> = {},
): Promise<MentorParty> {
  const mentor = await newMentor(app);
  expectOk(
    await call(app, mentor.cookie, 'PUT', '/api/mentors/me/booking', {
      ...EVERY_DAY_WINDOWS,
      ...settings,
    }),
  );
  return mentor;
}

/** The alumna's open slots as `viewer` sees them (her page's list); fails the test unless read. */
export async function slotsSeenBy(
  app: App,
  viewer: Pick<Party, 'cookie'>,
  mentor: Pick<MentorParty, 'urlParam'>,
): Promise<OpenSlot[]> {
  const response = await call(app, viewer.cookie, 'GET', `/api/mentors/${mentor.urlParam}/slots`);
  return (expectOk(response) as unknown as { slots: OpenSlot[] }).slots;
}

/** The student books the alumna's slot that starts at `slotStart`, online unless told. */
export function bookSlotOf(
  app: App,
  student: Pick<Party, 'cookie'>,
  mentorUrlParam: string,
  slotStart: string,
  meetingFormat: 'online' | 'in_person' = 'online',
) {
  return app.inject({
    method: 'POST',
    url: '/api/visit-requests/bookings',
    payload: {
      mentorUrlParam,
      slotStart,
      meetingFormat,
      purpose: 'industry_research',
      message: '商社の仕事について伺いたいです。',
      agendaTopics: [],
      agendaQuestions: [],
      safetyRulesConfirmed: true,
    },
    headers: { cookie: student.cookie },
  });
}
