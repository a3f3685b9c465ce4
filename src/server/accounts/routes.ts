import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionCookieName, sessionCookieOptions } from '../credentials/session-cookie';
import type { AppContext } from '../context';
import { nameReadingAnswerSchema } from '../../shared/schemas/auth';
import { withdrawalSchema } from '../../shared/schemas/accounts';
import { answerNameReadingQuestion } from './name-reading-service';
import { withdrawAccount } from './service';
import { requireUser } from '../http/request-user';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** Withdrawal of the signed-in user's own account; never anyone else's. */
  app.delete(
    '/api/users/me',
    {
      config: { access: 'signed-in' },
      schema: { body: withdrawalSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await withdrawAccount(ctx.db, requireUser(request).id, {
        keepSharedNotes: request.body?.visitNotes === 'keep',
      });
      reply.clearCookie(
        sessionCookieName(ctx.config.appOrigin),
        sessionCookieOptions(ctx.config.appOrigin),
      );
      return { ok: true as const };
    },
  );

  /** The once-after-sign-in question about the フリガナ (docs/PRODUCT.md §4): answered or put off. */
  app.put(
    '/api/me/name-reading',
    {
      config: { access: 'verified' },
      schema: {
        body: nameReadingAnswerSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await answerNameReadingQuestion(ctx.db, requireUser(request).id, request.body.nameReading);
      return { ok: true as const };
    },
  );
};
