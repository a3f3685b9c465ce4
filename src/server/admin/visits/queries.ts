import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  RECENT_VISIT_DAYS,
  type AdminVisit,
  type VisitScheduleTab,
} from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { cursorTimeOf, decodeCursor, toPage } from '../../db/paging';
import { mentors, students, visitRequests } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The agreed visits of one tab: upcoming (time ahead, soonest first) or recent (time within the
 * last RECENT_VISIT_DAYS, newest first). Only what the seminar needs to know a visit is safe:
 * never the message, the thread, the meeting URL or place.
 */
function selectVisits(db: Executor) {
  return db
    .select({
      id: visitRequests.id,
      cursorTime: cursorTimeOf(visitRequests.meetingAt),
      meetingAt: visitRequests.meetingAt,
      studentName: students.name,
      mentorName: mentors.name,
      meetingFormat: visitRequests.meetingFormat,
      placeKind: visitRequests.placeKind,
      placeOther: visitRequests.placeOther,
      studentRulesConfirmedAt: visitRequests.studentRulesConfirmedAt,
      mentorRulesConfirmedAt: visitRequests.mentorRulesConfirmedAt,
      safeEndAskedAt: visitRequests.safeEndAskedAt,
      safeEndConfirmedAt: visitRequests.safeEndConfirmedAt,
    })
    .from(visitRequests)
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId));
}

type VisitRow = Awaited<ReturnType<typeof selectVisits>>[number];

function tabConditions(tab: VisitScheduleTab, now: Date): SQL[] {
  const agreed = eq(visitRequests.status, 'accepted');
  if (tab === 'upcoming') return [agreed, gt(visitRequests.meetingAt, now)];
  const since = new Date(now.getTime() - RECENT_VISIT_DAYS * DAY_MS);
  return [agreed, lte(visitRequests.meetingAt, now), gt(visitRequests.meetingAt, since)];
}

/** Past the cursor in the tab's order (an unreadable cursor starts from the top). */
function afterCursor(tab: VisitScheduleTab, cursor: string | undefined): SQL | undefined {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (!after) return undefined;
  const key = sql`(${visitRequests.meetingAt}, ${visitRequests.id})`;
  const last = sql`(${after.time}::timestamptz, ${after.id}::uuid)`;
  return tab === 'upcoming' ? sql`${key} > ${last}` : sql`${key} < ${last}`;
}

function orderOf(tab: VisitScheduleTab) {
  return tab === 'upcoming'
    ? [asc(visitRequests.meetingAt), asc(visitRequests.id)]
    : [desc(visitRequests.meetingAt), desc(visitRequests.id)];
}

function toAdminVisit(row: VisitRow): AdminVisit {
  return {
    // The tab's conditions hold meetingAt to a time.
    meetingAt: row.meetingAt!,
    studentName: row.studentName,
    mentorName: row.mentorName,
    meetingFormat: row.meetingFormat,
    placeKind: row.placeKind,
    placeOther: row.placeKind === 'other' ? row.placeOther : null,
    studentRulesConfirmedAt: row.studentRulesConfirmedAt,
    mentorRulesConfirmedAt: row.mentorRulesConfirmedAt,
    safeEndAskedAt: row.safeEndAskedAt,
    safeEndConfirmedAt: row.safeEndConfirmedAt,
  };
}

/** One page of a tab; the cursor is the page's last (meetingAt, id). */
export async function listVisitPage(
  db: Executor,
  tab: VisitScheduleTab,
  cursor: string | undefined,
  now: Date,
): Promise<{ visits: AdminVisit[]; nextCursor: string | null }> {
  const conditions = tabConditions(tab, now);
  const after = afterCursor(tab, cursor);
  if (after) conditions.push(after);
  const rows = await selectVisits(db)
    .where(and(...conditions))
    .orderBy(...orderOf(tab))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({ time: row.cursorTime, id: row.id }));
  return { visits: page.items.map(toAdminVisit), nextCursor: page.nextCursor };
}

/** Every visit of a tab, in its order: for the CSV. */
export async function listAllVisits(
  db: Executor,
  tab: VisitScheduleTab,
  now: Date,
): Promise<AdminVisit[]> {
  const rows = await selectVisits(db)
    .where(and(...tabConditions(tab, now)))
    .orderBy(...orderOf(tab));
  return rows.map(toAdminVisit);
}
