import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ICON_MAX_BYTES } from '../../shared/constants';
import { emailChangeResultSchema } from '../../shared/schemas/email-change';
import {
  graduationApplicationSchema,
  graduationStatusSchema,
  graduationTokenSchema,
} from '../../shared/schemas/graduation';
import type { AppContext } from '../context';
import { sessionCookieName } from '../credentials/session-cookie';
import { parseFields, readMultipart, withUploadSlot } from '../http/multipart';
import { requireUser } from '../http/request-user';
import { sha256 } from '../lib/secrets';
import { applyForGraduation, confirmGraduation, graduationStatus } from './service';

/**
 * Graduation into OG: the student's form (GET for what it starts from, POST multipart with the
 * icon) and the personal address's link, followed with its token alone by POST so that mail
 * scanners opening links change nothing.
 */
export const graduationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db, config } = ctx;

  app.get(
    '/api/graduation',
    {
      config: { access: { roles: ['student'] } },
      schema: { response: { 200: graduationStatusSchema } },
    },
    async (request) => graduationStatus(db, requireUser(request).id),
  );

  app.post(
    '/api/graduation',
    {
      config: { access: { roles: ['student'] } },
      schema: { response: { 200: emailChangeResultSchema } },
    },
    async (request) =>
      withUploadSlot(async () => {
        const body = await readMultipart(request, 'image', ICON_MAX_BYTES);
        const fields = parseFields(graduationApplicationSchema, body.fields);
        return applyForGraduation(db, requireUser(request), fields, body.file);
      }),
  );

  app.post(
    '/api/graduation/confirm',
    {
      config: { access: 'public' },
      schema: { body: graduationTokenSchema, response: { 200: emailChangeResultSchema } },
    },
    async (request) => {
      const session = request.cookies[sessionCookieName(config.appOrigin)];
      return confirmGraduation(db, request.body.token, session ? sha256(session) : undefined);
    },
  );
};
