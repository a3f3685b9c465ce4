import { eq } from 'drizzle-orm';
import ical, { type ICalCalendar } from 'ical-generator';
import { VISIT_DURATION_MINUTES } from '../../shared/constants';
import { jaVisits } from '../../shared/messages/ja/visits';
import { jaCalendar } from '../../shared/messages/ja/calendar';
import { paths } from '../../shared/paths';
import { followableMeetingUrl } from '../../shared/schemas/visit-requests';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { randomToken } from '../lib/secrets';
import { agreedVisitsOf, findFeedOwner, findOwnVisit, type CalendarVisit } from './queries';

/**
 * Agreed visits as calendar events (docs/PRODUCT.md §7): one request as a downloaded .ics,
 * and each user's private feed of their visits, which Google Calendar or iOS subscribe to.
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

/** One visit as an event, named for `viewerId`'s side: the other person and how to meet. */
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
  const start = visit.meetingAt!;
  // As on the page: only a URL the site would link, and the host it opens named beside it.
  const url =
    visit.meetingFormat === 'online' && visit.meetingUrl
      ? followableMeetingUrl(visit.meetingUrl)
      : null;
  const where =
    visit.meetingFormat === 'online'
      ? (url?.href ?? jaVisits.visits.formats.online)
      : (visit.meetingPlace ?? jaVisits.visits.formats.in_person);
  calendar.createEvent({
    id: `${visit.id}@${new URL(appOrigin).host}`,
    start,
    end: new Date(start.getTime() + VISIT_DURATION_MINUTES * 60_000),
    stamp: visit.updatedAt,
    summary: t.summary.replace('{{name}}', otherName),
    location: where,
    url: link,
    description: [
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

export function feedUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/calendar/${token}.ics`;
}

/** The user's feed URL, its secret made on first use. */
export async function ownFeedUrl(db: Executor, appOrigin: string, userId: string) {
  const [row] = await db
    .select({ token: users.calendarToken })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not-found');
  if (row.token) return { url: feedUrl(appOrigin, row.token) };
  return regenerateFeedUrl(db, appOrigin, userId);
}

/** A new secret: the old URL stops working at once. */
export async function regenerateFeedUrl(db: Executor, appOrigin: string, userId: string) {
  const token = randomToken();
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
  return { url: feedUrl(appOrigin, token) };
}

/** GET /calendar/<token>.ics: the owner's agreed visits; an unknown token is not-found. */
export async function feedCalendar(db: Executor, appOrigin: string, token: string) {
  const owner = await findFeedOwner(db, token);
  if (!owner) throw new AppError('not-found');
  const since = new Date(Date.now() - FEED_KEEPS_PAST_DAYS * DAY_MS);
  const calendar = newCalendar(jaCalendar.calendar.name);
  calendar.ttl(60 * 60);
  for (const visit of await agreedVisitsOf(db, owner.id, since)) {
    addVisit(calendar, appOrigin, owner.id, visit);
  }
  return calendar.toString();
}
