import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../shared/schemas/auth';
import type { AppContext } from '../context';

export const systemRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  checkDatabase: () => Promise<void>;
}> = async (app, { ctx, checkDatabase }) => {
  /** Load balancers and the benchmark poll this: 200 only while the database answers. */
  app.get('/healthz', async (_request, reply) => {
    try {
      await checkDatabase();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  /** The few settings the browser needs; nothing secret. */
  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    async () => ({ inquiryUrl: ctx.config.inquiryUrl }),
  );
};
