import { ICON_MAX_SIDE_REGISTRATION } from '../../shared/constants';
import type { z } from 'zod';
import type { mentorRegistrationSchema } from '../../shared/schemas/mentors';
import { issueSignInMail } from '../credentials/sign-in-links';
import type { BindBrowser } from '../credentials/browser-binding';
import { pgErrorCode, UNIQUE_VIOLATION, type Database } from '../db/client';
import { lockEmailAddress } from '../db/locks';
import { mentors, users } from '../db/schema';
import { AppError } from '../errors';
import { completeInvitationOf, findUsableInvitation, isRegisteredAddress } from '../invitations';
import { createSession } from '../credentials/sessions';
import { hashesEqual, sha256 } from '../lib/secrets';
import { recordAudit } from '../lib/audit';
import type { Limit } from '../lib/rate-limit';
import { storeIcon } from '../storage';
import { findOfferedUniversity } from '../universities';
import { iconFromUpload, mentorProfileColumns } from './profile-service';
import { VALIDATION } from '../../shared/messages/validation-keys';

/** Counted by the route in a hook that runs before the body is read. */
export const REGISTRATION_LIMIT: Limit = {
  name: 'mentor-registration:client',
  max: 20,
  windowMs: 60 * 60_000,
};

type ParsedRegistration = z.output<typeof mentorRegistrationSchema>;

/** What the form's sender gets: a session when the mailed link proved the address. */
export type MentorRegistered = { signedIn: false } | { signedIn: true; sessionToken: string };

/**
 * Whether the form was opened from the invitation's link: it carries the proof only the mail
 * (and an admin's copy, sent on by the admin who vouches for it) holds; a typed code does not.
 */
function cameFromTheMail(invitation: { proofHash: string | null }, proof: string | undefined) {
  if (!invitation.proofHash || !proof) return false;
  return hashesEqual(invitation.proofHash, sha256(proof));
}

/**
 * Alumni sign-up from an invitation: creates the account with the invitation's role, the
 * profile and its icon, in one transaction. Opened from the mailed link, the form's proof shows
 * the sender read the invitee's mail, which proves her address: the account is verified at
 * once, the invitation completed and she is signed in, with no second mail to confirm what the
 * first already did (issue 56, point 4). Otherwise (a code typed on the older link's page)
 * whoever submitted the form may not be the invitee: the account waits unverified, the
 * verification link is mailed bound to the submitting browser, which only waits on
 * /verify-email by its binding cookie, and the invitation completes when the link is followed
 * or its code typed in this browser.
 */
export async function registerMentor(
  db: Database,
  input: ParsedRegistration,
  image: Buffer | undefined,
  bindBrowser: BindBrowser,
): Promise<MentorRegistered> {
  if (!image) throw new AppError('invalid-argument', { image: VALIDATION.imageRequired });
  const invitation = await findUsableInvitation(db, input.email, input.code);
  const university = await findOfferedUniversity(db, input.universityId);
  if (!university) {
    throw new AppError('invalid-argument', { universityId: VALIDATION.universityRequired });
  }
  const icon = await iconFromUpload(image, ICON_MAX_SIDE_REGISTRATION);
  const proven = cameFromTheMail(invitation, input.proof);

  try {
    return await db.transaction(async (tx): Promise<MentorRegistered> => {
      await lockEmailAddress(tx, invitation.email);
      if (await isRegisteredAddress(tx, invitation.email)) {
        throw new AppError('mentor/email-already-registered');
      }
      const [user] = await tx
        .insert(users)
        .values({ email: invitation.email, role: invitation.role, emailVerified: proven })
        .returning({ id: users.id });
      const userId = user!.id;
      const iconId = await storeIcon(tx, userId, icon);
      await tx.insert(mentors).values({
        userId,
        ...mentorProfileColumns(input, university),
        contactEmail: invitation.email,
        iconId,
        urlParam: userId,
        invitationId: invitation.id,
        invitationRole: invitation.role,
      });
      await recordAudit(tx, {
        actorId: userId,
        action: 'registration.mentor-submitted',
        targetType: 'invitation',
        targetId: invitation.id,
        ...(proven ? { details: { addressProvenBy: 'invitation-link' } } : {}),
      });
      if (!proven) {
        await issueSignInMail(
          tx,
          { email: invitation.email, userId, browserHash: await bindBrowser(tx) },
          'verify',
        );
        return { signedIn: false };
      }
      await completeInvitationOf(tx, userId);
      return { signedIn: true, sessionToken: await createSession(tx, userId) };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('mentor/email-already-registered');
    }
    throw error;
  }
}
