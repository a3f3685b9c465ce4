import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../shared/schemas/auth';
import type { ErrorCode } from '../../shared/errors';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { errorBody } from '../http/errors';
import { findVisitRequest } from './views';
import { waitingRequestsOf } from './waiting-queries';

/**
 * Refusals that only mean the request has moved on since the caller's page was loaded: the
 * other side, or the caller's other tab, acted first. Nothing the person could put right.
 */
const STALE_STATE_CODES: ReadonlySet<ErrorCode> = new Set([
  'visit/not-open',
  'visit/not-your-turn',
  // The time accepted is not among those proposed now: a newer proposal replaced the one shown.
  'visit/proposal-changed',
  // After the visit: thanks sent from another tab, a no-show the other side recorded meanwhile,
  // a claim answered from another tab or withdrawn, the 30 days over while the page stood open.
  'visit/already-thanked',
  'visit/no-show-recorded',
  'visit/no-show-answered',
  'visit/no-show-not-claimed',
  'visit/follow-up-closed',
]);

/**
 * Runs one side's action on a request. Refused because the request is no longer where the
 * caller's page showed it, the 409 carries the request as it is now, seen from the caller's
 * side, so that a stale tab shows it rather than an error (web: features/visits/stale-answer.tsx).
 * Only the caller's own requests get here: another's is not-found first.
 */
export async function answeringWithCurrentState<T>(
  db: Database,
  user: SessionUser,
  id: string,
  reply: FastifyReply,
  action: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof AppError) || !STALE_STATE_CODES.has(error.code)) throw error;
    const current = await findVisitRequest(db, user.id, id);
    if (!current) throw error;
    return reply.code(error.statusCode).send({ ...errorBody(error.code), current });
  }
}

/**
 * A new request or booking. Refused because the student has the seminar's limit of requests
 * waiting for an answer (visit/waiting-limit), the 409 carries those requests as they are now,
 * each with its alumna, so that the form lists them (web: components/waiting-limit-notice.tsx).
 */
export async function answeringWithWaitingList<T>(
  db: Database,
  student: SessionUser,
  reply: FastifyReply,
  action: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'visit/waiting-limit') throw error;
    const current = await waitingRequestsOf(db, student.id);
    return reply.code(error.statusCode).send({ ...errorBody(error.code), current });
  }
}
