import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyPageSchema, companyParamsSchema } from '../../shared/schemas/companies';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { companyPage } from './service';

/**
 * A company's page (decision 0040): it sits above the alumni and the 訪問記録, which it
 * composes, as mentor-detail does. Never cached: what it shows depends on its reader.
 */
export const companyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/companies/:name',
    {
      config: { access: 'verified' },
      schema: { params: companyParamsSchema, response: { 200: companyPageSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      return companyPage(ctx.db, request.params.name, {
        id: user.id,
        role: user.role,
        blockedBy: request.blockedBy ?? [],
      });
    },
  );
};
