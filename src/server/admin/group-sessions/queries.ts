import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import type {
  AdminGroupSession,
  GroupSessionTab,
} from '../../../shared/schemas/admin-group-sessions';
import type { Executor } from '../../db/client';
import { cursorTimeOf, decodeCursor, toPage } from '../../db/paging';
import { groupSessions, mentors } from '../../db/schema';
import { seatedCount, waitingCount } from '../../group-sessions';

/** A count over the session's places, in the statement that reads the session. */
function placesWhere(condition: string) {
  return sql<number>`(select count(*)::int from group_session_places p where p.session_id = ${groupSessions.id} and ${sql.raw(condition)})`;
}

/**
 * The 座談会 of one tab with their counts: seats taken, places waiting, and of the seated, who
 * the alumna recorded as 参加 or 欠席 and who not yet. Cancelled ones stay in their tab.
 */
function selectSessions(db: Executor) {
  return db
    .select({
      id: groupSessions.id,
      cursorTime: cursorTimeOf(groupSessions.startsAt),
      title: groupSessions.title,
      mentorName: mentors.name,
      mentorUrlParam: mentors.urlParam,
      startsAt: groupSessions.startsAt,
      endsAt: groupSessions.endsAt,
      meetingFormat: groupSessions.meetingFormat,
      seats: groupSessions.seats,
      seated: seatedCount,
      waiting: waitingCount,
      attended: placesWhere(`p.state = 'seated' and p.attended is true`),
      absent: placesWhere(`p.state = 'seated' and p.attended is false`),
      unrecorded: placesWhere(`p.state = 'seated' and p.attended is null`),
      cancelledAt: groupSessions.cancelledAt,
      cancelledReason: groupSessions.cancelledReason,
    })
    .from(groupSessions)
    .innerJoin(mentors, eq(mentors.userId, groupSessions.mentorId));
}

type SessionRow = Awaited<ReturnType<typeof selectSessions>>[number];

/** Upcoming: not started yet, soonest first; past: started, latest first. */
function tabCondition(tab: GroupSessionTab, now: Date): SQL {
  return tab === 'upcoming' ? gt(groupSessions.startsAt, now) : lte(groupSessions.startsAt, now);
}

function orderOf(tab: GroupSessionTab) {
  return tab === 'upcoming'
    ? [asc(groupSessions.startsAt), asc(groupSessions.id)]
    : [desc(groupSessions.startsAt), desc(groupSessions.id)];
}

/** Past the cursor in the tab's order (an unreadable cursor starts from the top). */
function afterCursor(tab: GroupSessionTab, cursor: string | undefined): SQL | undefined {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (!after) return undefined;
  const key = sql`(${groupSessions.startsAt}, ${groupSessions.id})`;
  const last = sql`(${after.time}::timestamptz, ${after.id}::uuid)`;
  return tab === 'upcoming' ? sql`${key} > ${last}` : sql`${key} < ${last}`;
}

function toAdminSession({ cursorTime: _cursorTime, ...row }: SessionRow): AdminGroupSession {
  return row;
}

/** One page of a tab; the cursor is the page's last (startsAt, id). */
export async function listSessionPage(
  db: Executor,
  tab: GroupSessionTab,
  cursor: string | undefined,
  now: Date,
): Promise<{ items: AdminGroupSession[]; nextCursor: string | null }> {
  const rows = await selectSessions(db)
    .where(and(tabCondition(tab, now), afterCursor(tab, cursor)))
    .orderBy(...orderOf(tab))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({ time: row.cursorTime, id: row.id }));
  return { items: page.items.map(toAdminSession), nextCursor: page.nextCursor };
}

/** Every session of a tab, in its order: for the CSV. */
export async function listAllSessions(
  db: Executor,
  tab: GroupSessionTab,
  now: Date,
): Promise<AdminGroupSession[]> {
  const rows = await selectSessions(db)
    .where(tabCondition(tab, now))
    .orderBy(...orderOf(tab));
  return rows.map(toAdminSession);
}
