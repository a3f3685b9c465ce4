import { and, count, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminUniversity, universityInputSchema } from '../../../shared/schemas/admin';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Database, Executor, Transaction } from '../../db/client';
import { lockName } from '../../db/locks';
import { mentors, students, universities, universityDomains } from '../../db/schema';
import { AppError } from '../../errors';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { recordAudit } from '../../lib/audit';
import { randomFromAlphabet } from '../../lib/secrets';
import { byUniversityReading } from '../../../shared/schemas/universities';

/** The form's input once parsed: the name trimmed, domains lower-cased and distinct. */
type ParsedUniversity = z.output<typeof universityInputSchema>;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every university with its mail domains and how many students and alumni name it, retired
 * ones included (they stay on existing profiles). Ordered by name as Japanese readers sort.
 */
export async function listAdminUniversities(
  db: Executor,
  onlyId?: string,
): Promise<AdminUniversity[]> {
  // Every university, or only the one a write just changed.
  const which = (column: AnyPgColumn) =>
    onlyId === undefined ? isNotNull(column) : eq(column, onlyId);
  // One after another: inside a transaction they share one connection.
  const rows = await db.select().from(universities).where(which(universities.id));
  const domains = await db
    .select()
    .from(universityDomains)
    .where(which(universityDomains.universityId))
    .orderBy(universityDomains.domain);
  const studentCounts = await db
    .select({ universityId: students.universityId, n: count() })
    .from(students)
    .where(which(students.universityId))
    .groupBy(students.universityId);
  const mentorCounts = await db
    .select({ universityId: mentors.universityId, n: count() })
    .from(mentors)
    .where(which(mentors.universityId))
    .groupBy(mentors.universityId);
  const studentsOf = new Map(studentCounts.map((row) => [row.universityId, row.n]));
  const mentorsOf = new Map(mentorCounts.map((row) => [row.universityId, row.n]));
  return rows
    .map((university) => ({
      id: university.id,
      name: university.name,
      reading: university.reading,
      nameEn: university.nameEn,
      domains: domains.filter((d) => d.universityId === university.id).map((d) => d.domain),
      retiredAt: university.retiredAt,
      studentCount: studentsOf.get(university.id) ?? 0,
      mentorCount: mentorsOf.get(university.id) ?? 0,
    }))
    .sort(byUniversityReading);
}

async function answer(db: Executor, id: string): Promise<AdminUniversity> {
  const [university] = await listAdminUniversities(db, id);
  if (!university) throw new AppError('not-found');
  return university;
}

/**
 * A domain decides which university a student's address belongs to, so it names one
 * university only, retired ones included. Checked under a lock so two saves cannot both pass.
 */
async function ensureDomainsFree(tx: Transaction, domains: string[], universityId: string) {
  await lockName(tx, 'university-domains');
  const [taken] = await tx
    .select({ domain: universityDomains.domain })
    .from(universityDomains)
    .where(
      and(
        inArray(universityDomains.domain, domains),
        ne(universityDomains.universityId, universityId),
      ),
    )
    .limit(1);
  if (taken) {
    throw new AppError('university/domain-taken', { domains: VALIDATION.domainTaken });
  }
}

export async function createUniversity(
  db: Database,
  actor: SessionUser,
  input: ParsedUniversity,
): Promise<AdminUniversity> {
  const id = `u-${randomFromAlphabet(ID_ALPHABET, 8)}`;
  return db.transaction(async (tx) => {
    await ensureDomainsFree(tx, input.domains, id);
    await tx
      .insert(universities)
      .values({ id, name: input.name, reading: input.reading, nameEn: input.nameEn });
    await tx
      .insert(universityDomains)
      .values(input.domains.map((domain) => ({ domain, universityId: id })));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.university.create',
      targetType: 'university',
      targetId: id,
    });
    return answer(tx, id);
  });
}

/**
 * Renames and replaces the domain list. Profiles keep the university name they were saved
 * with: a rename is not rewritten into anyone's history.
 */
export async function updateUniversity(
  db: Database,
  actor: SessionUser,
  id: string,
  input: ParsedUniversity,
): Promise<AdminUniversity> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(universities)
      .set({ name: input.name, reading: input.reading, nameEn: input.nameEn })
      .where(eq(universities.id, id))
      .returning({ id: universities.id });
    if (!updated) throw new AppError('not-found');
    await ensureDomainsFree(tx, input.domains, id);
    await tx
      .delete(universityDomains)
      .where(
        and(
          eq(universityDomains.universityId, id),
          notInArray(universityDomains.domain, input.domains),
        ),
      );
    await tx
      .insert(universityDomains)
      .values(input.domains.map((domain) => ({ domain, universityId: id })))
      .onConflictDoNothing();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.university.update',
      targetType: 'university',
      targetId: id,
    });
    return answer(tx, id);
  });
}

/**
 * Retiring takes a university off the registration forms; restoring offers it again. Doing
 * either twice changes nothing and records nothing.
 */
export async function setUniversityRetired(
  db: Database,
  actor: SessionUser,
  id: string,
  retired: boolean,
): Promise<AdminUniversity> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(universities)
      .set({ retiredAt: retired ? sql`now()` : null })
      .where(
        and(
          eq(universities.id, id),
          retired ? isNull(universities.retiredAt) : isNotNull(universities.retiredAt),
        ),
      )
      .returning({ id: universities.id });
    if (changed) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: retired ? 'admin.university.retire' : 'admin.university.restore',
        targetType: 'university',
        targetId: id,
      });
    }
    return answer(tx, id);
  });
}
