import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFeedbackPageSchema, adminFeedbackQuerySchema } from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { ADMIN } from '../access';
import { listFeedback } from './queries';

/** What students and alumni privately said of their visits, for the seminar. */
export const adminFeedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/feedback',
    {
      config: ADMIN,
      schema: { querystring: adminFeedbackQuerySchema, response: { 200: adminFeedbackPageSchema } },
    },
    async (request) => listFeedback(ctx.db, request.query),
  );
};
