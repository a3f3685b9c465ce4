import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gradeRolloverListSchema,
  gradeRolloverParamsSchema,
  gradeRolloverSchema,
} from '../../shared/schemas/admin';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { listGradeRollovers, undoGradeRollover } from './grade-rollover-service';

/** For the console's admins only, as every console route (admin/access.ts). */
const ADMIN_ONLY = { access: { roles: ['admin'] as const } };

/**
 * The console's part of the April grade rollover: what the last ones did, and undoing the last.
 * Registered with the console's routes (admin/routes.ts); it only calls this feature's service.
 */
export const adminRolloverRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/grade-rollovers',
    { config: ADMIN_ONLY, schema: { response: { 200: gradeRolloverListSchema } } },
    async () => ({ rollovers: await listGradeRollovers(ctx.db) }),
  );

  app.post(
    '/api/admin/grade-rollovers/:id/undo',
    {
      config: ADMIN_ONLY,
      schema: { params: gradeRolloverParamsSchema, response: { 200: gradeRolloverSchema } },
    },
    async (request) => undoGradeRollover(ctx.db, requireUser(request), request.params.id),
  );
};
