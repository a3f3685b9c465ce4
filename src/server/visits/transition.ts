import { and, eq, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Database, Transaction } from '../db/client';
import { mentors, students, visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { mailLinks } from '../mail/mail-context';
import { visitRequestMail, type VisitMailKind } from '../mail/templates';
import { tell } from '../notifications';
import { proposedTimesOf } from './proposed-times';
import { refreshNextSlots } from '../booking';
import { awaitingSide, isOpen, type Side } from './queries';

/**
 * Every change of a visit request (docs/PRODUCT.md §7) takes one path, in one transaction: the
 * request is locked, the change is checked against the request's state and whose turn it is, the
 * row is updated, and the other side is told on the bell and by mail. A person's change (accept,
 * propose, decline, cancel, …) goes through changeOwnRequest; the timers and a withdrawal, which
 * claim their rows themselves, through changeRequests, the step every change ends in.
 */

type VisitRow = typeof visitRequests.$inferSelect;

/** The columns a change sets. */
export type RequestUpdate = PgUpdateSetSource<typeof visitRequests>;

/**
 * The requests a person's change may start from:
 * - `turn`: waiting, and the answer is the caller's to give (proposals take turns);
 * - `waiting`: waiting, whoever's turn it is;
 * - `open`: waiting, or agreed with the meeting ahead;
 * - `agreed`: agreed, with the meeting ahead.
 * The last two are part of the update's condition: the meeting time is compared by the database.
 * Any other request answers visit/not-open (visit/not-your-turn when only the turn is missing).
 */
export type ChangeFrom = 'turn' | 'waiting' | 'open' | 'agreed';

/** A change one side of a request makes to it: what differs between accept, decline, cancel, … */
export interface OwnChange {
  /** The only side that may make it; either side of the request when absent. */
  by?: Side;
  from: ChangeFrom;
  /**
   * The columns it sets, from the locked request and the caller's side; input that does not fit
   * the request (a slot that has passed, a missing reason) is refused here, before any write.
   */
  set: (request: VisitRow, side: Side, tx: Transaction) => RequestUpdate | Promise<RequestUpdate>;
  /** What the other side is told of it; null for nothing (a save that changed nothing). */
  tells: VisitMailKind | ((request: VisitRow, side: Side) => VisitMailKind | null);
  /** An answer to the request: given by the alumnus, it restarts their count of expired requests. */
  answers?: boolean;
}

/** What a changed request tells one of its sides. */
export interface Telling {
  kind: VisitMailKind;
  to: Side;
  /** The one who made the change, as the bell and the mail name them (none for a withdrawal). */
  names: { actor: string; university?: string };
  /** Where the mail leads when not to the request itself. */
  link?: string;
}

/** The request, locked, if `userId` takes part in it on `side` (any side when omitted). */
export async function lockOwnRequest(
  tx: Transaction,
  id: string,
  userId: string,
  side?: Side,
): Promise<{ request: VisitRow; side: Side }> {
  const [request] = await tx
    .select()
    .from(visitRequests)
    .where(eq(visitRequests.id, id))
    .for('update')
    .limit(1);
  // Someone else's request answers as if it did not exist: its id tells them nothing.
  const ownSide =
    request?.studentId === userId ? 'student' : request?.mentorId === userId ? 'mentor' : null;
  if (!request || !ownSide || (side && side !== ownSide)) throw new AppError('not-found');
  return { request, side: ownSide };
}

/** Refuses a change from a request it may not start from, as far as the locked row tells. */
function expectToStartFrom(request: VisitRow, side: Side, from: ChangeFrom): void {
  if (from !== 'turn' && from !== 'waiting') return;
  if (request.status !== 'pending') throw new AppError('visit/not-open');
  // An alumnus may let a request go while a proposal waits too: only `turn` asks whose it is.
  if (from === 'turn' && awaitingSide(request) !== side) throw new AppError('visit/not-your-turn');
}

/** The rest of `from`, in the update's condition. */
function stillOpen(from: ChangeFrom, now: Date): SQL | undefined {
  if (from === 'open') return isOpen(now);
  if (from === 'agreed') return and(eq(visitRequests.status, 'accepted'), isOpen(now));
  return undefined;
}

/**
 * One side changes its own request: locked, checked, updated and told to the other side, who
 * hears the caller's name. Someone else's request answers not-found.
 */
export async function changeOwnRequest(
  db: Database,
  user: SessionUser,
  id: string,
  change: OwnChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, side } = await lockOwnRequest(tx, id, user.id, change.by);
    expectToStartFrom(request, side, change.from);
    const set = await change.set(request, side, tx);
    const [changed] = await changeRequests(tx, {
      where: and(eq(visitRequests.id, id), stillOpen(change.from, new Date()))!,
      set,
      tell: async () => {
        const kind = typeof change.tells === 'string' ? change.tells : change.tells(request, side);
        if (!kind) return null;
        return { kind, to: otherSide(side), names: { actor: await nameOn(tx, side, user.id) } };
      },
    });
    if (!changed) throw new AppError('visit/not-open');
    if (change.answers && side === 'mentor') await answeredByMentor(tx, user.id);
  });
}

