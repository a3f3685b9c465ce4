import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  GRADE_ROLLOVER_CATCH_UP_DAYS,
  GRADUATING_GRADE,
  NEXT_GRADE,
  type ProfileGrade,
} from '../../shared/constants';
import type { GradeRollover } from '../../shared/schemas/admin';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Database, Transaction } from '../db/client';
import { lockName } from '../db/locks';
import { gradeRollovers, students, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { schoolYearStart, tokyoSchoolYear } from '../lib/tokyo-time';
import { mailLinks } from '../mail/mail-context';
import { graduationInviteMail } from '../mail/templates';
import { tell } from '../notifications';

/**
 * The April grade rollover (docs/PRODUCT.md §4): on April 1 (Japan time) every student moves one
 * grade up (4年 and 大学院2年 become 卒業予定). Run by the hourly maintenance of every process:
 * the school year's row (unique) makes it happen once, under a lock; an admin can undo the last.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rolls the grades over if a new school year began within the catch-up days and has not been
 * rolled over (nor undone); returns how many students moved, or null when nothing was due. A
 * site first started in, say, November waits for the next April.
 */
export async function rollOverGradesIfDue(db: Database, now = new Date()): Promise<number | null> {
  const schoolYear = tokyoSchoolYear(now);
  if (
    now.getTime() - schoolYearStart(schoolYear).getTime() >
    GRADE_ROLLOVER_CATCH_UP_DAYS * DAY_MS
  ) {
    return null;
  }
  return db.transaction(async (tx) => {
    await lockName(tx, 'grade-rollover');
    const [done] = await tx
      .select({ id: gradeRollovers.id })
      .from(gradeRollovers)
      .where(eq(gradeRollovers.schoolYear, schoolYear));
    if (done) return null;
    // A student who registered or saved their profile since April 1 already gave this
    // school year's grade (a site started in April, a rollover caught up late).
    const start = schoolYearStart(schoolYear);
    const rows = await tx
      .select({ userId: students.userId, grade: students.grade })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(
        and(
          eq(users.role, 'student'),
          lt(students.createdAt, start),
          lt(students.updatedAt, start),
        ),
      );
    const changes = rows.flatMap((row) => {
      const next = NEXT_GRADE[row.grade as ProfileGrade] as ProfileGrade | undefined;
      // A grade the site does not know (hand-edited data) stays as it is.
      return next && next !== row.grade ? [{ userId: row.userId, from: row.grade, to: next }] : [];
    });
    for (const [from, to] of Object.entries(NEXT_GRADE)) {
      if (from === to) continue;
      const moved = changes.filter((change) => change.from === from).map((c) => c.userId);
      if (moved.length > 0) {
        await tx.update(students).set({ grade: to }).where(inArray(students.userId, moved));
      }
    }
    await tx.insert(gradeRollovers).values({ schoolYear, changes });
    await inviteGraduates(
      tx,
      changes.filter((change) => change.to === GRADUATING_GRADE).map((change) => change.userId),
    );
    await recordAudit(tx, {
      actorId: null,
      action: 'system.grade-rollover',
      details: { schoolYear, students: changes.length },
    });
    return changes.length;
  });
}

/** Those who became 卒業予定 are invited to apply to become an OG (docs/PRODUCT.md §4). */
async function inviteGraduates(tx: Transaction, userIds: string[]) {
  if (userIds.length === 0) return;
  for (const userId of userIds) {
    await tell(tx, {
      userId,
      kind: 'graduationInvite',
      mail: (recipient) => graduationInviteMail(mailLinks(tx).graduation(), recipient),
    });
  }
}

/** The rollovers so far, newest first (the admins' view). */
export async function listGradeRollovers(db: Database): Promise<GradeRollover[]> {
  const rows = await db
    .select({
      id: gradeRollovers.id,
      schoolYear: gradeRollovers.schoolYear,
      students: sql<number>`jsonb_array_length(${gradeRollovers.changes})::int`,
      createdAt: gradeRollovers.createdAt,
      undoneAt: gradeRollovers.undoneAt,
    })
    .from(gradeRollovers)
    .orderBy(desc(gradeRollovers.schoolYear))
    .limit(5);
  return rows;
}

/**
 * Undoes the last rollover: each student it moved goes back, unless their grade was changed
 * since (their own edit wins). The school year stays marked, so it is not rolled over again.
 */
export async function undoGradeRollover(
  db: Database,
  actor: SessionUser,
  id: string,
): Promise<GradeRollover> {
  return db.transaction(async (tx) => {
    await lockName(tx, 'grade-rollover');
    const [latest] = await tx
      .select()
      .from(gradeRollovers)
      .orderBy(desc(gradeRollovers.schoolYear))
      .limit(1);
    if (!latest || latest.id !== id) throw new AppError('not-found');
    if (latest.undoneAt) throw new AppError('admin/rollover-undone');
    for (const change of latest.changes) {
      await tx
        .update(students)
        .set({ grade: change.from })
        .where(and(eq(students.userId, change.userId), eq(students.grade, change.to)));
    }
    const undoneAt = new Date();
    await tx.update(gradeRollovers).set({ undoneAt }).where(eq(gradeRollovers.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.grade-rollover.undo',
      details: { schoolYear: latest.schoolYear, students: latest.changes.length },
    });
    return {
      id,
      schoolYear: latest.schoolYear,
      students: latest.changes.length,
      createdAt: latest.createdAt,
      undoneAt,
    };
  });
}
