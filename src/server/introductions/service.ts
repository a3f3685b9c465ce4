import { and, eq } from 'drizzle-orm';
import { maskContactDetails } from '../../shared/contact-masking';
import type { SessionUser } from '../../shared/schemas/auth';
import type {
  IntroducedStudent,
  IntroductionAnswer,
  IntroductionForm,
  IntroductionView,
} from '../../shared/schemas/introductions';
import { pgErrorCode, type Database, type Executor } from '../db/client';
import { introductions, mentors } from '../db/schema';
import { AppError } from '../errors';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { mailLinks } from '../mail/mail-context';
import { introducedMail, introductionOptedInMail, type Introducer } from '../mail/templates';
import { tell } from '../notifications';
import { refreshNextSlots } from '../booking';
import { lockRequestsOf, lockUserPair } from '../visits';
import { tokyoMonthStart } from '../lib/tokyo-time';
import {
  findIntroducedMentor,
  findIntroducibleStudent,
  findIntroduction,
  type IntroductionRow,
} from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** PostgreSQL's unique_violation: the pair's pending introduction, raced. */
const UNIQUE_VIOLATION = '23505';

/**
 * How many introductions one person makes a day: an alumna introduces the few students she met,
 * an admin works through the console's list of those left out.
 */
export const INTRODUCTIONS_PER_DAY: Record<'mentor' | 'admin', Limit> = {
  mentor: { name: 'introduction:mentor', max: 10, windowMs: DAY_MS },
  admin: { name: 'introduction:admin', max: 50, windowMs: DAY_MS },
};

type Introducing = SessionUser & { role: 'mentor' | 'admin' };

export function isIntroducer(user: SessionUser): user is Introducing {
  return user.role === 'mentor' || user.role === 'admin';
}

/**
 * The student an introducer means to introduce, for the form's heading: any student for an
 * admin, only one she met for an alumna (decision 0044). A suspended student is introduced to
 * no one, nor by someone with a block between the two: the student hears the introducer's name
 * and words when the alumna opts in.
 */
export async function studentToIntroduce(
  db: Executor,
  introducer: Introducing,
  studentId: string,
): Promise<IntroducedStudent> {
  const student = await findIntroducibleStudent(db, studentId, introducer.id);
  if (!student) throw new AppError('not-found');
  if (introducer.role === 'mentor' && !student.met) throw new AppError('introduction/no-visit');
  if (student.blocked) throw new AppError('introduction/unavailable');
  return { id: student.id, name: student.name, university: student.university };
}

/**
 * An alumna or an admin introduces a student to another alumna (紹介): the alumna is asked, on
 * the bell and by mail; the student hears nothing until she opts in. Refused, each with its
 * code: a student the alumna introducing never met, an alumna not listed (a suspended one is
 * not), one who turned introductions off (said so, so the introducer chooses another), a block
 * either way (not said as such: a third person learns nothing of a block), and a second
 * pending introduction of the pair. Under the pair's lock, as a block takes it.
 */
export async function introduce(
  db: Database,
  introducer: Introducing,
  form: IntroductionForm,
): Promise<{ id: string }> {
  await consumeLimit(db, INTRODUCTIONS_PER_DAY[introducer.role], introducer.id);
  try {
    return await db.transaction(async (tx) => {
      const student = await studentToIntroduce(tx, introducer, form.studentId);
      const mentor = await findIntroducedMentor(tx, form.mentorUrlParam, student.id, introducer.id);
      if (!mentor) throw new AppError('not-found');
      await lockUserPair(tx, student.id, mentor.userId);
      const fresh = (await findIntroducedMentor(
        tx,
        form.mentorUrlParam,
        student.id,
        introducer.id,
      ))!;
      if (fresh.userId === introducer.id || !fresh.isAlumna) {
        throw new AppError('introduction/unavailable');
      }
      if (!fresh.takesIntroductions) throw new AppError('introduction/turned-off');
      if (fresh.blocked) throw new AppError('introduction/unavailable');
      if (fresh.pending) throw new AppError('introduction/already-pending');
      const introducerName =
        introducer.role === 'mentor' ? await mentorName(tx, introducer.id) : '';
      const [created] = await tx
        .insert(introductions)
        .values({
          studentId: student.id,
          mentorId: fresh.userId,
          introducedBy: introducer.id,
          introducerRole: introducer.role,
          introducerName,
          // Words to someone the student has not met: contact details masked, as a request's.
          reason: maskContactDetails(form.reason).text,
        })
        .returning({ id: introductions.id, reason: introductions.reason });
      const { id, reason } = created!;
      await tell(tx, {
        userId: fresh.userId,
        kind: 'introduced',
        facts: { visitRequestId: null, introductionId: id, actorName: student.name },
        mail: (recipient) =>
          introducedMail(
            mailLinks(tx).introduction(id),
            {
              introducer: { role: introducer.role, name: introducerName },
              student: student.name,
              university: student.university,
              reason,
            },
            recipient,
          ),
      });
      return { id };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('introduction/already-pending');
    throw error;
  }
}

async function mentorName(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: mentors.name })
    .from(mentors)
    .where(eq(mentors.userId, userId));
  return row?.name ?? '';
}

