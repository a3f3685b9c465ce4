import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailChangeRequestSchema,
  emailChangeResultSchema,
  emailChangeTokenSchema,
} from '../../shared/schemas/email-change';
import type { AppContext } from '../context';
import { sessionCookieName } from '../credentials/session-cookie';
import { requireUser } from '../http/request-user';
import { sha256 } from '../lib/secrets';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from './service';

/**
 * Changing the sign-in address: asked for by a signed-in user; the two mailed links are
 * followed with their token alone (whoever holds the mailbox), by POST so that mail scanners
 * opening links change nothing.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db, config } = ctx;
  const cookieName = sessionCookieName(config.appOrigin);

  app.post(
    '/api/me/email-change',
    {
      config: { access: 'verified' },
      schema: { body: emailChangeRequestSchema, response: { 200: emailChangeResultSchema } },
    },
    async (request) => {
      await requestEmailChange(db, requireUser(request), request.body.email);
      return { email: request.body.email };
    },
  );

  app.post(
    '/api/email-change/confirm',
    {
      config: { access: 'public' },
      schema: { body: emailChangeTokenSchema, response: { 200: emailChangeResultSchema } },
    },
    async (request) => {
      const session = request.cookies[cookieName];
      return confirmEmailChange(db, request.body.token, session ? sha256(session) : undefined);
    },
  );

  app.post(
    '/api/email-change/undo',
    {
      config: { access: 'public' },
      schema: { body: emailChangeTokenSchema, response: { 200: emailChangeResultSchema } },
    },
    async (request) => undoEmailChange(db, request.body.token),
  );
};
