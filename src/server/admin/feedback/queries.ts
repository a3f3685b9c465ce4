import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminFeedbackPage,
  type AdminFeedbackQuery,
} from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { cursorTimeOf, olderThanCursor, toPage } from '../../db/paging';
import { mentors, students, visitFeedback, visitRequests } from '../../db/schema';

/** One page of the feedback both sides left on their visits, newest first. */
export async function listFeedback(
  db: Executor,
  query: AdminFeedbackQuery,
): Promise<AdminFeedbackPage> {
  const conditions: SQL[] = [];
  if (query.side) conditions.push(eq(visitFeedback.side, query.side));
  const older = olderThanCursor(
    visitFeedback.updatedAt,
    visitFeedback.visitRequestId,
    query.cursor,
  );
  if (older) conditions.push(older);
  const rows = await db
    .select({
      visitRequestId: visitFeedback.visitRequestId,
      side: visitFeedback.side,
      rating: visitFeedback.rating,
      comment: visitFeedback.comment,
      updatedAt: visitFeedback.updatedAt,
      cursorTime: cursorTimeOf(visitFeedback.updatedAt),
      studentName: students.name,
      mentorName: mentors.name,
      meetingAt: visitRequests.meetingAt,
    })
    .from(visitFeedback)
    .innerJoin(visitRequests, eq(visitRequests.id, visitFeedback.visitRequestId))
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .where(and(...conditions))
    .orderBy(desc(visitFeedback.updatedAt), desc(visitFeedback.visitRequestId))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({
    time: row.cursorTime,
    id: row.visitRequestId,
  }));
  return {
    items: page.items.map(({ cursorTime: _cursor, ...item }) => item),
    nextCursor: page.nextCursor,
  };
}
