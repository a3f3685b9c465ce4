import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CONTACT_EMAIL_LINK_TTL_MS } from '../../shared/constants';
import type { Database, Executor, Transaction } from '../db/client';
import { mentors, users } from '../db/schema';
import { AppError } from '../errors';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { randomToken, sha256 } from '../lib/secrets';
import { mailAddresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { contactEmailMail } from '../mail/templates';

/**
 * An alumna's contact address (docs/PRODUCT.md §3): students see it only once the link mailed
 * to it was followed, so nobody is shown an address its owner never agreed to, nor a typo.
 * The sign-in address needs no link (it was confirmed with the account). One link at a time,
 * kept as its hash on the profile: a new address or a resend replaces it, so a link only ever
 * confirms the address it was mailed to.
 */

/** Links mailed per alumna: enough to correct a typo, too few to flood someone's mailbox. */
const LINKS_PER_MENTOR: Limit = { name: 'contact-email:mentor', max: 5, windowMs: 60 * 60 * 1000 };

/** Mails a new link for the alumna's unconfirmed contact address; false if it is confirmed. */
async function mailLink(tx: Executor, mentorId: string): Promise<boolean> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + CONTACT_EMAIL_LINK_TTL_MS);
  const [pending] = await tx
    .update(mentors)
    .set({ contactEmailTokenHash: sha256(token), contactEmailTokenExpiresAt: expiresAt })
    .where(and(eq(mentors.userId, mentorId), isNull(mentors.contactEmailConfirmedAt)))
    .returning({ email: mentors.contactEmail });
  if (!pending) return false;
  await enqueueMail(tx, {
    to: pending.email,
    ...contactEmailMail(
      mailLinks(tx).contactEmailConfirm(token),
      await mailAddresseeOf(tx, mentorId),
    ),
    readableUntil: expiresAt,
  });
  return true;
}

/**
 * Sets the alumna's contact address (the visit settings' save, in its transaction). The same
 * address changes nothing; her sign-in address is confirmed at once; any other waits for the
 * link mailed to it, and students see no address until then.
 */
export async function setContactEmail(
  tx: Transaction,
  mentorId: string,
  email: string,
): Promise<void> {
  const [current] = await tx
    .select({ contactEmail: mentors.contactEmail, signInEmail: users.email })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(eq(mentors.userId, mentorId))
    .for('update', { of: mentors });
  if (!current) throw new AppError('not-found');
  if (current.contactEmail === email) return;
  const isSignInAddress = email === current.signInEmail;
  if (!isSignInAddress) await consumeLimit(tx, LINKS_PER_MENTOR, mentorId);
  await tx
    .update(mentors)
    .set({
      contactEmail: email,
      contactEmailConfirmedAt: isSignInAddress ? new Date() : null,
      contactEmailTokenHash: null,
      contactEmailTokenExpiresAt: null,
    })
    .where(eq(mentors.userId, mentorId));
  if (!isSignInAddress) await mailLink(tx, mentorId);
}

/** 「確認メールを再送」: a new link (the earlier one stops working); none once confirmed. */
export async function resendContactEmailLink(db: Database, mentorId: string): Promise<void> {
  await consumeLimit(db, LINKS_PER_MENTOR, mentorId);
  await db.transaction((tx) => mailLink(tx, mentorId));
}

/** The link was followed (by a button, POST): the address it was mailed to is confirmed. */
export async function confirmContactEmail(db: Database, token: string): Promise<{ email: string }> {
  const [confirmed] = await db
    .update(mentors)
    .set({
      contactEmailConfirmedAt: new Date(),
      contactEmailTokenHash: null,
      contactEmailTokenExpiresAt: null,
    })
    .where(
      and(
        eq(mentors.contactEmailTokenHash, sha256(token)),
        gt(mentors.contactEmailTokenExpiresAt, sql`now()`),
      ),
    )
    .returning({ email: mentors.contactEmail });
  if (!confirmed) throw new AppError('auth/invalid-link');
  return { email: confirmed.email };
}

/**
 * Addresses saved before confirmation existed and not the sign-in address (migration 0021 left
 * them unconfirmed, with no link): each alumna is mailed her link once. The maintenance job's;
 * claiming a row by writing its link makes two processes mail it once between them.
 */
export async function mailUnconfirmedContactLinks(db: Database): Promise<number> {
  const waiting = await db
    .select({ userId: mentors.userId })
    .from(mentors)
    .where(and(isNull(mentors.contactEmailConfirmedAt), isNull(mentors.contactEmailTokenHash)))
    .limit(100);
  let mailed = 0;
  for (const { userId } of waiting) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ userId: mentors.userId })
        .from(mentors)
        .where(
          and(
            eq(mentors.userId, userId),
            isNull(mentors.contactEmailConfirmedAt),
            isNull(mentors.contactEmailTokenHash),
          ),
        )
        .for('update', { skipLocked: true });
      return claimed ? mailLink(tx, userId) : false;
    });
    if (sent) mailed++;
  }
  return mailed;
}
