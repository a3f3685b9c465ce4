import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeCodeRequestSchema,
  completeLinkRequestSchema,
  loginLinkRequestSchema,
  sessionResponseSchema,
} from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { clientKey } from '../http/client-key';
import { recordAudit } from '../lib/audit';
import { consumeLimit } from '../lib/rate-limit';
import { sessionCookieName, sessionCookieOptions, setSessionCookie } from './guard';
import { endAllSessions } from './sessions';
import {
  completeWithCode,
  completeWithLink,
  issueSignInMail,
  sendSignInLink,
  SIGN_IN_LIMITS,
  type SignInDeps,
} from './sign-in-service';

const okSchema = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db } = ctx;
  const deps: SignInDeps = {
    db,
    appOrigin: config.appOrigin,
    onMailQueued: () => ctx.outbox.kick(),
  };
  const cookieName = sessionCookieName(config.appOrigin);

  app.get(
    '/api/auth/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => ({ user: request.user, timedOut: request.sessionTimedOut }),
  );

  app.post(
    '/api/auth/login-link',
    {
      config: { access: 'public' },
      schema: { body: loginLinkRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      // A filled honeypot is a bot: answer as if sent, send nothing.
      if (request.body.website) return { ok: true as const };
      await sendSignInLink(deps, request.body.email, clientKey(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/complete-link',
    {
      config: { access: 'public' },
      schema: { body: completeLinkRequestSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const { sessionToken } = await completeWithLink(deps, request.body, clientKey(request));
      setSessionCookie(reply, config.appOrigin, sessionToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/complete-code',
    {
      config: { access: 'public' },
      schema: { body: completeCodeRequestSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const { sessionToken } = await completeWithCode(deps, request.body, clientKey(request));
      setSessionCookie(reply, config.appOrigin, sessionToken);
      return { ok: true as const };
    },
  );

  /** The /verify-email waiting page's resend button: a new link to the signed-in address. */
  app.post(
    '/api/auth/resend-verification',
    { config: { access: 'signed-in' }, schema: { response: { 200: okSchema } } },
    async (request) => {
      const user = request.user!;
      if (user.emailVerified) return { ok: true as const };
      await consumeLimit(db, SIGN_IN_LIMITS.mailPerClient, clientKey(request));
      await consumeLimit(db, SIGN_IN_LIMITS.mailPerAddress, user.email);
      await db.transaction((tx) =>
        issueSignInMail(tx, config.appOrigin, { email: user.email, userId: user.id }, 'verify'),
      );
      ctx.outbox.kick();
      return { ok: true as const };
    },
  );

  /** Sign-out ends every session of the user, on every device. */
  app.post(
    '/api/auth/logout',
    { config: { access: 'signed-in' }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      const user = request.user!;
      await db.transaction(async (tx) => {
        await endAllSessions(tx, user.id);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'auth.sign-out',
          targetType: 'user',
          targetId: user.id,
        });
      });
      reply.clearCookie(cookieName, sessionCookieOptions(config.appOrigin));
      return { ok: true as const };
    },
  );
};
