import { ICON_MAX_SIDE_REGISTRATION } from '../../shared/constants';
import type { z } from 'zod';
import type { mentorRegistrationSchema } from '../../shared/schemas/mentors';
import { issueSignInMail } from '../auth';
import type { BindBrowser } from '../credentials/browser-binding';
import { pgErrorCode, UNIQUE_VIOLATION, type Database } from '../db/client';
import { lockEmailAddress } from '../db/locks';
import { mentors, users } from '../db/schema';
import { AppError } from '../errors';
import { findUsableInvitation, isRegisteredAddress } from '../invitations';
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

/**
 * Alumni sign-up from an invitation: creates the unverified account with the invitation's
 * role, the profile and its icon, and mails the verification link bound to the submitting
 * browser, all in one transaction. No session: whoever submitted the form
 * may not be the invitee; the browser only waits on /verify-email by its binding cookie. The
 * invitation completes when the link is followed or its code typed in this browser.
 */
export async function registerMentor(
  db: Database,
  input: ParsedRegistration,
  image: Buffer | undefined,
  bindBrowser: BindBrowser,
): Promise<void> {
  if (!image) throw new AppError('invalid-argument', { image: VALIDATION.imageRequired });
  const invitation = await findUsableInvitation(db, input.email, input.code);
  const university = await findOfferedUniversity(db, input.universityId);
  if (!university) {
    throw new AppError('invalid-argument', { universityId: VALIDATION.universityRequired });
  }
  const icon = await iconFromUpload(image, ICON_MAX_SIDE_REGISTRATION);

  try {
    await db.transaction(async (tx) => {
      await lockEmailAddress(tx, invitation.email);
      if (await isRegisteredAddress(tx, invitation.email)) {
        throw new AppError('mentor/email-already-registered');
      }
      const [user] = await tx
        .insert(users)
        .values({ email: invitation.email, role: invitation.role, emailVerified: false })
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
      await issueSignInMail(
        tx,
        { email: invitation.email, userId, browserHash: await bindBrowser(tx) },
        'verify',
      );
      await recordAudit(tx, {
        actorId: userId,
        action: 'registration.mentor-submitted',
        targetType: 'invitation',
        targetId: invitation.id,
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('mentor/email-already-registered');
    }
    throw error;
  }
}
