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
import { recordOne, tellAbsent } from './after';
import { lockHostedSession } from './service';

/**
 * Attendance (issue 58 point 4): after a 座談会 starts, its alumna (or an admin) records each
 * seated student 参加 or 欠席, and may change it for as long as a visit's outcome may be recorded
 * (visits' followUpOpen: THREAD_OPEN_DAYS_AFTER_MEETING after its time). A 欠席 is a no-show claim
 * against the student under a visit's rules (after.ts recordOne; decision 0045): she is told once,
 * may answer, and it counts as visits/queries.ts recentNoShows says, read from her row alone.
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
    // Each student named once (the schema refuses two records for one).
    const named = input.attendance.map((entry) => entry.studentId);
    const seated = await tx
      .select({
        studentId: groupSessionPlaces.studentId,
        claimedAt: groupSessionPlaces.absenceClaimedAt,
        withdrawnAt: groupSessionPlaces.absenceWithdrawnAt,
      })
      .from(groupSessionPlaces)
      .where(
        and(
          eq(groupSessionPlaces.sessionId, id),
          eq(groupSessionPlaces.state, 'seated'),
          inArray(groupSessionPlaces.studentId, named),
        ),
      )
      .for('update');
    if (seated.length !== named.length) {
      throw new AppError('invalid-argument', { attendance: VALIDATION.groupSessionNotSeated });
    }
    const places = new Map(seated.map((place) => [place.studentId, place]));
    const filed: string[] = [];
    for (const entry of input.attendance) {
      const place = places.get(entry.studentId)!;
      if (await recordOne(tx, id, place, entry.attended, now)) filed.push(entry.studentId);
    }
    // A 欠席 is a claim against her (decision 0045): told once, when it is filed.
    for (const studentId of filed) await tellAbsent(tx, id, studentId, now);
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
