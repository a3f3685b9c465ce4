import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { maskContactDetails } from '../../shared/contact-masking';
import type { SessionUser } from '../../shared/schemas/auth';
import type { GroupSessionPostView, GroupSessionThread } from '../../shared/schemas/group-sessions';
import type { Database, Executor } from '../db/client';
import {
  groupSessionPlaces,
  groupSessionPosts,
  groupSessions,
  mentors,
  students,
} from '../db/schema';
import { AppError } from '../errors';
import { consumeLimit } from '../lib/rate-limit';
import { mailLinks } from '../mail/mail-context';
import { groupSessionPostMail } from '../mail/templates';
import { tell } from '../notifications';
import { blockedBy, followUpEndsAt, MESSAGES_PER_USER } from '../visits';
import { holdersOf } from './queries';

/**
 * A 座談会's thread (issue 58, PRODUCT.md §7c): its alumna posts to all, the students holding a
 * place ask. Seated and waiting students alike read and ask: someone waiting may be moved up
 * until it starts and prepares from the same posts, and nothing in the thread is for the seated
 * only (the place's words and the meeting URL stay on the page, for the seated; contact details
 * are masked out of every post). The admins read it and post nothing.
 *
 * Students never see who else comes: a student's post is shown to the other students without her
 * name (「参加者の質問」); its alumna and the admins see every name.
 */

type Reader = Pick<SessionUser, 'id' | 'role'>;
type SessionRow = typeof groupSessions.$inferSelect;
type Side = 'mentor' | 'student';

/**
 * How the reader stands to the thread: its alumna, an admin, or a student holding a place (seated
 * or waiting). Anyone else is told it does not exist, as the session's own page would.
 */
async function standingOf(
  db: Executor,
  reader: Reader,
  session: SessionRow | undefined,
): Promise<Side | 'admin'> {
  if (!session) throw new AppError('not-found');
  if (reader.role === 'admin') return 'admin';
  if (reader.id === session.mentorId) return 'mentor';
  if (reader.role === 'student') {
    const [place] = await db
      .select({ state: groupSessionPlaces.state })
      .from(groupSessionPlaces)
      .where(
        and(
          eq(groupSessionPlaces.sessionId, session.id),
          eq(groupSessionPlaces.studentId, reader.id),
          inArray(groupSessionPlaces.state, ['seated', 'waiting']),
        ),
      );
    if (place) return 'student';
  }
  throw new AppError('not-found');
}

/**
 * Why nobody may post: it was called off, or THREAD_OPEN_DAYS_AFTER_MEETING days passed since it
 * started (as a visit's thread closes after its meeting). Still readable either way.
 */
function closedReasonOf(session: SessionRow, now: Date): GroupSessionThread['closedReason'] {
  if (session.cancelledAt) return 'cancelled';
  if (now >= followUpEndsAt(session.startsAt)) return 'ended';
  return null;
}

/**
 * A block between a student and its alumna, as a visit's thread reads one: 'mine' when the
 * reader made it, 'theirs' when the other did. Either way the two no longer write to each other
 * here (her seat stays: decision 0045), and the student's thread reads as ended.
 */
async function blockWith(db: Executor, reader: Reader, session: SessionRow) {
  if (reader.role !== 'student') return null;
  const [row] = await db
    .select({
      mine: blockedBy(reader.id, session.mentorId),
      theirs: blockedBy(session.mentorId, reader.id),
    })
    .from(sql`(select 1) as one`);
  return row?.mine ? 'mine' : row?.theirs ? 'theirs' : null;
}

