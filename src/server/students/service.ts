import type { z } from 'zod';
import type { StudentProfile, studentProfileUpdateSchema } from '../../shared/schemas/students';
import type { Database, Executor } from '../db/client';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { findStudentProfile, updateStudentProfile } from './queries';

/** The signed-in student's own profile: the id always comes from the session. */
export async function ownStudentProfile(db: Executor, userId: string): Promise<StudentProfile> {
  const profile = await findStudentProfile(db, userId);
  if (!profile) throw new AppError('not-found');
  return profile;
}

/** A student edits only their own profile; the change is audited with it. */
export async function updateOwnStudentProfile(
  db: Database,
  userId: string,
  input: z.output<typeof studentProfileUpdateSchema>,
): Promise<StudentProfile> {
  const updated = await db.transaction(async (tx) => {
    const row = await updateStudentProfile(tx, userId, input);
    await recordAudit(tx, {
      actorId: userId,
      action: 'student.profile-update',
      targetType: 'student',
      targetId: userId,
    });
    return row;
  });
  if (!updated) throw new AppError('not-found');
  return updated;
}
