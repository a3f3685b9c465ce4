import { and, desc, eq, ilike, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserPage,
} from '../../../shared/schemas/admin';
import { normalizeForSearch, toKatakana } from '../../../shared/search';
import type { Executor } from '../../db/client';
import { containing, cursorTimeOf, olderThanCursor, toPage } from '../../db/paging';
import { mentors, students, users } from '../../db/schema';
import { universityNameEnOf } from '../../universities/queries';
import { mentorVisitStats } from '../../visit-records/queries';
import { requestsStopped } from '../../visits/queries';

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

function toAdminUser(row: AdminUserRow): AdminUser {
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
  return row && toAdminUser(row);
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
  return { users: page.items.map(toAdminUser), nextCursor: page.nextCursor };
}
