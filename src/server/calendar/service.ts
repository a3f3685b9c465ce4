import { eq } from 'drizzle-orm';
import ical, {
  ICalEventBusyStatus,
  ICalEventStatus,
  ICalEventTransparency,
  type ICalCalendar,
} from 'ical-generator';
import { VISIT_DURATION_MINUTES } from '../../shared/constants';
import { jaVisits } from '../../shared/messages/ja/visits';
import { jaCalendar } from '../../shared/messages/ja/calendar';
import { paths } from '../../shared/paths';
import { followableMeetingUrl } from '../../shared/schemas/visit-requests';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { randomToken } from '../lib/secrets';
import { findBooking, openSlotsOf } from '../booking';
import {
  addGroupSession,
  addGroupSessionBusy,
  feedGroupSessionsOf,
  findOwnGroupSession,
  hostedGroupSessionsOf,
} from './group-sessions';
import {
  bookedSlotsOf,
  feedVisitsOf,
  findFeedOwner,
  findOwnVisit,
  type CalendarVisit,
} from './queries';

/**
 * Agreed visits as calendar events (docs/PRODUCT.md §7): one request as a downloaded .ics,
 * and each user's private feed of their visits, which Google Calendar or iOS subscribe to, with
 * the slots their bookings hold while waiting (tentative); and an alumna's second feed on the
 * same secret, her published slots as free time and her booked ones as busy (予約枠).
 * Events are in UTC (the calendar shows them in the reader's zone, Japan time in Japan); the
 * texts are Japanese like the site's mail.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The feed keeps a visit for a while after it took place, as calendars expect. */
const FEED_KEEPS_PAST_DAYS = 30;

function newCalendar(name: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: 'og-connect', product: 'visits', language: 'JA' },
    // No calendar time zone: ical-generator would then write local times without a zone
    // definition; UTC times ("…Z") are read right by every calendar.
  });
}

/**
 * When a visit starts and ends: an agreed visit at its agreed time, a waiting booking at the slot
 * it holds; a booked slot ends with the slot (its length is hers), a time agreed otherwise an
 * hour after it starts.
 */
function spanOf(visit: CalendarVisit): { start: Date; end: Date } {
  const start = (visit.meetingAt ?? visit.bookedFrom)!;
  const slotEnd =
    visit.bookedFrom?.getTime() === start.getTime() && visit.bookedUntil ? visit.bookedUntil : null;
  return { start, end: slotEnd ?? new Date(start.getTime() + VISIT_DURATION_MINUTES * 60_000) };
}

/**
 * One visit as an event, named for `viewerId`'s side: the other person and how to meet. A booking
 * still waiting for her answer is tentative (「【仮予約】」), until it is agreed or let go.
 */
function addVisit(
  calendar: ICalCalendar,
  appOrigin: string,
  viewerId: string,
  visit: CalendarVisit,
) {
  const t = jaCalendar.calendar;
  const studentSide = visit.studentId === viewerId;
  const otherName = (studentSide ? visit.mentorName : visit.studentName) ?? t.withdrawn;
  const link = `${appOrigin}${paths.visitRequest(visit.id)}`;
  const tentative = visit.status === 'pending';
  const { start, end } = spanOf(visit);
  // As on the page: only a URL the site would link, and the host it opens named beside it.
  const url =
    visit.meetingFormat === 'online' && visit.meetingUrl
      ? followableMeetingUrl(visit.meetingUrl)
      : null;
  const where =
    visit.meetingFormat === 'online'
      ? (url?.href ?? jaVisits.visits.formats.online)
      : (visit.meetingPlace ?? jaVisits.visits.formats.in_person);
  const summary = t.summary.replace('{{name}}', otherName);
  calendar.createEvent({
    id: `${visit.id}@${new URL(appOrigin).host}`,
    start,
    end,
    stamp: visit.updatedAt,
    // Said either way: an app that kept the tentative event replaces it with the agreed one.
    status: tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    summary: tentative ? t.tentativeSummary.replace('{{summary}}', summary) : summary,
    location: where,
    url: link,
    description: [
      ...(tentative ? [studentSide ? t.tentativeStudent : t.tentativeMentor, ''] : []),
      `${t.format}: ${jaVisits.visits.formats[visit.meetingFormat]}`,
      `${t.where}: ${where}`,
      ...(url ? [`${t.host}: ${url.host}`] : []),
      '',
      t.details,
      link,
    ].join('\n'),
  });
}

/** GET /api/visit-requests/:id/calendar.ics: an agreed visit, for either of its sides. */
export async function visitCalendar(
  db: Executor,
  appOrigin: string,
  userId: string,
  id: string,
): Promise<string> {
  const visit = await findOwnVisit(db, userId, id);
  if (!visit) throw new AppError('not-found');
  if (visit.status !== 'accepted' || !visit.meetingAt) throw new AppError('visit/not-open');
  const calendar = newCalendar(jaCalendar.calendar.name);
  addVisit(calendar, appOrigin, userId, visit);
  return calendar.toString();
}

/**
 * GET /api/group-sessions/:id/calendar.ics: a 座談会, for its alumna and its seated students
 * (not-found for anyone else, as its place is theirs only); a cancelled one is refused.
 */
