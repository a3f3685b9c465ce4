import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { favourites, mentors } from '../db/schema';
import { AppError } from '../errors';
import { listed } from '../db/listed';

/**
 * The caller's favourites as urlParams, newest bookmark first. An alumnus who left the list
 * (suspended, demoted) keeps the row but drops out here, and comes back if reinstated.
 */
export async function listFavouriteUrlParams(db: Executor, studentId: string): Promise<string[]> {
  const rows = await db
    .select({ urlParam: mentors.urlParam })
    .from(favourites)
    .innerJoin(mentors, eq(mentors.userId, favourites.mentorId))
    .where(and(eq(favourites.studentId, studentId), listed))
    .orderBy(desc(favourites.createdAt), desc(favourites.mentorId));
  return rows.map((row) => row.urlParam);
}

/**
 * The alumnus a urlParam names, if listed: only what the OG list shows can be bookmarked.
 * The caller (a student or an alumnus awaiting approval) is never listed, so nobody can
 * bookmark themselves.
 */
async function listedMentorId(db: Executor, urlParam: string): Promise<string> {
  const [row] = await db
    .select({ userId: mentors.userId })
    .from(mentors)
    .where(and(eq(mentors.urlParam, urlParam), listed))
    .limit(1);
  if (!row) throw new AppError('not-found');
  return row.userId;
}

/** Bookmarks an alumnus; bookmarking again keeps the first bookmark (and its place). */
export async function addFavourite(db: Executor, studentId: string, urlParam: string) {
  const mentorId = await listedMentorId(db, urlParam);
  await db.insert(favourites).values({ studentId, mentorId }).onConflictDoNothing();
}

/** Removes a bookmark; removing one that is not there is no error (a second click, a retry). */
export async function removeFavourite(db: Executor, studentId: string, urlParam: string) {
  const mentorId = await listedMentorId(db, urlParam);
  await db
    .delete(favourites)
    .where(and(eq(favourites.studentId, studentId), eq(favourites.mentorId, mentorId)));
}

/** The student bookmarked this alumnus (the detail page's star), read with its statement. */
export function favouriteOf(studentId: string | SQLWrapper, mentorId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${favourites} where ${favourites.studentId} = ${studentId} and ${favourites.mentorId} = ${mentorId})`;
}
