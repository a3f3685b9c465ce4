import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionCookieName, sessionCookieOptions } from '../credentials/session-cookie';
import type { AppContext } from '../context';
import { nameReadingAnswerSchema } from '../../shared/schemas/auth';
import { languageChoiceSchema, withdrawalSchema } from '../../shared/schemas/accounts';
import { chooseLanguage } from './language-service';
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

  /** The interface language chosen in the menu while signed in (decision 0041). */
  app.put(
    '/api/me/language',
    {
      config: { access: 'signed-in' },
      schema: {
        body: languageChoiceSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await chooseLanguage(ctx.db, requireUser(request).id, request.body.language);
      return { ok: true as const };
    },
  );
};
