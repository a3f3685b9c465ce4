import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSetupSchema } from '../../../shared/schemas/seminar';
import type { AppContext } from '../../context';
import { ADMIN } from '../access';
import { setupOf } from './service';

/** The setup list an admin lands on until the seminar is ready (docs/PRODUCT.md §9). */
export const adminSetupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/setup',
    { config: ADMIN, schema: { response: { 200: adminSetupSchema } } },
    async () => setupOf(ctx.db),
  );
};
