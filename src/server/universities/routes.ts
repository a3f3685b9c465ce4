import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { universityOptionSchema } from '../../shared/schemas/universities';
import type { AppContext } from '../context';
import { listOfferedUniversities } from './queries';

export const universityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  /** The registration forms' university select (public: students are not signed in yet). */
  app.get(
    '/api/universities',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.array(universityOptionSchema) } },
    },
    async () => listOfferedUniversities(ctx.db),
  );
};
