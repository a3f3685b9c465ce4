import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  comingGraduationYear,
  EMAIL_CHANGE_LINK_TTL_MS,
  GRADUATION_GRADES,
  ICON_MAX_SIDE_REGISTRATION,
} from '../../shared/constants';
import { VALIDATION } from '../../shared/messages/validation-keys';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  GraduationApplicantList,
  GraduationStatus,
  graduationApplicationSchema,
  GraduationCohortInput,
} from '../../shared/schemas/graduation';
import type { MentorProfileFields } from '../../shared/schemas/mentors';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../db/client';
import { emailChanges, graduationApplications, mentors, students, users } from '../db/schema';
import { applyEmailChange, startEmailChange } from '../email-change';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { mailAddresseeOf } from '../mail/addressee';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { graduationAddressMail, graduationInviteMail } from '../mail/templates';
import { tell } from '../notifications';
import { iconFromUpload, mentorProfileColumns } from '../mentors';
import { retireIconsExcept, storeIcon } from '../storage';
import { findUniversityNameEn } from '../universities';

/**
 * Graduation into OG (docs/PRODUCT.md §4). A student of the last grades, or of a cohort an admin
 * marked, applies with a personal address and an alumni profile. The address is confirmed as an
 * address change is (email-change/service, purpose 'graduation'): following its link moves the
 * account to that address and to mentor_pending with the profile, and an admin approves it as
 * for invited alumni. The account stays the same user, so its visit history stays with it.
 */

const APPLICATIONS_PER_USER: Limit = {
  name: 'graduation:user',
  max: 5,
  windowMs: 60 * 60 * 1000,
};

type StudentRow = typeof students.$inferSelect;

/** Whether the student may apply: a last grade, or an admin marked their cohort. */
function mayApply(student: StudentRow): boolean {
  return GRADUATION_GRADES.includes(student.grade as never) || student.graduatingMarkedAt !== null;
}

async function studentOf(db: Executor, userId: string): Promise<StudentRow> {
  const [student] = await db.select().from(students).where(eq(students.userId, userId));
  if (!student) throw new AppError('not-found');
  return student;
}

