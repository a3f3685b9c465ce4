import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminVisitExportQuerySchema,
  adminVisitListQuerySchema,
  adminVisitPageSchema,
} from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { sendDownload } from '../../lib/download';
import { ADMIN } from '../access';
import { exportVisitSchedule, listAdminVisits } from './service';

/** The visits the seminar must be able to account for: upcoming and recent, and their CSV. */
export const adminVisitRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/visits',
    {
      config: ADMIN,
      schema: { querystring: adminVisitListQuerySchema, response: { 200: adminVisitPageSchema } },
    },
    async (request) => listAdminVisits(ctx.db, request.query),
  );

  // A text body: no response schema serialises it as JSON.
  app.get(
    '/api/admin/visits.csv',
    { config: ADMIN, schema: { querystring: adminVisitExportQuerySchema } },
    async (request, reply) =>
      sendDownload(reply, await exportVisitSchedule(ctx.db, requireUser(request), request.query)),
  );
};