async function findSessionRow(db: Executor, id: string, lock = false) {
  const query = db.select().from(groupSessions).where(eq(groupSessions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const postColumns = {
  id: groupSessionPosts.id,
  authorId: groupSessionPosts.authorId,
  authorSide: groupSessionPosts.authorSide,
  body: groupSessionPosts.body,
  masked: groupSessionPosts.masked,
  createdAt: groupSessionPosts.createdAt,
  mentorName: mentors.name,
  studentName: students.name,
};

function postsWithNames(db: Executor) {
  return db
    .select(postColumns)
    .from(groupSessionPosts)
    .leftJoin(mentors, eq(mentors.userId, groupSessionPosts.authorId))
    .leftJoin(students, eq(students.userId, groupSessionPosts.authorId));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postsWithNames>['where']>>[number];

/**
 * A post as `standing` reads it. The alumna's name is hers to show (her page names her); a
 * student's is shown to the alumna and the admins only, never to another student (§7c). The
 * author's id goes with the name: whoever may know who wrote a post may report her.
 */
function viewOf(row: PostRow, reader: Reader, standing: Side | 'admin'): GroupSessionPostView {
  const mine = row.authorId === reader.id;
  const named = row.authorSide === 'mentor' || standing !== 'student';
  const name = row.authorSide === 'mentor' ? row.mentorName : row.studentName;
  return {
    id: row.id,
    side: row.authorSide,
    authorName: named ? name : null,
    authorId: named && !mine ? row.authorId : null,
    mine,
    body: row.body,
    masked: row.masked,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The thread as the reader sees it: every post, oldest first, and whether she may post now. */
export async function readGroupSessionPosts(
  db: Executor,
  reader: Reader,
  id: string,
  now = new Date(),
): Promise<GroupSessionThread> {
  const session = await findSessionRow(db, id);
  const standing = await standingOf(db, reader, session);
  const rows = await postsWithNames(db)
    .where(eq(groupSessionPosts.sessionId, id))
    .orderBy(asc(groupSessionPosts.createdAt), asc(groupSessionPosts.id));
  const closedReason =
    closedReasonOf(session!, now) ?? ((await blockWith(db, reader, session!)) ? 'ended' : null);
  return {
    posts: rows.map((row) => viewOf(row, reader, standing)),
    canPost: standing !== 'admin' && closedReason === null,
    closedReason,
  };
}

/**
 * Posts to the thread: its alumna to all, a student holding a place a question. Counted against
 * the sender's hourly limit of messages, then under the session's row lock, so that a cancellation
 * decided at the same moment is seen. Masked as stored, always: the students have not met her and
 * never meet each other through the site, so no contact detail passes here (the rule of a visit's
 * thread before acceptance, shared/contact-masking). The alumna's post tells each student holding
 * a place; a question tells the alumna (the bell, a push where asked, and a mail as each one's
 * choice of messages by mail says: one mail a post, its words masked as stored).
 */
export async function postToGroupSession(
  db: Database,
  user: SessionUser,
  id: string,
  body: string,
  now = new Date(),
): Promise<GroupSessionPostView> {
  await consumeLimit(db, MESSAGES_PER_USER, user.id);
  return db.transaction(async (tx) => {
    const session = await findSessionRow(tx, id, true);
    const standing = await standingOf(tx, user, session);
    if (standing === 'admin') throw new AppError('not-found');
    const closed = closedReasonOf(session!, now);
    if (closed === 'cancelled') throw new AppError('group-session/cancelled');
    if (closed) throw new AppError('thread/closed');
    const block = await blockWith(tx, user, session!);
    if (block === 'mine') throw new AppError('thread/blocked');
    if (block) throw new AppError('thread/closed');
    const { text, masked } = maskContactDetails(body);
    const [created] = await tx
      .insert(groupSessionPosts)
      .values({ sessionId: id, authorId: user.id, authorSide: standing, body: text, masked })
      .returning({ id: groupSessionPosts.id });
    const [row] = await postsWithNames(tx).where(eq(groupSessionPosts.id, created!.id));
    const view = viewOf(row!, user, standing);
    const link = mailLinks(tx).groupSession(id);
    // The mail's words are the post's as stored: masked as every reader reads it.
    const about = {
      mentor: row!.mentorName ?? '',
      title: session!.title,
      startsAt: session!.startsAt,
    };
    if (standing === 'mentor') {
      for (const studentId of await holdersOf(tx, id, { unblockedWith: session!.mentorId })) {
        await tell(tx, {
          userId: studentId,
          kind: 'groupSessionPost',
          facts: { visitRequestId: null, groupSessionId: id, actorName: row!.mentorName ?? '' },
          mail: (recipient) => groupSessionPostMail(link, { ...about, body: text }, recipient),
        });
      }
    } else {
      const asker = row!.studentName ?? '';
      await tell(tx, {
        userId: session!.mentorId,
        kind: 'groupSessionQuestion',
        facts: { visitRequestId: null, groupSessionId: id, actorName: asker },
        mail: (recipient) => groupSessionPostMail(link, { ...about, body: text, asker }, recipient),
      });
    }
    return view;
  });
}

/**
 * A post the reporter may read, and who wrote it (safety/service.ts): reported like any message,
 * its words kept for the admins with its author. A post is reported by itself: the reporter names
 * no one, and learns no one (a student's question is reported by another student though its
 * author is hidden from her). Where she names someone (`reportedId`), it must be the author as
 * shown to her: a name tried against a question whose author is hidden from her is never
 * confirmed. Anything else answers as if it did not exist; one's own post is report/self.
 */
export async function reportablePost(
  db: Executor,
  reporter: Reader,
  postId: string,
  reportedId: string | undefined,
): Promise<{ id: string; body: string; authorId: string }> {
  const [post] = await db
    .select({ sessionId: groupSessionPosts.sessionId })
    .from(groupSessionPosts)
    .where(eq(groupSessionPosts.id, postId));
  if (!post) throw new AppError('not-found');
  const session = await findSessionRow(db, post.sessionId);
  const standing = await standingOf(db, reporter, session);
  const [row] = await postsWithNames(db).where(eq(groupSessionPosts.id, postId));
  const view = viewOf(row!, reporter, standing);
  if (reportedId !== undefined && view.authorId !== reportedId) throw new AppError('not-found');
  if (view.mine) throw new AppError('report/self');
  if (!row!.authorId) throw new AppError('not-found');
  return { id: view.id, body: view.body, authorId: row!.authorId };
}
