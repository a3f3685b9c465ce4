import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReachExportQuerySchema, adminReachSchema } from '../../../shared/schemas/admin-reach';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { sendDownload } from '../../lib/download';
import { ADMIN } from '../access';
import { adminReach, exportReachList } from './service';

/** 「依頼の偏り」: where the requests went, and who is left out, with its lists as CSV. */
export const adminReachRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/reach',
    { config: ADMIN, schema: { response: { 200: adminReachSchema } } },
    async () => adminReach(ctx.db),
  );

  // A text body: no response schema serialises it as JSON.
  app.get(
    '/api/admin/reach.csv',
    { config: ADMIN, schema: { querystring: adminReachExportQuerySchema } },
    async (request, reply) =>
      sendDownload(reply, await exportReachList(ctx.db, requireUser(request), request.query)),
  );
};
