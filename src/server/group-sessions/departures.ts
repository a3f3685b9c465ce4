import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { groupSessions } from '../db/schema';
import { mailLinks } from '../mail/mail-context';
import { groupSessionCancelledByWithdrawalMail } from '../mail/templates';
import { tell } from '../notifications';
import { jaMail } from '../../shared/messages/ja/mail';
import {
  findSession,
  heldIn,
  holdersOf,
  holdsPlace,
  lockUpcoming,
  type SessionRow,
} from './queries';
import { giveUpPlace } from './service';

/*
 * What becomes of 座談会 still to come when people part (a review of issue 58): an account
 * removed, a block placed. Each runs inside the transaction of that change, so that nothing is
 * left half done: a seat freed goes to the next on the waiting list as when a student leaves.
 */

/**
 * Before an account is removed (withdrawal or an admin's deletion; accounts' removeAccount): a
 * student's seats and waiting places in 座談会 still to come are given up as if she left (a
 * freed seat moves the first waiting up, who is told); an alumna's own 座談会 still to come are
 * called off and everyone seated or waiting told once, in each one's language, that she left.
 * The rows then go with her account (their foreign keys), held ones included.
 */
export async function groupSessionsOnWithdrawal(
  tx: Transaction,
  userId: string,
  now = new Date(),
): Promise<void> {
  for (const session of await lockUpcoming(tx, holdsPlace(userId), now)) {
    await giveUpPlace(tx, session, userId, now);
  }
  const own = await lockUpcoming(tx, eq(groupSessions.mentorId, userId), now);
  if (own.length === 0) return;
  const rows: SessionRow[] = [];
  for (const session of own) rows.push((await findSession(tx, session.id, null, now))!);
  await tx
    .update(groupSessions)
    .set({
      cancelledAt: now,
      cancelledReason: jaMail.mail.groupSessionCancelledByWithdrawal.reason.replace(
        '{{mentor}}',
        () => rows[0]!.mentorName,
      ),
      cancelledBy: null,
    })
    .where(
      inArray(
        groupSessions.id,
        own.map((session) => session.id),
      ),
    );
  const listLink = mailLinks(tx).groupSessions();
  for (const row of rows) {
    const facts = { mentor: row.mentorName, title: row.title, startsAt: row.startsAt };
    for (const studentId of await holdersOf(tx, row.id)) {
      // The bell entry goes with the 座談会 as her account goes; the mail and the push stay.
      await tell(tx, {
        userId: studentId,
        kind: 'groupSessionCancelled',
        facts: { visitRequestId: null, groupSessionId: row.id, actorName: row.mentorName },
        mail: (recipient) => groupSessionCancelledByWithdrawalMail(listLink, facts, recipient),
      });
    }
  }
}

/**
 * A block between a student and an alumna, whichever placed it (safety's blockUser, in its
 * transaction): the student's places in the alumna's 座談会 still to come go, a seat moving up
 * to the next on the waiting list. Nobody is told of the block (a visit's block tells nobody);
 * the one moved up is told of her seat as always.
 */
export async function groupSessionsOnBlock(
  tx: Transaction,
  a: string,
  b: string,
  now = new Date(),
): Promise<void> {
  for (const [mentorId, studentId] of [
    [a, b],
    [b, a],
  ] as const) {
    const hers = await lockUpcoming(tx, eq(groupSessions.mentorId, mentorId), now);
    const held = await heldIn(
      tx,
      hers.map((session) => session.id),
      studentId,
    );
    for (const session of hers) {
      if (held.has(session.id)) await giveUpPlace(tx, session, studentId, now);
    }
  }
}
