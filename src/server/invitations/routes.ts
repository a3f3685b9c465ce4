import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInvitationSchema,
  invitationHistorySchema,
  invitationLookupQuerySchema,
  invitationLookupSchema,
  invitationSchema,
} from '../../shared/schemas/invitations';
import type { AppContext } from '../context';
import { clientKey } from '../http/client-key';
import { consumeLimit } from '../lib/rate-limit';
import { createInvitation, listInvitations, lookUpInvitation } from './service';
import { requireUser } from '../http/request-user';

const INVITERS = { roles: ['admin', 'mentor'] as const };
/** Codes are short: looking them up is limited per client so they cannot be guessed. */
const LOOKUP_LIMIT = { name: 'invitation-lookup:client', max: 60, windowMs: 15 * 60_000 };

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/invitations',
    { config: { access: INVITERS }, schema: { response: { 200: invitationHistorySchema } } },
    async (request) => listInvitations(ctx.db, requireUser(request)),
  );

  app.post(
    '/api/invitations',
    {
      config: { access: INVITERS },
      schema: { body: createInvitationSchema, response: { 201: invitationSchema } },
    },
    async (request, reply) => {
      const invitation = await createInvitation(ctx.db, requireUser(request), request.body);
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    '/api/invitations/lookup',
    {
      config: { access: 'public' },
      schema: {
        querystring: invitationLookupQuerySchema,
        response: { 200: invitationLookupSchema },
      },
    },
    async (request) => {
      await consumeLimit(ctx.db, LOOKUP_LIMIT, clientKey(request));
      return lookUpInvitation(ctx.db, request.query.email, request.query.code);
    },
  );
};
