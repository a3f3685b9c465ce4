import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  registrationConfirmSchema,
  registrationLinkAnswerSchema,
  registrationLinkRequestSchema,
  studentRegistrationSchema,
} from '../../shared/schemas/registration';
import { setSessionCookie } from '../credentials/session-cookie';
import type { AppContext } from '../context';
import { clientKey } from '../http/client-key';
import {
  cancelStudentRegistration,
  confirmStudentRegistration,
  registerStudent,
  viewPendingRegistration,
} from './registration-service';

const okSchema = z.object({ ok: z.literal(true) });

export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/registrations/student',
    {
      config: { access: 'public' },
      schema: {
        body: studentRegistrationSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      // A filled honeypot is a bot: answer as if sent, store and send nothing.
      if (request.body.website) return { ok: true as const };
      await registerStudent(ctx.db, request.body, clientKey(request));
      return { ok: true as const };
    },
  );

  // The link's page (/auth/verify-email) for a registration link. A POST,
  // so the token stays out of URLs and logs; reading consumes nothing.
  app.post(
    '/api/registrations/student/link',
    {
      config: { access: 'public' },
      schema: {
        body: registrationLinkRequestSchema,
        response: { 200: registrationLinkAnswerSchema },
      },
    },
    async (request) => ({
      registration: await viewPendingRegistration(ctx.db, request.body, clientKey(request)),
    }),
  );

  app.post(
    '/api/registrations/student/confirm',
    {
      config: { access: 'public' },
      schema: { body: registrationConfirmSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const { sessionToken } = await confirmStudentRegistration(
        ctx.db,
        request.body,
        clientKey(request),
      );
      setSessionCookie(reply, ctx.config.appOrigin, sessionToken);
      return { ok: true as const };
    },
  );

  /** "これは私の登録ではありません": frees the address at once. */
  app.post(
    '/api/registrations/student/cancel',
    {
      config: { access: 'public' },
      schema: { body: registrationLinkRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await cancelStudentRegistration(ctx.db, request.body, clientKey(request));
      return { ok: true as const };
    },
  );
};
