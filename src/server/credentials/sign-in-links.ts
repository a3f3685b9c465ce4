import {
  MENTOR_VERIFICATION_LINK_TTL_MS,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_LINK_TTL_MS,
} from '../../shared/constants';
import type { Executor } from '../db/client';
import { signInTokens } from '../db/schema';
import { randomDigits, randomToken, sha256 } from '../lib/secrets';
import { mailAddresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { signInMail } from '../mail/templates';

/*
 * A sign-in link and its short code, made, stored and mailed: the credential of a passwordless
 * site. Signing in (auth) sends one when asked; an invited alumna's sign-up (mentors) sends her
 * confirmation link the same way, so it stands here, below both.
 */

/** What a link's code is stored as: bound to its token, so a code fits one link only. */
export function codeHash(tokenId: string, code: string): string {
  return sha256(`${tokenId}:${code}`);
}

/**
 * Stores a fresh link for the user and queues its e-mail, inside the caller's transaction. A
 * sign-in link lives minutes; an invited alumna's confirmation ('verify') lives a day, as she
 * may open it hours later, and its link names it for the page it lands on.
 */
export async function issueSignInMail(
  tx: Executor,
  target: { email: string; userId: string; browserHash: string },
  kind: 'sign-in' | 'verify' = 'sign-in',
): Promise<void> {
  const id = crypto.randomUUID();
  const token = randomToken();
  const code = randomDigits(SIGN_IN_CODE_LENGTH);
  await tx.insert(signInTokens).values({
    id,
    tokenHash: sha256(token),
    codeHash: codeHash(id, code),
    email: target.email,
    userId: target.userId,
    purpose: 'sign_in',
    expiresAt: new Date(
      Date.now() + (kind === 'verify' ? MENTOR_VERIFICATION_LINK_TTL_MS : SIGN_IN_LINK_TTL_MS),
    ),
    browserHash: target.browserHash,
  });
  const link = mailLinks(tx).signIn(token, kind);
  const addressee = await mailAddresseeOf(tx, target.userId);
  await enqueueMail(tx, { to: target.email, ...signInMail(link, code, kind, addressee) });
}
