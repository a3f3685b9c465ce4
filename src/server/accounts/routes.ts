import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionCookieName, sessionCookieOptions } from '../credentials/session-cookie';
import type { AppContext } from '../context';
import { withdrawAccount } from './service';
import { requireUser } from '../http/request-user';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** Withdrawal of the signed-in user's own account; never anyone else's. */
  app.delete(
    '/api/users/me',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await withdrawAccount(ctx.db, ctx.config.appOrigin, requireUser(request).id);
      reply.clearCookie(
        sessionCookieName(ctx.config.appOrigin),
        sessionCookieOptions(ctx.config.appOrigin),
      );
      return { ok: true as const };
    },
  );
};