export async function groupSessionCalendar(
  db: Executor,
  appOrigin: string,
  userId: string,
  id: string,
): Promise<string> {
  const session = await findOwnGroupSession(db, userId, id);
  if (!session) throw new AppError('not-found');
  if (session.cancelledAt) throw new AppError('group-session/cancelled');
  const calendar = newCalendar(jaCalendar.calendar.name);
  addGroupSession(calendar, appOrigin, userId, session);
  return calendar.toString();
}

/** The user's feed URLs on one secret: the visits, and for an alumna her 予約枠 (else null). */
export interface FeedUrls {
  url: string;
  slotsUrl: string | null;
}

function feedUrls(appOrigin: string, token: string, alumna: boolean): FeedUrls {
  return {
    url: `${appOrigin}/calendar/${token}.ics`,
    slotsUrl: alumna ? `${appOrigin}/calendar/${token}/slots.ics` : null,
  };
}

/** Whether the user keeps an alumna's profile, whose windows a slots feed lists. */
async function keepsSlots(db: Executor, userId: string): Promise<boolean> {
  return (await findBooking(db, userId)) !== undefined;
}

/** The user's feed URLs, their secret made on first use. */
export async function ownFeedUrl(db: Executor, appOrigin: string, userId: string) {
  const [row] = await db
    .select({ token: users.calendarToken })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not-found');
  if (row.token) return feedUrls(appOrigin, row.token, await keepsSlots(db, userId));
  return regenerateFeedUrl(db, appOrigin, userId);
}

/** A new secret: the old URLs stop working at once. */
export async function regenerateFeedUrl(
  db: Executor,
  appOrigin: string,
  userId: string,
): Promise<FeedUrls> {
  const token = randomToken();
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
  return feedUrls(appOrigin, token, await keepsSlots(db, userId));
}

/**
 * GET /calendar/<token>.ics: the owner's agreed visits and waiting bookings, and her 座談会 (hers,
 * or those she is seated in); an unknown token is not-found.
 */
export async function feedCalendar(db: Executor, appOrigin: string, token: string) {
  const owner = await findFeedOwner(db, token);
  if (!owner) throw new AppError('not-found');
  const since = new Date(Date.now() - FEED_KEEPS_PAST_DAYS * DAY_MS);
  const calendar = newCalendar(jaCalendar.calendar.name);
  calendar.ttl(60 * 60);
  for (const visit of await feedVisitsOf(db, owner.id, since)) {
    addVisit(calendar, appOrigin, owner.id, visit);
  }
  for (const session of await feedGroupSessionsOf(db, owner.id, since)) {
    addGroupSession(calendar, appOrigin, owner.id, session);
  }
  return calendar.toString();
}

/**
 * GET /calendar/<token>/slots.ics: an alumna's 予約枠 as free/busy, for her own calendar. Her open
 * slots over her reach (as students see them: none while she is off, paused or at her monthly
 * limit) are free time, 「予約枠（空き）」; the slots bookings hold are busy, agreed or held, and
 * so is the time of her 座談会 (「座談会」, which her open slots already leave out). No
 * names: her visits' feed says who. Not-found for an unknown token or a user with no windows.
 */
export async function slotsCalendar(
  db: Executor,
  appOrigin: string,
  token: string,
  now = new Date(),
) {
  const owner = await findFeedOwner(db, token);
  const booking = owner && (await findBooking(db, owner.id));
  if (!owner || !booking) throw new AppError('not-found');
  const t = jaCalendar.calendar;
  const host = new URL(appOrigin).host;
  const calendar = newCalendar(t.slotsName);
  calendar.ttl(60 * 60);
  for (const slot of await openSlotsOf(db, booking, now)) {
    calendar.createEvent({
      // One slot keeps its event while it stays open; her account's id keeps it apart.
      id: `slot-${owner.id}-${slot.start.getTime()}@${host}`,
      start: slot.start,
      end: slot.end,
      stamp: now,
      summary: t.slotOpen,
      transparency: ICalEventTransparency.TRANSPARENT,
      busystatus: ICalEventBusyStatus.FREE,
      description: [
        t.slotOpenNote,
        `${t.format}: ${slot.formats.map((format) => jaVisits.visits.formats[format]).join('・')}`,
      ].join('\n'),
    });
  }
  const since = new Date(now.getTime() - FEED_KEEPS_PAST_DAYS * DAY_MS);
  for (const held of await bookedSlotsOf(db, owner.id, since)) {
    const tentative = held.status === 'pending';
    const link = `${appOrigin}${paths.visitRequest(held.id)}`;
    calendar.createEvent({
      id: `slot-${held.id}@${host}`,
      start: held.bookedFrom!,
      end: held.bookedUntil!,
      stamp: held.updatedAt,
      summary: tentative ? t.slotHeld : t.slotBooked,
      status: tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: tentative ? ICalEventBusyStatus.TENTATIVE : ICalEventBusyStatus.BUSY,
      url: link,
      description: [t.details, link].join('\n'),
    });
  }
  for (const session of await hostedGroupSessionsOf(db, owner.id, since)) {
    addGroupSessionBusy(calendar, appOrigin, session);
  }
  return calendar.toString();
}
