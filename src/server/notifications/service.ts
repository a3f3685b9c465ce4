import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  MAIL_EVENTS,
  writtenLanguage,
  type MailEvent,
  type NotificationKind,
} from '../../shared/constants';
import type { Executor } from '../db/client';
import { notifications, users } from '../db/schema';
import { AppError } from '../errors';
import { recipientOf } from '../mail/addressee';
import type { Addressee } from '../mail/templates';

/**
 * The bell (docs/PRODUCT.md §7): what happened to one of the user's requests, written by `tell`
 * (tell.ts) in the transaction of the change. New messages of one thread gather in one unread
 * notification whose count grows and which moves to the top. Resolves whether the entry is new
 * to the person, and so pushed: messages gathered into one still unread are not pushed again
 * (one push until the person has looked), nor is a repeat gathered with `gather`.
 */
export async function writeBellEntry(
  tx: Executor,
  entry: {
    userId: string;
    kind: NotificationKind;
    /** The request it is about; null for an introduction's entry (introductionId). */
    visitRequestId: string | null;
    introductionId?: string | null;
    /** The 座談会 it is about, for its kinds. */
    groupSessionId?: string | null;
    actorName: string;
  },
  options: {
    /**
     * Gather a repeat into the unread entry of the same kind and request: it moves to the top
     * rather than being repeated, and is not pushed again (a note offered again and again,
     * issue 54). The caller holds the request's row (or its note's) locked, so two repeats
     * are decided one after the other.
     */
    gather?: boolean;
  } = {},
): Promise<boolean> {
  if (entry.kind === 'message') {
    const [gathered] = await tx
      .insert(notifications)
      .values(entry)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.visitRequestId],
        targetWhere: sql`${notifications.kind} = 'message' and ${notifications.readAt} is null`,
        set: {
          count: sql`${notifications.count} + 1`,
          createdAt: sql`now()`,
          actorName: entry.actorName,
        },
      })
      .returning({ count: notifications.count });
    return gathered?.count === 1;
  }
  if (options.gather && entry.visitRequestId) {
    const moved = await tx
      .update(notifications)
      .set({ createdAt: sql`now()`, actorName: entry.actorName })
      .where(
        and(
          eq(notifications.userId, entry.userId),
          eq(notifications.visitRequestId, entry.visitRequestId),
          eq(notifications.kind, entry.kind),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (moved.length > 0) return false;
  }
  await tx.insert(notifications).values(entry);
  return true;
}

/** One notification of the user's, read (another's answers as if absent). */
export async function markNotificationRead(db: Executor, userId: string, id: string) {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (marked.length === 0) throw new AppError('not-found');
}

export async function markAllNotificationsRead(db: Executor, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** The user opened the request: its notifications are read. */
export async function markRequestNotificationsRead(
  db: Executor,
  userId: string,
  visitRequestId: string,
) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.visitRequestId, visitRequestId),
        isNull(notifications.readAt),
      ),
    );
}

export type MailPreferences = Record<MailEvent, boolean>;

/** Which events mail the user: every one not opted out of (all by default). */
export async function readMailPreferences(db: Executor, userId: string): Promise<MailPreferences> {
  const [row] = await db
    .select({ optOut: users.mailOptOut })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not-found');
  return Object.fromEntries(
    MAIL_EVENTS.map((event) => [event, !row.optOut.includes(event)]),
  ) as MailPreferences;
}

export async function saveMailPreferences(
  db: Executor,
  userId: string,
  preferences: MailPreferences,
): Promise<MailPreferences> {
  const optOut = MAIL_EVENTS.filter((event) => !preferences[event]);
  await db.update(users).set({ mailOptOut: optOut }).where(eq(users.id, userId));
  return readMailPreferences(db, userId);
}

/**
 * Where a mail about `event` to `userId` goes, the name it opens with and its language, read at once
 * (mail/addressee.ts): undefined when the account is gone, an admin suspended it (the thread and
 * report digests leave suspended accounts out the same way: a suspended alumna is not sent
 * tomorrow's place and time), or its owner chose not to be mailed about `event`. A mail of no
 * event (one the user cannot turn off) goes whatever they chose.
 */
export async function mailRecipient(
  db: Executor,
  userId: string,
  event: MailEvent | undefined,
): Promise<({ email: string } & Addressee) | undefined> {
  const account = await recipientOf(db, userId);
  if (!account || account.suspendedAt !== null) return undefined;
  if (event !== undefined && account.mailOptOut.includes(event)) return undefined;
  return { email: account.email, name: account.name, language: writtenLanguage(account.language) };
}

/**
 * A withdrawal takes her name out of other people's bells (docs/RETENTION.md: the other side
 * reads 「退会したユーザー」, which the bell shows for an entry with no name). The entries of her
 * requests always name her; those of an introduction or a 座談会 name her when they carry one of
 * her names (they may name the alumna or the student, the host or the asker). Run before her
 * rows go, inside the withdrawal's transaction.
 */
export async function forgetNameInBells(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${notifications} set actor_name = ''
     where user_id <> ${userId} and actor_name <> ''
       and (
         visit_request_id in (
           select id from visit_requests where student_id = ${userId} or mentor_id = ${userId})
         or ((introduction_id is not null or group_session_id is not null)
             and actor_name in (select name from students where user_id = ${userId}
                                union select name from mentors where user_id = ${userId})))`);
}
