import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvitationListQuerySchema,
  adminInvitationPageSchema,
  adminInvitationSchema,
  invitationIdParamsSchema,
} from '../../../shared/schemas/admin';
import {
  bulkInvitationResultSchema,
  bulkInvitationSchema,
} from '../../../shared/schemas/invitations';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { ADMIN } from '../access';
import { listAdminInvitations } from './queries';
import { resendInvitation, revokeInvitation } from './service';
import { inviteList } from './bulk-service';

/** Every invitation on the site, revoking or resending one, and inviting a list. */
export const adminInvitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

  app.get(
    '/api/admin/invitations',
    {
      config: ADMIN,
      schema: {
        querystring: adminInvitationListQuerySchema,
        response: { 200: adminInvitationPageSchema },
      },
    },
    async (request) => listAdminInvitations(db, request.query),
  );

  app.post(
    '/api/admin/invitations/:id/revoke',
    {
      config: ADMIN,
      schema: { params: invitationIdParamsSchema, response: { 200: adminInvitationSchema } },
    },
    async (request) => revokeInvitation(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/admin/invitations/:id/resend',
    {
      config: ADMIN,
      schema: { params: invitationIdParamsSchema, response: { 201: adminInvitationSchema } },
    },
    async (request, reply) => {
      const invitation = await resendInvitation(db, requireUser(request), request.params.id);
      return reply.code(201).send(invitation);
    },
  );

  /** An admin's list of addresses, one per line: each invited and answered on its own. */
  app.post(
    '/api/admin/invitations/bulk',
    {
      config: ADMIN,
      schema: { body: bulkInvitationSchema, response: { 200: bulkInvitationResultSchema } },
    },
    async (request) => inviteList(db, requireUser(request), request.body),
  );
};
