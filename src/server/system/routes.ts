import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import type { DatabaseHealth } from '../db/health';

export const systemRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  checkDatabase: () => Promise<DatabaseHealth>;
}> = async (app, { ctx, checkDatabase }) => {
  /**
   * Load balancers and the benchmark poll this: 200 only while the database answers. A slow
   * database is still 200 (every process shares it: none would be better to send to), with
   * `database: "slow"` for the operator and the monitoring to see (db/health.ts).
   */
  app.get('/healthz', async (_request, reply) => {
    try {
      return { status: 'ok', database: await checkDatabase() };
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