/** The application whose link is still to be followed, with the address it went to. */
async function unconfirmedApplication(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: emailChanges.newEmail })
    .from(graduationApplications)
    .innerJoin(emailChanges, eq(emailChanges.id, graduationApplications.emailChangeId))
    .where(
      and(
        eq(graduationApplications.userId, userId),
        isNull(graduationApplications.appliedAt),
        isNull(emailChanges.appliedAt),
        sql`${emailChanges.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(graduationApplications.createdAt))
    .limit(1);
  return row;
}

/** GET /api/graduation: may the student apply, and what the form starts from. */
export async function graduationStatus(db: Executor, userId: string): Promise<GraduationStatus> {
  const student = await studentOf(db, userId);
  return {
    eligible: mayApply(student),
    pendingEmail: (await unconfirmedApplication(db, userId))?.email ?? null,
    prefill: {
      name: student.name,
      nameReading: student.nameReading,
      universityId: student.universityId,
      universityName: student.universityName,
      universityNameEn: student.universityId
        ? await findUniversityNameEn(db, student.universityId)
        : null,
      faculty: student.faculty,
      graduationYear: comingGraduationYear(),
    },
  };
}

type ApplicationInput = z.output<typeof graduationApplicationSchema>;

/**
 * The application: the profile (the university is the student's own) and its icon are kept,
 * and the personal address gets the link that confirms it. An earlier unconfirmed application
 * of the student's is replaced.
 */
export async function applyForGraduation(
  db: Database,
  user: SessionUser,
  input: ApplicationInput,
  image: Buffer | undefined,
): Promise<{ email: string }> {
  const student = await studentOf(db, user.id);
  if (!mayApply(student)) throw new AppError('graduation/not-eligible');
  if (!image) throw new AppError('invalid-argument', { image: VALIDATION.imageRequired });
  if (input.email === user.email) {
    throw new AppError('invalid-argument', { email: VALIDATION.emailSameAsCurrent });
  }
  await consumeLimit(db, APPLICATIONS_PER_USER, user.id);
  const icon = await iconFromUpload(image, ICON_MAX_SIDE_REGISTRATION);
  const { email: _address, ...fields } = input;
  const profile: MentorProfileFields = {
    ...fields,
    universityId: student.universityId ?? input.universityId,
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(graduationApplications)
      .where(
        and(eq(graduationApplications.userId, user.id), isNull(graduationApplications.appliedAt)),
      );
    const change = await startEmailChange(tx, user, input.email, 'graduation');
    const iconId = await storeIcon(tx, user.id, icon);
    // A replaced application's photo goes the way of a replaced icon (purged after its grace).
    await retireIconsExcept(tx, user.id, iconId);
    await tx.insert(graduationApplications).values({
      userId: user.id,
      emailChangeId: change.id,
      profile,
      iconId,
    });
    const link = mailLinks(tx).graduationConfirm(change.token);
    await enqueueMail(tx, {
      to: input.email,
      ...graduationAddressMail(link, await mailAddresseeOf(tx, user.id)),
      readableUntil: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
    });
  });
  return { email: input.email };
}

/**
 * The personal address's link was followed: the account moves to it (as an address change,
 * other sessions ending, the university address told), becomes mentor_pending and gets the
 * alumni profile. The student profile stays, for the names on past visit requests.
 */
export async function confirmGraduation(
  db: Database,
  token: string,
  currentSessionHash: string | undefined,
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const applied = await applyEmailChange(tx, token, 'graduation', currentSessionHash);
    const [application] = await tx
      .select()
      .from(graduationApplications)
      .where(eq(graduationApplications.emailChangeId, applied.changeId))
      .for('update');
    const [user] = await tx.select().from(users).where(eq(users.id, applied.userId));
    // A student still: an admin may have changed the role meanwhile.
    if (!application || application.appliedAt || user?.role !== 'student') {
      throw new AppError('auth/invalid-link');
    }
    await becomeAlumna(tx, application, applied.email);
    await recordAudit(tx, {
      actorId: applied.userId,
      action: 'student.graduation-applied',
      targetType: 'user',
      targetId: applied.userId,
    });
    return { email: applied.email };
  });
}

async function becomeAlumna(
  tx: Transaction,
  application: typeof graduationApplications.$inferSelect,
  email: string,
) {
  const profile = application.profile as MentorProfileFields;
  const student = await studentOf(tx, application.userId);
  const university = { id: profile.universityId, name: student.universityName };
  await tx.insert(mentors).values({
    userId: application.userId,
    ...mentorProfileColumns(profile, university),
    contactEmail: email,
    iconId: application.iconId,
    urlParam: application.userId,
  });
  await tx.update(users).set({ role: 'mentor_pending' }).where(eq(users.id, application.userId));
  await tx
    .update(graduationApplications)
    .set({ appliedAt: new Date() })
    .where(eq(graduationApplications.id, application.id));
}

/**
 * An admin marks a graduating cohort: the students of these grades (of one university, or all)
 * may apply, and each newly marked one is mailed an invitation to.
 */
export async function markGraduatingCohort(
  db: Database,
  adminId: string,
  input: GraduationCohortInput,
): Promise<{ marked: number }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(students)
      .set({ graduatingMarkedAt: new Date() })
      .where(
        and(
          inArray(students.grade, input.grades),
          input.universityId ? eq(students.universityId, input.universityId) : undefined,
          isNull(students.graduatingMarkedAt),
          // Only students who still are students (not those who already applied).
          sql`exists (select 1 from users u where u.id = ${students.userId} and u.role = 'student')`,
        ),
      )
      .returning({ userId: students.userId, email: students.email, name: students.name });
    for (const student of marked) {
      await tell(tx, {
        userId: student.userId,
        kind: 'graduationInvite',
        mail: (recipient) => graduationInviteMail(mailLinks(tx).graduation(), recipient),
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.graduation.cohort',
      targetType: 'user',
      targetId: adminId,
      details: {
        grades: input.grades,
        universityId: input.universityId ?? null,
        marked: marked.length,
      },
    });
    return { marked: marked.length };
  });
}

/** The admins' view: who applied (newest first) and how many marked have not. */
export async function listGraduationApplicants(db: Executor): Promise<GraduationApplicantList> {
  const rows = await db
    .select({
      userId: users.id,
      name: students.name,
      universityName: students.universityName,
      email: users.email,
      role: users.role,
      appliedAt: graduationApplications.appliedAt,
      createdAt: graduationApplications.createdAt,
    })
    .from(graduationApplications)
    .innerJoin(users, eq(users.id, graduationApplications.userId))
    .innerJoin(students, eq(students.userId, graduationApplications.userId))
    .leftJoin(emailChanges, eq(emailChanges.id, graduationApplications.emailChangeId))
    .where(or(isNotNull(graduationApplications.appliedAt), sql`${emailChanges.expiresAt} > now()`))
    .orderBy(desc(graduationApplications.createdAt))
    .limit(200);
  const [notApplied] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        isNotNull(students.graduatingMarkedAt),
        eq(users.role, 'student'),
        sql`not exists (select 1 from graduation_applications g where g.user_id = ${students.userId})`,
      ),
    );
  return {
    applicants: rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      universityName: row.universityName,
      email: row.email,
      role: row.role,
      state:
        row.appliedAt === null
          ? 'address-unconfirmed'
          : row.role === 'mentor_pending'
            ? 'awaiting-approval'
            : 'approved',
      appliedAt: row.appliedAt ?? row.createdAt,
    })),
    markedNotApplied: notApplied?.n ?? 0,
  };
}
