import { eq } from 'drizzle-orm';
import { REGISTRATION_LINK_TTL_MS } from '../../shared/constants';
import { emailMatchesDomains } from '../../shared/schemas/common';
import type {
  PendingRegistrationView,
  RegistrationCorrection,
  StudentRegistration,
} from '../../shared/schemas/registration';
import { claimToken, countFailure, isUsable } from '../credentials/tokens';
import { createSession, type SignedIn } from '../credentials/sessions';
import { pgErrorCode, UNIQUE_VIOLATION, type Database } from '../db/client';
import { lockEmailAddress } from '../db/locks';
import { pendingRegistrations, signInTokens, students, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { hashesEqual, randomToken, sha256 } from '../lib/secrets';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { studentRegistrationMail } from '../mail/templates';
import { findOfferedUniversity, findUniversityNameEn } from '../universities';
import { isEmailTaken } from './queries';
import { VALIDATION } from '../../shared/messages/validation-keys';

const MINUTE = 60_000;
export const REGISTRATION_LIMITS = {
  perAddress: { name: 'student-registration:address', max: 5, windowMs: 60 * MINUTE },
  // A seminar's first session: a classroom registering together from one campus address.
  perClient: { name: 'student-registration:client', max: 100, windowMs: 60 * MINUTE },
  // Reading, confirming or cancelling from the link, sized like completing links.
  linkPerClient: { name: 'student-registration-link:client', max: 120, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/** What the server keeps between the form and the link: the whole profile, not the browser. */
export interface PendingStudentData {
  name: string;
  /** Absent from a registration begun before readings were asked for. */
  nameReading?: string;
  studentNumber: string;
  universityId: string;
  universityName: string;
  faculty: string;
  department: string;
  grade: string;
}

/**
 * Stores a pending registration (24 h) with the form's data and mails its link, in one
 * transaction; the account itself is created only when the link is followed.
 */
export async function registerStudent(
  db: Database,
  input: StudentRegistration,
  clientIp: string,
): Promise<void> {
  await consumeLimit(db, REGISTRATION_LIMITS.perClient, clientIp);
  await consumeLimit(db, REGISTRATION_LIMITS.perAddress, input.email);

  const university = await findOfferedUniversity(db, input.universityId);
  if (!university) {
    throw new AppError('invalid-argument', { universityId: VALIDATION.universityRequired });
  }
  if (!emailMatchesDomains(input.email, university.domains)) {
    throw new AppError('registration/domain-not-allowed', {
      email: VALIDATION.emailDomainMismatch,
    });
  }

  const data: PendingStudentData = {
    name: input.name,
    nameReading: input.nameReading,
    studentNumber: input.studentNumber,
    universityId: university.id,
    universityName: university.name,
    faculty: input.faculty,
    department: input.department,
    grade: input.grade,
  };
  const now = Date.now();
  await db.transaction(async (tx) => {
    await lockEmailAddress(tx, input.email);
    if (await isEmailTaken(tx, input.email)) throw new AppError('auth/email-already-in-use');
    // Older attempts for the address (past the 24 h block) go, with their links.
    await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, input.email));
    const [pending] = await tx
      .insert(pendingRegistrations)
      .values({
        email: input.email,
        role: 'student',
        data,
        termsAcceptedAt: new Date(now),
        expiresAt: new Date(now + REGISTRATION_LINK_TTL_MS),
      })
      .returning({ id: pendingRegistrations.id });
    const token = randomToken();
    await tx.insert(signInTokens).values({
      tokenHash: sha256(token),
      email: input.email,
      pendingRegistrationId: pending!.id,
      purpose: 'registration',
      expiresAt: new Date(now + REGISTRATION_LINK_TTL_MS),
    });
    const link = mailLinks(tx).studentRegistration(token);
    await enqueueMail(tx, { to: input.email, ...studentRegistrationMail(link) });
  });
}

/**
 * The registration link: creates the verified student and the profile, deletes the pending
 * registration and signs the student in, all in one transaction.
 */
export async function completeStudentRegistration(
  db: Database,
  tokenId: string,
  corrections?: RegistrationCorrection,
): Promise<SignedIn> {
  try {
    return await db.transaction(async (tx) => {
      const token = await claimToken(tx, tokenId);
      if (!token?.pendingRegistrationId) throw new AppError('auth/invalid-link');
      const [pending] = await tx
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.id, token.pendingRegistrationId))
        .limit(1);
      if (!pending || pending.expiresAt.getTime() <= Date.now()) {
        throw new AppError('auth/invalid-link');
      }
      // The owner of the address may correct what was entered (a stranger's form).
      const data: PendingStudentData = { ...(pending.data as PendingStudentData), ...corrections };
      const [user] = await tx
        .insert(users)
        .values({
          email: pending.email,
          role: 'student',
          emailVerified: true,
          termsAcceptedAt: pending.termsAcceptedAt,
          asksNameReading: !data.nameReading,
        })
        .returning({ id: users.id });
      await tx.insert(students).values({
        userId: user!.id,
        ...data,
        nameReading: data.nameReading || null,
        contactEmail: pending.email,
        email: pending.email,
      });
      await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pending.id));
      const sessionToken = await createSession(tx, user!.id);
      await recordAudit(tx, {
        actorId: user!.id,
        action: 'registration.student-completed',
        targetType: 'user',
        targetId: user!.id,
        // Which fields the owner changed, never their values (the log keeps no personal data).
        ...(corrections ? { details: { corrected: correctedFields(pending.data, data) } } : {}),
      });
      return { sessionToken, userId: user!.id };
    });
  } catch (error) {
    // The address became a user meanwhile (e.g. an admin created it): nothing is created twice.
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('auth/email-already-registered');
    throw error;
  }
}

