import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recommendationsQuerySchema,
  recommendationsSchema,
} from '../../shared/schemas/recommendations';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { recommendationsFor } from './service';

/**
 * 「あなたへのおすすめ」 (issue 57): the signed-in student's own, never another's, so neither
 * cached nor open to admins (a student's profile is not theirs to be scored against; the console
 * sees who is left out in its own way).
 */
export const recommendationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/recommendations',
    {
      config: { access: { roles: ['student'] } },
      schema: { querystring: recommendationsQuerySchema, response: { 200: recommendationsSchema } },
    },
    async (request) =>
      recommendationsFor(
        ctx.db,
        { id: requireUser(request).id, blockedBy: request.blockedBy ?? [] },
        request.query.count,
      ),
  );
};
