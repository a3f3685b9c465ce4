import { eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentProfile, studentProfileUpdateSchema } from '../../shared/schemas/students';
import type { Executor } from '../db/client';
import { students } from '../db/schema';
import { universityNameEnOf } from '../universities';

/** The profile's columns with the university's English name, as the API answers it. */
const profileColumns = {
  ...getTableColumns(students),
  universityNameEn: universityNameEnOf(students.universityId),
};

export async function findStudentProfile(
  db: Executor,
  userId: string,
): Promise<StudentProfile | undefined> {
  const [profile] = await db
    .select(profileColumns)
    .from(students)
    .where(eq(students.userId, userId))
    .limit(1);
  return profile;
}

export async function updateStudentProfile(
  db: Executor,
  userId: string,
  input: z.output<typeof studentProfileUpdateSchema>,
): Promise<StudentProfile | undefined> {
  const [updated] = await db
    .update(students)
    .set({
      name: input.name,
      nameReading: input.nameReading,
      grade: input.grade,
      // The columns keep registration's required values; an emptied field is ''.
      faculty: input.faculty ?? '',
      department: input.department ?? '',
      desiredIndustry: input.desiredIndustry,
      desiredJobType: input.desiredJobType,
      selfIntroduction: input.selfIntroduction,
    })
    .where(eq(students.userId, userId))
    .returning(profileColumns);
  return updated;
}