// The link's page shows the entered details; the owner of the address
// confirms them (with corrections) or cancels a registration that is not theirs.

interface RegistrationLink {
  tokenId: string;
  pending: typeof pendingRegistrations.$inferSelect;
}

/**
 * The usable registration link for the token, checked against the address as a sign-in link
 * is (a wrong address counts against the link). Null when the token is no usable registration
 * link: the page then completes it as a sign-in link, which reports an invalid one.
 */
async function findRegistrationLink(
  db: Database,
  input: { token: string; email: string },
): Promise<RegistrationLink | null> {
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, sha256(input.token)))
    .limit(1);
  if (!row || row.purpose !== 'registration' || !row.pendingRegistrationId || !isUsable(row)) {
    return null;
  }
  if (!hashesEqual(row.email, input.email)) {
    await countFailure(db, row.id);
    throw new AppError('auth/email-mismatch');
  }
  const [pending] = await db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.id, row.pendingRegistrationId))
    .limit(1);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) return null;
  return { tokenId: row.id, pending };
}

/** What was entered, for the owner to check. Reading it changes nothing (mail scanners). */
export async function viewPendingRegistration(
  db: Database,
  input: { token: string; email: string },
  clientKey: string,
): Promise<PendingRegistrationView | null> {
  await consumeLimit(db, REGISTRATION_LIMITS.linkPerClient, clientKey);
  const link = await findRegistrationLink(db, input);
  if (!link) return null;
  const data = link.pending.data as PendingStudentData;
  return {
    email: link.pending.email,
    name: data.name,
    nameReading: data.nameReading ?? '',
    studentNumber: data.studentNumber,
    universityName: data.universityName,
    universityNameEn: await findUniversityNameEn(db, data.universityId),
    faculty: data.faculty,
    department: data.department,
    grade: data.grade,
  };
}

/** Creates the student with the owner's corrections and signs them in. */
export async function confirmStudentRegistration(
  db: Database,
  input: { token: string; email: string } & RegistrationCorrection,
  clientKey: string,
): Promise<SignedIn> {
  await consumeLimit(db, REGISTRATION_LIMITS.linkPerClient, clientKey);
  const link = await findRegistrationLink(db, input);
  if (!link) throw new AppError('auth/invalid-link');
  const { name, nameReading, studentNumber, faculty, department } = input;
  return completeStudentRegistration(db, link.tokenId, {
    name,
    nameReading,
    studentNumber,
    faculty,
    department,
  });
}

/**
 * "これは私の登録ではありません": the pending registration and its link go at once, so the
 * address can be registered again now rather than after the 24-hour block.
 */
export async function cancelStudentRegistration(
  db: Database,
  input: { token: string; email: string },
  clientKey: string,
): Promise<void> {
  await consumeLimit(db, REGISTRATION_LIMITS.linkPerClient, clientKey);
  const link = await findRegistrationLink(db, input);
  if (!link) throw new AppError('auth/invalid-link');
  await db.transaction(async (tx) => {
    await lockEmailAddress(tx, link.pending.email);
    // The link's row goes with the registration (on delete cascade).
    const deleted = await tx
      .delete(pendingRegistrations)
      .where(eq(pendingRegistrations.id, link.pending.id))
      .returning({ id: pendingRegistrations.id });
    if (deleted.length === 0) throw new AppError('auth/invalid-link');
    await recordAudit(tx, {
      actorId: null,
      action: 'registration.student-cancelled',
      targetType: 'pending_registration',
      targetId: link.pending.id,
    });
  });
}

function correctedFields(entered: unknown, confirmed: PendingStudentData): string[] {
  const before = entered as PendingStudentData;
  return (['name', 'nameReading', 'studentNumber', 'faculty', 'department'] as const).filter(
    (field) => before[field] !== confirmed[field],
  );
}
