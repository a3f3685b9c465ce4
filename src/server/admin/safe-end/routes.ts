import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUnconfirmedVisitListSchema } from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { ADMIN } from '../access';
import { listUnconfirmedVisits } from './queries';

/** 「確認が取れていない訪問」: a quiet list for the seminar, not an alarm (docs/PRODUCT.md §9). */
export const adminSafeEndRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/visits/unconfirmed',
    { config: ADMIN, schema: { response: { 200: adminUnconfirmedVisitListSchema } } },
    async () => listUnconfirmedVisits(ctx.db),
  );
};
