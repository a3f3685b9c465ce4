import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema } from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { ADMIN } from '../access';
import { listAuditEntries } from './queries';

/** The audit log, newest first, filtered by action or actor. */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/audit',
    {
      config: ADMIN,
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    },
    async (request) => listAuditEntries(ctx.db, request.query),
  );
};
