import { eq } from 'drizzle-orm';
import { ICON_MAX_SIDE_EDIT } from '../../shared/constants';
import type { MentorProfileFields } from '../../shared/schemas/mentors';
import type { Database } from '../db/client';
import { mentors } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { retireIconsExcept, processIcon, storeIcon } from '../storage';
import { findOfferedUniversity } from '../universities';
import { mentorDerivedColumns } from './queries';
import { VALIDATION } from '../../shared/messages/validation-keys';

/** Decodes an upload for the icon; a file that is no image is the uploader's mistake (400). */
export async function iconFromUpload(image: Buffer, maxSide: number) {
  try {
    return await processIcon(image, maxSide);
  } catch (error) {
    if (error instanceof AppError) {
      const key =
        error.code === 'upload/image-too-large'
          ? VALIDATION.imageTooLarge
          : VALIDATION.imageNotImage;
      throw new AppError(error.code, { image: key });
    }
    throw error;
  }
}

/**
 * The columns an alumnus's profile form writes, the same at registration and on every edit:
 * what was entered, the university as chosen, and the columns derived from them.
 */
export function mentorProfileColumns(
  input: MentorProfileFields,
  university: { id: string; name: string },
) {
  return {
    name: input.name,
    universityId: university.id,
    universityName: university.name,
    faculty: input.faculty,
    graduationYear: input.graduationYear,
    company: input.company,
    message: input.message,
    ...mentorDerivedColumns(input),
    nameReading: input.nameReading,
    companyReading: input.companyReading,
    jobType: input.jobType,
    joinedYear: input.joinedYear,
    topics: input.topics,
    topicsNote: input.topicsNote,
  };
}

/**
 * Saves the alumnus's own profile. A new image is decoded first (bad input changes
 * nothing); if storing it then fails, the text stays saved and the answer says so.
 */
export async function updateOwnMentorProfile(
  db: Database,
  userId: string,
  input: MentorProfileFields,
  image: Buffer | undefined,
  logError: (error: unknown) => void,
): Promise<{ imageUpdated: boolean }> {
  const [existing] = await db.select().from(mentors).where(eq(mentors.userId, userId)).limit(1);
  if (!existing) throw new AppError('not-found');
  // A retired university stays on the profile it is already on.
  const university =
    input.universityId === existing.universityId
      ? { id: existing.universityId, name: existing.universityName }
      : await findOfferedUniversity(db, input.universityId);
  if (!university) {
    throw new AppError('invalid-argument', { universityId: VALIDATION.universityRequired });
  }
  const icon = image ? await iconFromUpload(image, ICON_MAX_SIDE_EDIT) : undefined;

  await db.transaction(async (tx) => {
    await tx
      .update(mentors)
      .set({
        ...mentorProfileColumns(input, university),
      })
      .where(eq(mentors.userId, userId));
    await recordAudit(tx, {
      actorId: userId,
      action: 'mentor.profile-update',
      targetType: 'mentor',
      targetId: userId,
    });
  });
  if (!icon) return { imageUpdated: false };

  try {
    await db.transaction(async (tx) => {
      const iconId = await storeIcon(tx, userId, icon);
      await tx.update(mentors).set({ iconId }).where(eq(mentors.userId, userId));
      await retireIconsExcept(tx, userId, iconId);
    });
    return { imageUpdated: true };
  } catch (error) {
    logError(error);
    return { imageUpdated: false };
  }
}
