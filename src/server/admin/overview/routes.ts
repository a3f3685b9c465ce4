import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { ADMIN } from '../access';
import { adminOverview } from './queries';

/** The console's first page: counts, the charts and what waits for an admin. */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/overview',
    { config: ADMIN, schema: { response: { 200: adminOverviewSchema } } },
    async () => adminOverview(ctx.db),
  );
};