/**
 * The step every change ends in: the requests matching `where` (locked by the caller, or taken
 * by this update) get `set`, and each is told to the side `tell` names. Returns them as changed.
 */
export async function changeRequests(
  tx: Transaction,
  change: {
    where: SQL;
    set: RequestUpdate;
    tell: (changed: VisitRow) => Promise<Telling | null>;
  },
): Promise<VisitRow[]> {
  const changed = await tx.update(visitRequests).set(change.set).where(change.where).returning();
  for (const request of changed) {
    const telling = await change.tell(request);
    if (telling) await tellSide(tx, request, telling);
  }
  // A request that ends, is agreed or lets its slot go changes which of her slots are open.
  if ('status' in change.set || 'bookedFrom' in change.set) {
    await refreshNextSlots(
      tx,
      changed.map((request) => request.mentorId),
    );
  }
  return changed;
}

/** The alumnus answered a request: the count of requests expired in a row starts again. */
async function answeredByMentor(tx: Transaction, mentorId: string): Promise<void> {
  await tx.update(mentors).set({ expiredInRow: 0 }).where(eq(mentors.userId, mentorId));
}

/** The side that is told of, or answers, what `side` did. */
export function otherSide(side: Side): Side {
  return side === 'mentor' ? 'student' : 'mentor';
}

/** The student's name and university, as a mail to the alumnus names them. */
export async function studentNamesOf(
  tx: Transaction,
  userId: string,
): Promise<{ actor: string; university: string }> {
  const [profile] = await tx
    .select({ name: students.name, universityName: students.universityName })
    .from(students)
    .where(eq(students.userId, userId));
  return { actor: profile?.name ?? '', university: profile?.universityName ?? '' };
}

/** The name on the profile of `side` (a request's student or alumnus), for the mails. */
export async function nameOn(tx: Transaction, side: Side, userId: string): Promise<string> {
  const profile = side === 'mentor' ? mentors : students;
  const [row] = await tx
    .select({ name: profile.name })
    .from(profile)
    .where(eq(profile.userId, userId));
  return row?.name ?? '';
}

/**
 * Tells the side `to` of the change (notifications' `tell`): a notification on the bell, and
 * the mail to their sign-in address with a link to the request (or `link`) unless they turned
 * that kind of mail off.
 */
export async function tellSide(
  tx: Transaction,
  request: VisitRow,
  telling: Telling,
): Promise<void> {
  const { kind, names } = telling;
  const userId = telling.to === 'student' ? request.studentId : request.mentorId;
  if (!userId) return;
  await tell(tx, {
    userId,
    kind,
    facts: { visitRequestId: request.id, actorName: names.actor },
    mail: (recipient) =>
      visitRequestMail(
        kind,
        telling.link ?? mailLinks(tx).visitRequest(request.id),
        { ...names, recipient },
        {
          purpose: request.purpose,
          meetingFormat: request.meetingFormat,
          preferredSlots: request.preferredSlots,
          // A cancelled visit that had been agreed is named by its agreed time, not the first wishes.
          meetingAt:
            request.status === 'accepted' || request.status === 'cancelled'
              ? request.meetingAt
              : null,
          proposedTimes: request.status === 'pending' ? proposedTimesOf(request) : [],
          meetingUrl: request.status === 'accepted' ? request.meetingUrl : null,
        },
      ),
  });
}
