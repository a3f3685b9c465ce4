import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { NO_SHOW_WINDOW_DAYS } from '../../../shared/constants';
import type { AdminNoShowClaim } from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { groupSessionPlaces, groupSessions, mentors, students } from '../../db/schema';
import { placeClaim } from '../../group-sessions';
import { absenceCleared, absenceCounts, answerDeadline } from '../../visits';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The 座談会 absences recorded of each of `userIds` (students) for sessions of the last
 * NO_SHOW_WINDOW_DAYS, as no-show claims by the session's alumna (decision 0045): what the
 * admins read beside a visit's claims before upholding or dismissing one. One read for a page.
 */
export async function absencesAgainst(
  db: Executor,
  userIds: string[],
  now = new Date(),
): Promise<Map<string, AdminNoShowClaim[]>> {
  const byUser = new Map<string, AdminNoShowClaim[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      studentId: groupSessionPlaces.studentId,
      sessionId: groupSessions.id,
      title: groupSessions.title,
      claimantName: mentors.name,
      startsAt: groupSessions.startsAt,
      claimedAt: groupSessionPlaces.absenceClaimedAt,
      answerNote: groupSessionPlaces.absenceAnswerNote,
      answeredAt: groupSessionPlaces.absenceAnsweredAt,
      withdrawnAt: groupSessionPlaces.absenceWithdrawnAt,
      decision: groupSessionPlaces.absenceDecision,
      decidedAt: groupSessionPlaces.absenceDecidedAt,
      counts: absenceCounts(placeClaim, groupSessions.startsAt, students.noShowsClearedAt, now),
      cleared: absenceCleared(groupSessions.startsAt, students.noShowsClearedAt),
    })
    .from(groupSessionPlaces)
    .innerJoin(groupSessions, eq(groupSessions.id, groupSessionPlaces.sessionId))
    .innerJoin(students, eq(students.userId, groupSessionPlaces.studentId))
    .leftJoin(mentors, eq(mentors.userId, groupSessions.mentorId))
    .where(
      and(
        inArray(groupSessionPlaces.studentId, userIds),
        isNotNull(groupSessionPlaces.absenceClaimedAt),
        eq(groupSessionPlaces.state, 'seated'),
        isNull(groupSessions.cancelledAt),
        gt(groupSessions.startsAt, new Date(now.getTime() - NO_SHOW_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(groupSessions.startsAt));
  for (const row of rows) {
    const list = byUser.get(row.studentId) ?? [];
    list.push({
      visitRequestId: null,
      groupSession: { id: row.sessionId, title: row.title },
      claimantName: row.claimantName,
      meetingAt: row.startsAt,
      reason: '',
      claimedAt: row.claimedAt!,
      answer: row.answeredAt !== null ? { note: row.answerNote ?? '', at: row.answeredAt } : null,
      answerBy: answerDeadline(row.claimedAt!),
      withdrawnAt: row.withdrawnAt,
      decision: row.decision,
      decidedAt: row.decidedAt,
      counts: row.counts,
      cleared: row.cleared,
    });
    byUser.set(row.studentId, list);
  }
  return byUser;
}
