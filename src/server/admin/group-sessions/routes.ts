import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminGroupSessionExportQuerySchema,
  adminGroupSessionListQuerySchema,
  adminGroupSessionPageSchema,
} from '../../../shared/schemas/admin-group-sessions';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { sendDownload } from '../../lib/download';
import { ADMIN } from '../access';
import { exportGroupSessions, listAdminGroupSessions } from './service';

/** The console's 座談会: upcoming and held, with seats and attendance, and their CSV. */
export const adminGroupSessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/group-sessions',
    {
      config: ADMIN,
      schema: {
        querystring: adminGroupSessionListQuerySchema,
        response: { 200: adminGroupSessionPageSchema },
      },
    },
    async (request) => listAdminGroupSessions(ctx.db, request.query),
  );

  // A text body: no response schema serialises it as JSON.
  app.get(
    '/api/admin/group-sessions.csv',
    { config: ADMIN, schema: { querystring: adminGroupSessionExportQuerySchema } },
    async (request, reply) =>
      sendDownload(reply, await exportGroupSessions(ctx.db, requireUser(request), request.query)),
  );
};
