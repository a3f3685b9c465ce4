import {
  and,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { NO_SHOW_WINDOW_DAYS } from '../../../shared/constants';
import {
  ADMIN_PAGE_SIZE,
  type AdminNoShowClaim,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserPage,
} from '../../../shared/schemas/admin';
import { normalizeForSearch, toKatakana } from '../../../shared/search';
import type { Executor } from '../../db/client';
import { containing, cursorTimeOf, olderThanCursor, toPage } from '../../db/paging';
import { mentors, noShowClaims, students, users, visitRequests } from '../../db/schema';
import { universityNameEnOf } from '../../universities';
import { absencesAgainst } from './group-session-absences';
import { mentorVisitStats } from '../../mentors';
import {
  answerDeadline,
  claimCleared,
  claimCountsAgainstStudent,
  requestsStopped,
} from '../../visits';

/** A user with whichever profile they keep; a person has a student or a mentor profile. */
function selectAdminUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
      suspendedAt: users.suspendedAt,
      lastActiveAt: users.lastActiveAt,
      createdAt: users.createdAt,
      cursorTime: cursorTimeOf(users.createdAt),
      studentName: students.name,
      studentUniversityName: students.universityName,
      mentorName: mentors.name,
      mentorUniversityName: mentors.universityName,
      universityNameEn: universityNameEnOf(
        sql`coalesce(${mentors.universityId}, ${students.universityId})`,
      ),
      mentorUrlParam: mentors.urlParam,
      requestsStopped: requestsStopped(users.id, students.noShowsClearedAt, new Date()),
      ...mentorVisitStats(users.id),
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(mentors, eq(mentors.userId, users.id));
}

type AdminUserRow = Awaited<ReturnType<typeof selectAdminUsers>>[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The no-show claims against each of `userIds` for visits of the last NO_SHOW_WINDOW_DAYS,
 * newest visit first, the claimant named as on their profile. One read for a whole page.
 */
async function claimsAgainst(
  db: Executor,
  userIds: string[],
): Promise<Map<string, AdminNoShowClaim[]>> {
  const byUser = new Map<string, AdminNoShowClaim[]>();
  if (userIds.length === 0) return byUser;
  const accused = sql<string>`case when ${noShowClaims.claimantSide} = 'mentor' then ${visitRequests.studentId} else ${visitRequests.mentorId} end`;
  const rows = await db
    .select({
      accusedId: accused,
      claimantName: sql<
        string | null
      >`case when ${noShowClaims.claimantSide} = 'mentor' then ${mentors.name} else ${students.name} end`,
      meetingAt: visitRequests.meetingAt,
      visitRequestId: noShowClaims.visitRequestId,
      reason: noShowClaims.reason,
      claimedAt: noShowClaims.createdAt,
      answerNote: noShowClaims.answerNote,
      answeredAt: noShowClaims.answeredAt,
      withdrawnAt: noShowClaims.withdrawnAt,
      decision: noShowClaims.decision,
      decidedAt: noShowClaims.decidedAt,
      // The rule the stop counts by (visits/queries.ts): an alumna's claim, about a visit
      // after the student's last clearance.
      counts: claimCountsAgainstStudent(
        noShowClaims,
        visitRequests.meetingAt,
        students.noShowsClearedAt,
        new Date(),
      ),
      cleared: claimCleared(noShowClaims, visitRequests.meetingAt, students.noShowsClearedAt),
    })
    .from(noShowClaims)
    .innerJoin(visitRequests, eq(visitRequests.id, noShowClaims.visitRequestId))
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .where(
      and(
        or(
          and(eq(noShowClaims.claimantSide, 'mentor'), inArray(visitRequests.studentId, userIds)),
          and(eq(noShowClaims.claimantSide, 'student'), inArray(visitRequests.mentorId, userIds)),
        ),
        gt(visitRequests.meetingAt, new Date(Date.now() - NO_SHOW_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(visitRequests.meetingAt));
  for (const row of rows) {
    const list = byUser.get(row.accusedId) ?? [];
    list.push({
      visitRequestId: row.visitRequestId,
      groupSession: null,
      claimantName: row.claimantName,
      meetingAt: row.meetingAt!,
      reason: row.reason,
      claimedAt: row.claimedAt,
      answer: row.answeredAt !== null ? { note: row.answerNote ?? '', at: row.answeredAt } : null,
      answerBy: answerDeadline(row.claimedAt),
      withdrawnAt: row.withdrawnAt,
      decision: row.decision,
      decidedAt: row.decidedAt,
      counts: row.counts,
      cleared: row.cleared,
    });
    byUser.set(row.accusedId, list);
  }
  // A 座談会's 欠席 is a claim too (decision 0045): listed among hers, newest first.
  for (const [userId, absences] of await absencesAgainst(db, userIds)) {
    const all = [...(byUser.get(userId) ?? []), ...absences];
    byUser.set(
      userId,
      all.sort((x, y) => y.meetingAt.getTime() - x.meetingAt.getTime()),
    );
  }
  return byUser;
}

function toAdminUser(row: AdminUserRow, claims: Map<string, AdminNoShowClaim[]>): AdminUser {
  const profile =
    row.mentorUrlParam !== null ? 'mentor' : row.studentName !== null ? 'student' : null;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    name: row.mentorName ?? row.studentName,
    universityName: row.mentorUniversityName ?? row.studentUniversityName,
    universityNameEn: row.universityNameEn,
    profile,
    mentorUrlParam: row.mentorUrlParam,
    emailVerified: row.emailVerified,
    suspendedAt: row.suspendedAt,
    lastActiveAt: row.lastActiveAt,
    createdAt: row.createdAt,
    requestsStopped: row.studentName !== null && row.requestsStopped,
    noShowClaims: claims.get(row.id) ?? [],
    visitStats:
      profile === 'mentor'
        ? {
            received: row.received,
            answered: row.answered,
            held: row.held,
            averageRating: row.averageRating,
          }
        : null,
  };
}

export async function findAdminUser(db: Executor, id: string): Promise<AdminUser | undefined> {
  const [row] = await selectAdminUsers(db).where(eq(users.id, id)).limit(1);
  return row && toAdminUser(row, await claimsAgainst(db, [row.id]));
}

function filterConditions(query: AdminUserListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    // Addresses and students' names as typed, their readings in katakana whichever kana was
    // typed; alumni by the folded text the OG search uses (which holds their readings too).
    const folded = normalizeForSearch(query.q);
    const matches = [
      ilike(users.email, containing(query.q)),
      ilike(students.name, containing(query.q)),
      ilike(students.nameReading, containing(toKatakana(query.q.normalize('NFKC')))),
    ];
    if (folded) matches.push(like(mentors.searchText, containing(folded)));
    conditions.push(or(...matches)!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'active') conditions.push(isNull(users.suspendedAt));
  if (query.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
  const older = olderThanCursor(users.createdAt, users.id, query.cursor);
  if (older) conditions.push(older);
  return conditions;
}

/** One page of every account, newest first; an unreadable cursor starts from the top. */
export async function listAdminUsers(
  db: Executor,
  query: AdminUserListQuery,
): Promise<AdminUserPage> {
  const rows = await selectAdminUsers(db)
    .where(and(...filterConditions(query)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({ time: row.cursorTime, id: row.id }));
  const claims = await claimsAgainst(
    db,
    page.items.map((row) => row.id),
  );
  return { users: page.items.map((row) => toAdminUser(row, claims)), nextCursor: page.nextCursor };
}
