import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gradeRolloverListSchema,
  gradeRolloverParamsSchema,
  gradeRolloverSchema,
} from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { listGradeRollovers, undoGradeRollover } from '../../students';
import { ADMIN } from '../access';

/** The April grade rollovers: what the last ones did, and undoing the last. */
export const adminRolloverRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/grade-rollovers',
    { config: ADMIN, schema: { response: { 200: gradeRolloverListSchema } } },
    async () => ({ rollovers: await listGradeRollovers(ctx.db) }),
  );

  app.post(
    '/api/admin/grade-rollovers/:id/undo',
    {
      config: ADMIN,
      schema: { params: gradeRolloverParamsSchema, response: { 200: gradeRolloverSchema } },
    },
    async (request) => undoGradeRollover(ctx.db, requireUser(request), request.params.id),
  );
};
