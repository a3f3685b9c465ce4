import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeCodeRequestSchema,
  completeLinkRequestSchema,
  linkStatusRequestSchema,
  linkStatusSchema,
  loginLinkRequestSchema,
  sessionResponseSchema,
  verificationStatusSchema,
} from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { clientKey } from '../http/client-key';
import { recordAudit } from '../lib/audit';
import { bindingFor, browserBindingOf } from '../credentials/browser-binding';
import {
  sessionCookieName,
  sessionCookieOptions,
  setSessionCookie,
} from '../credentials/session-cookie';
import { endAllSessions } from '../credentials/sessions';
import {
  completeWithCode,
  completeWithLink,
  linkStatus,
  resendVerification,
  sendSignInLink,
  verificationStatusOf,
} from './sign-in-service';
import { requireUser } from '../http/request-user';

const okSchema = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db } = ctx;
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
    async (request, reply) => {
      // A filled honeypot is a bot: answer as if sent, send nothing.
      if (request.body.website) return { ok: true as const };
      await sendSignInLink(
        db,
        request.body.email,
        clientKey(request),
        bindingFor(request, reply, config.appOrigin),
      );
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
      const { sessionToken } = await completeWithLink(db, request.body, clientKey(request));
      setSessionCookie(reply, config.appOrigin, sessionToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/link-status',
    {
      config: { access: 'public' },
      schema: { body: linkStatusRequestSchema, response: { 200: linkStatusSchema } },
    },
    async (request) => linkStatus(db, request.body.token, clientKey(request)),
  );

  app.post(
    '/api/auth/complete-code',
    {
      config: { access: 'public' },
      schema: { body: completeCodeRequestSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const { sessionToken } = await completeWithCode(
        db,
        request.body,
        clientKey(request),
        browserBindingOf(request, config.appOrigin),
      );
      setSessionCookie(reply, config.appOrigin, sessionToken);
      return { ok: true as const };
    },
  );

  /**
   * The /verify-email waiting page polls this when the browser holds no
   * session. The binding cookie only ever reads this one account's status; it authorises
   * nothing else, and once the account is verified it says so and no more.
   */
  app.get(
    '/api/auth/verification-status',
    { config: { access: 'public' }, schema: { response: { 200: verificationStatusSchema } } },
    async (request) => verificationStatusOf(db, browserBindingOf(request, config.appOrigin)),
  );

  /**
   * The /verify-email waiting page's resend button: a new link to the signed-in address, or
   * to the account this browser submitted the alumni form for (its binding cookie). A browser
   * that only asked /login for the address is answered as /login answers it.
   */
  app.post(
    '/api/auth/resend-verification',
    { config: { access: 'public' }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      await resendVerification(
        db,
        request.user,
        browserBindingOf(request, config.appOrigin),
        bindingFor(request, reply, config.appOrigin),
        clientKey(request),
      );
      return { ok: true as const };
    },
  );

  /** Sign-out ends every session of the user, on every device. */
  app.post(
    '/api/auth/logout',
    { config: { access: 'signed-in' }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
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
