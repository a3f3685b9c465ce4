import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studentRegistrationSchema } from '../../shared/schemas/registration';
import type { AppContext } from '../context';
import { clientKey } from '../http/client-key';
import { registerStudent } from './service';

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
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      // A filled honeypot is a bot: answer as if sent, store and send nothing.
      if (request.body.website) return { ok: true as const };
      await registerStudent(ctx.db, ctx.config.appOrigin, request.body, clientKey(request));
      ctx.outbox.kick();
      return { ok: true as const };
    },
  );
};
