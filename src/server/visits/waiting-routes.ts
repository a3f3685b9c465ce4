import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitingLimitSchema } from '../../shared/schemas/waiting-requests';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { readWaitingLimit } from './waiting-queries';
import { setWaitingLimit } from './waiting-service';

/** Admins only, as every route of the console (admin/access.ts). */
const ADMIN = { access: { roles: ['admin'] as const } };

/**
 * The seminar's limit of requests one student may have waiting for an answer (issue 57): a
 * setting of its own, kept on the seminar's row beside its name and set on the same console
 * page, but read by no one else (students read it with their waiting requests,
 * GET /api/visit-requests/waiting).
 */
export const waitingLimitRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

  app.get(
    '/api/admin/seminar/waiting-limit',
    { config: ADMIN, schema: { response: { 200: waitingLimitSchema } } },
    async () => ({ waitingRequestsLimit: await readWaitingLimit(db) }),
  );

  app.put(
    '/api/admin/seminar/waiting-limit',
    { config: ADMIN, schema: { body: waitingLimitSchema, response: { 200: waitingLimitSchema } } },
    async (request) => {
      await setWaitingLimit(db, requireUser(request), request.body);
      return { waitingRequestsLimit: await readWaitingLimit(db) };
    },
  );
};
