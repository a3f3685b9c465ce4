import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, type NotificationKind } from '../../shared/constants';
import { paths } from '../../shared/paths';
import type { NotificationList } from '../../shared/schemas/notifications';
import type { Executor } from '../db/client';
import { notifications } from '../db/schema';

/** The bell's list, newest first, and how many are unread. */
export async function listNotifications(db: Executor, userId: string): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      actorName: row.actorName,
      count: row.count,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
      link: notificationLink(row),
    })),
    unread: await countUnread(db, userId),
  };
}

/**
 * The page a notification opens: a pause is resumed on the profile; a 訪問記録 offered to an
 * alumna waits on her notes page, and the student's note on its visit; an introduction on its
 * own page; everything else happened to a request. The bell's link and the push's.
 */
export function notificationLink(row: {
  kind: NotificationKind;
  visitRequestId: string | null;
  introductionId?: string | null;
  groupSessionId?: string | null;
}): string {
  if (row.kind === 'autoPaused') return paths.mentorProfileEdit;
  if (row.kind === 'noteOffered') return paths.mentorVisitNotes;
  // 座談会: its page (her seat, or why it was called off), or her note about it.
  if (row.groupSessionId) {
    return NOTE_KINDS.has(row.kind)
      ? paths.groupSessionNoteWrite(row.groupSessionId)
      : paths.groupSession(row.groupSessionId);
  }
  // 紹介: the introduction's page (her answer; the student's notice, with its one step to ask).
  if (row.introductionId) return paths.introduction(row.introductionId);
  if (!row.visitRequestId) return paths.visitRequests;
  return NOTE_KINDS.has(row.kind)
    ? paths.visitNoteWrite(row.visitRequestId)
    : paths.visitRequest(row.visitRequestId);
}

const NOTE_KINDS: ReadonlySet<NotificationKind> = new Set([
  'noteReminder',
  'noteConsented',
  'noteChangesRequested',
  'noteDeclined',
  'noteHidden',
]);

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * The unread count and a version of the user's notifications that changes whenever anything
 * the bell shows does (a new one, a message counted, one read): the poll's ETag.
 */
export async function unreadSummary(db: Executor, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      total: count(),
      newest: max(notifications.createdAt),
      lastRead: max(notifications.readAt),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const unread = row?.unread ?? 0;
  const version = [
    unread,
    row?.total ?? 0,
    row?.newest?.getTime() ?? 0,
    row?.lastRead?.getTime() ?? 0,
  ];
  return { unread, version: version.join('-') };
}