/**
 * How `user` stands to an introduction, or null if it is not theirs to read: the introduced
 * alumna always; the student only once the alumna opted in (never told of a pending or a
 * declined one); the introducer, to see what became of it; nobody else, admins included
 * (the console has its own views).
 */
function readerOf(user: SessionUser, row: IntroductionRow): IntroductionView['as'] | null {
  if (user.id === row.mentorId) return 'mentor';
  if (user.id === row.studentId) return row.status === 'opted_in' ? 'student' : null;
  if (user.id === row.introducedBy) return 'introducer';
  return null;
}

function viewOf(row: IntroductionRow, as: IntroductionView['as']): IntroductionView {
  return {
    id: row.id,
    as,
    status: row.status,
    introducerName: row.introducerName,
    introducerRole: row.introducerRole,
    reason: row.reason,
    student: { name: row.studentName, university: row.studentUniversity },
    mentor: { name: row.mentorName, company: row.mentorCompany, urlParam: row.mentorUrlParam },
    requestId: as === 'introducer' ? null : row.requestId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One introduction as `user` reads it; another's answers as if absent. */
export async function introductionFor(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<IntroductionView> {
  const row = await findIntroduction(db, id);
  const as = row && readerOf(user, row);
  if (!row || !as) throw new AppError('not-found');
  return viewOf(row, as);
}

/**
 * The introduced alumna opts in or declines. A decline is hers alone: the student is never told,
 * and the introduction costs her nothing. An opt-in counts toward her monthly limit from now
 * (booking/takes-requests.ts; her slots are worked out again) and tells the student, who asks
 * from it in one step. Refused when the pair can no longer meet (a block since, or a suspended
 * student).
 */
export async function answerIntroduction(
  db: Database,
  mentor: SessionUser,
  id: string,
  input: IntroductionAnswer,
): Promise<IntroductionView> {
  return db.transaction(async (tx) => {
    const first = await findIntroduction(tx, id);
    if (!first || first.mentorId !== mentor.id) throw new AppError('not-found');
    await lockRequestsOf(tx, first.mentorId, first.studentId);
    const now = new Date();
    const row = (await findIntroduction(tx, id, tokyoMonthStart(now)))!;
    if (row.status !== 'pending') throw new AppError('introduction/not-pending');
    const optIn = input.answer === 'opt_in';
    if (optIn && (row.blocked || row.studentSuspended || row.introducerBlocked)) {
      throw new AppError('introduction/unavailable');
    }
    if (optIn && row.atLimit) {
      throw new AppError('introduction/monthly-limit');
    }
    const [answered] = await tx
      .update(introductions)
      .set({ status: optIn ? 'opted_in' : 'declined', answeredAt: now })
      .where(and(eq(introductions.id, id), eq(introductions.status, 'pending')))
      .returning({ id: introductions.id });
    if (!answered) throw new AppError('introduction/not-pending');
    if (optIn) {
      // One more toward her limit this month: it may now close her slots.
      await refreshNextSlots(tx, [row.mentorId], now);
      const introducer: Introducer = { role: row.introducerRole, name: row.introducerName };
      await tell(tx, {
        userId: row.studentId,
        kind: 'introductionOptedIn',
        facts: { visitRequestId: null, introductionId: id, actorName: row.mentorName },
        mail: (recipient) =>
          introductionOptedInMail(
            mailLinks(tx).introducedRequest(row.mentorUrlParam, id),
            { introducer, mentor: row.mentorName, company: row.mentorCompany, reason: row.reason },
            recipient,
          ),
      });
    }
    return viewOf({ ...row, status: optIn ? 'opted_in' : 'declined' }, 'mentor');
  });
}

/** Her own setting: whether she may be introduced. */
export async function introductionSettingsOf(db: Executor, mentorId: string) {
  const [row] = await db
    .select({ takesIntroductions: mentors.takesIntroductions })
    .from(mentors)
    .where(eq(mentors.userId, mentorId));
  if (!row) throw new AppError('not-found');
  return row;
}

export async function saveIntroductionSettings(
  db: Executor,
  mentorId: string,
  takesIntroductions: boolean,
) {
  const [row] = await db
    .update(mentors)
    .set({ takesIntroductions })
    .where(eq(mentors.userId, mentorId))
    .returning({ takesIntroductions: mentors.takesIntroductions });
  if (!row) throw new AppError('not-found');
  return row;
}
