import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  ICalEventBusyStatus,
  ICalEventStatus,
  ICalEventTransparency,
  type ICalCalendar,
} from 'ical-generator';
import { jaCalendar } from '../../shared/messages/ja/calendar';
import { jaGroupSessions } from '../../shared/messages/ja/group-sessions';
import { jaVisits } from '../../shared/messages/ja/visits';
import { maskContactDetails } from '../../shared/contact-masking';
import { paths } from '../../shared/paths';
import { followableMeetingUrl } from '../../shared/schemas/visit-requests';
import type { Executor } from '../db/client';
import { groupSessions, mentors } from '../db/schema';
import { seatedCount } from '../group-sessions';

/**
 * 座談会 in calendars (issue 58, docs/PRODUCT.md §7c): one as a downloaded .ics, and in the
 * private feed of its alumna and of each student seated in it (a waiting place is no plan yet);
 * in her 予約枠 feed its time is busy. A cancelled one drops out, as a cancelled visit does.
 */

/** Whether `userId` holds a seat in the statement's session. */
function seatedIn(userId: string) {
  return sql<boolean>`exists (select 1 from group_session_places seat where seat.session_id = ${groupSessions.id} and seat.student_id = ${userId} and seat.state = 'seated')`;
}

function sessions(db: Executor) {
  return db
    .select({
      id: groupSessions.id,
      mentorId: groupSessions.mentorId,
      title: groupSessions.title,
      startsAt: groupSessions.startsAt,
      endsAt: groupSessions.endsAt,
      meetingFormat: groupSessions.meetingFormat,
      placeKind: groupSessions.placeKind,
      meetingPlace: groupSessions.meetingPlace,
      meetingUrl: groupSessions.meetingUrl,
      seats: groupSessions.seats,
      seated: seatedCount,
      cancelledAt: groupSessions.cancelledAt,
      mentorName: mentors.name,
      createdAt: groupSessions.createdAt,
    })
    .from(groupSessions)
    .innerJoin(mentors, eq(mentors.userId, groupSessions.mentorId));
}

export type CalendarGroupSession = Awaited<
  ReturnType<ReturnType<typeof sessions>['execute']>
>[number];

/** One 座談会, if `userId` is its alumna or seated in it (only they read its place or URL). */
export async function findOwnGroupSession(db: Executor, userId: string, id: string) {
  const [row] = await sessions(db)
    .where(and(eq(groupSessions.id, id), or(eq(groupSessions.mentorId, userId), seatedIn(userId))))
    .limit(1);
  return row;
}

/** The 座談会 the feed lists from `since` on, soonest first: hers, and those she is seated in. */
export function feedGroupSessionsOf(db: Executor, userId: string, since: Date) {
  return sessions(db)
    .where(
      and(
        isNull(groupSessions.cancelledAt),
        gt(groupSessions.startsAt, since),
        or(eq(groupSessions.mentorId, userId), seatedIn(userId)),
      ),
    )
    .orderBy(asc(groupSessions.startsAt));
}

/** Her 座談会 not cancelled that end after `since`: busy in her 予約枠 feed. */
export function hostedGroupSessionsOf(db: Executor, mentorId: string, since: Date) {
  return db
    .select({
      id: groupSessions.id,
      startsAt: groupSessions.startsAt,
      endsAt: groupSessions.endsAt,
      createdAt: groupSessions.createdAt,
    })
    .from(groupSessions)
    .where(
      and(
        eq(groupSessions.mentorId, mentorId),
        isNull(groupSessions.cancelledAt),
        gt(groupSessions.endsAt, since),
      ),
    )
    .orderBy(asc(groupSessions.startsAt));
}

/** Apart from a visit's event (whose UID is the request's id) by its prefix. */
function uidOf(id: string, appOrigin: string): string {
  return `group-session-${id}@${new URL(appOrigin).host}`;
}

/**
 * One 座談会 as an event, named for `viewerId`'s side: a student reads its title and alumna, the
 * alumna its title and how full it is; both how to join and the link to its page.
 */
export function addGroupSession(
  calendar: ICalCalendar,
  appOrigin: string,
  viewerId: string,
  session: CalendarGroupSession,
) {
  const t = jaCalendar.calendar;
  const host = session.mentorId === viewerId;
  const link = `${appOrigin}${paths.groupSession(session.id)}`;
  // As on the page: only a URL the site would link, and the host it opens named beside it.
  const url =
    session.meetingFormat === 'online' && session.meetingUrl
      ? followableMeetingUrl(session.meetingUrl)
      : null;
  const placeKind = session.placeKind
    ? jaGroupSessions.groupSessions.placeKinds[session.placeKind]
    : null;
  const where =
    session.meetingFormat === 'online'
      ? (url?.href ?? jaVisits.visits.formats.online)
      : (session.meetingPlace ?? placeKind ?? jaVisits.visits.formats.in_person);
  calendar.createEvent({
    id: uidOf(session.id, appOrigin),
    start: session.startsAt,
    end: session.endsAt,
    stamp: session.createdAt,
    status: ICalEventStatus.CONFIRMED,
    summary: host
      ? t.groupHostSummary.replace('{{title}}', session.title)
      : // Her title as a student's page shows it: contact details masked.
        t.groupSummary
          .replace('{{title}}', maskContactDetails(session.title).text)
          .replace('{{name}}', session.mentorName),
    location: where,
    url: link,
    description: [
      ...(host
        ? [
            t.groupSeats
              .replace('{{seated}}', String(session.seated))
              .replace('{{seats}}', String(session.seats)),
          ]
        : []),
      `${t.format}: ${jaVisits.visits.formats[session.meetingFormat]}`,
      `${t.where}: ${where}`,
      ...(url ? [`${t.host}: ${url.host}`] : []),
      '',
      t.groupDetails,
      link,
    ].join('\n'),
  });
}

/** Her 座談会's time as busy in her 予約枠 feed: no title, no names (her visits' feed says them). */
export function addGroupSessionBusy(
  calendar: ICalCalendar,
  appOrigin: string,
  session: Awaited<ReturnType<typeof hostedGroupSessionsOf>>[number],
) {
  const link = `${appOrigin}${paths.groupSession(session.id)}`;
  calendar.createEvent({
    id: `slot-${uidOf(session.id, appOrigin)}`,
    start: session.startsAt,
    end: session.endsAt,
    stamp: session.createdAt,
    summary: jaCalendar.calendar.groupBusy,
    status: ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
    busystatus: ICalEventBusyStatus.BUSY,
    url: link,
    description: [jaCalendar.calendar.groupDetails, link].join('\n'),
  });
}
