import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../../shared/schemas/auth';
import {
  groupSessionAttendanceSchema,
  type GroupSessionAttendance,
} from '../../shared/schemas/group-sessions';
import { VALIDATION } from '../../shared/messages/validation-keys';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { groupSessionPlaces } from '../db/schema';
import { AppError } from '../errors';
import { requireUser } from '../http/request-user';
import { followUpOpen } from '../visits';
import { lockHostedSession } from './service';

/**
 * Attendance (issue 58 point 4): after a 座談会 starts, its alumna (or an admin) records each
 * seated student 参加 or 欠席, and may change it for as long as a visit's outcome may be recorded
 * (visits' followUpOpen: THREAD_OPEN_DAYS_AFTER_MEETING after its time). A 欠席 counts toward the
 * student's no-show stop as a visit's no-show does: the count reads it (visits/queries.ts
 * recentNoShows), so nothing is stored twice.
 */
export async function recordAttendance(
  db: Database,
  user: Pick<SessionUser, 'id' | 'role'>,
  id: string,
  input: GroupSessionAttendance,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await lockHostedSession(tx, user, id);
    if (session.startsAt > now) throw new AppError('group-session/not-held-yet');
    if (!followUpOpen({ status: 'accepted', meetingAt: session.startsAt }, now)) {
      throw new AppError('group-session/attendance-closed');
    }
    const named = [...new Set(input.attendance.map((entry) => entry.studentId))];
    const seated = await tx
      .select({ studentId: groupSessionPlaces.studentId })
      .from(groupSessionPlaces)
      .where(
        and(
          eq(groupSessionPlaces.sessionId, id),
          eq(groupSessionPlaces.state, 'seated'),
          inArray(groupSessionPlaces.studentId, named),
        ),
      );
    if (seated.length !== named.length) {
      throw new AppError('invalid-argument', { attendance: VALIDATION.groupSessionNotSeated });
    }
    for (const attended of [true, false]) {
      const students = input.attendance
        .filter((entry) => entry.attended === attended)
        .map((entry) => entry.studentId);
      if (students.length === 0) continue;
      await tx
        .update(groupSessionPlaces)
        .set({ attended })
        .where(
          and(
            eq(groupSessionPlaces.sessionId, id),
            inArray(groupSessionPlaces.studentId, students),
          ),
        );
    }
  });
}

/** PUT /api/group-sessions/:id/attendance: its alumna or an admin (the service checks whose). */
export const groupSessionAttendanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.put(
    '/api/group-sessions/:id/attendance',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: { params: z.object({ id: z.uuid() }), body: groupSessionAttendanceSchema },
    },
    async (request, reply) => {
      await recordAttendance(ctx.db, requireUser(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );
};
