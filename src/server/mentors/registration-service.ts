import { ICON_MAX_SIDE_REGISTRATION } from '../../shared/constants';
import type { MentorRegistrationFields } from '../../shared/schemas/mentors';
import { formatIndustry } from '../../shared/taxonomy';
import { issueSignInMail } from '../auth/sign-in-service';
import { createSession } from '../auth/sessions';
import { pgErrorCode, UNIQUE_VIOLATION, type Database } from '../db/client';
import { lockEmailAddress } from '../db/locks';
import { mentors, users } from '../db/schema';
import { AppError } from '../errors';
import { findUsableInvitation } from '../invitations/service';
import { isRegisteredAddress } from '../invitations/queries';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { storeIcon } from '../storage/icons';
import { findOfferedUniversity } from '../universities/queries';
import { iconFromUpload } from './profile-service';
import { mentorSearchText } from './queries';

const REGISTRATION_LIMIT: Limit = {
  name: 'mentor-registration:client',
  max: 20,
  windowMs: 60 * 60_000,
};

type ParsedRegistration = Omit<MentorRegistrationFields, 'graduationYear'> & {
  graduationYear: number;
};

/**
 * Alumni sign-up from an invitation: creates the unverified account with the invitation's
 * role, the profile and its icon, signs in (to the /verify-email waiting page) and mails the
 * verification link, all in one transaction. The invitation completes when the link is followed.
 */
export async function registerMentor(
  db: Database,
  appOrigin: string,
  input: ParsedRegistration,
  image: Buffer | undefined,
  clientIp: string,
): Promise<{ sessionToken: string }> {
  await consumeLimit(db, REGISTRATION_LIMIT, clientIp);
  if (!image) throw new AppError('invalid-argument', { image: 'validation.imageRequired' });
  const invitation = await findUsableInvitation(db, input.email, input.code);
  const university = await findOfferedUniversity(db, input.universityId);
  if (!university) {
    throw new AppError('invalid-argument', { universityId: 'validation.universityRequired' });
  }
  const icon = await iconFromUpload(image, ICON_MAX_SIDE_REGISTRATION);

  try {
    return await db.transaction(async (tx) => {
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
        name: input.name,
        universityId: university.id,
        universityName: university.name,
        graduationYear: input.graduationYear,
        industry: formatIndustry(input.industryCategory, input.industrySubcategory || null),
        company: input.company,
        contactEmail: invitation.email,
        iconId,
        message: input.message,
        urlParam: userId,
        invitationId: invitation.id,
        invitationRole: invitation.role,
        searchText: mentorSearchText(input),
      });
      await issueSignInMail(tx, appOrigin, { email: invitation.email, userId }, 'verify');
      const sessionToken = await createSession(tx, userId);
      await recordAudit(tx, {
        actorId: userId,
        action: 'registration.mentor-submitted',
        targetType: 'invitation',
        targetId: invitation.id,
      });
      return { sessionToken };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('mentor/email-already-registered');
    }
    throw error;
  }
}
