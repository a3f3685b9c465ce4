import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReportListQuerySchema,
  adminReportPageSchema,
  adminReportSchema,
  blockedUserSchema,
  blockResultSchema,
  blockTargetSchema,
  reportCreatedSchema,
  reportFormSchema,
  reportIdParamsSchema,
  resolveReportSchema,
  registrationHoldIdParamsSchema,
  registrationHoldListSchema,
} from '../../shared/schemas/safety';
import type { AppContext } from '../context';
import { listAdminReports, resolveReport } from './admin-reports';
import { clearRegistrationHold, listRegistrationHolds } from './holds';
import { blockUser, createReport, listBlockedUsers, unblockUser } from './service';
import { requireUser } from '../http/request-user';

/** Admins only; the guard enforces it before the handler. */
const ADMIN = { access: { roles: ['admin'] as const } };
/** Anyone with a verified account may report or block: students, alumni and admins alike. */
const VERIFIED = { access: 'verified' as const };

/** Reports and blocks (issue 10): the users' routes and the admins' list of reports. */
export const safetyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    '/api/reports',
    {
      config: VERIFIED,
      schema: { body: reportFormSchema, response: { 201: reportCreatedSchema } },
    },
    async (request, reply) => {
      const report = await createReport(db, requireUser(request), request.body);
      return reply.code(201).send(report);
    },
  );

  app.get(
    '/api/blocks',
    { config: VERIFIED, schema: { response: { 200: z.array(blockedUserSchema) } } },
    async (request) => listBlockedUsers(db, requireUser(request).id),
  );

  app.put(
    '/api/blocks/:userId',
    {
      config: VERIFIED,
      schema: { params: blockTargetSchema, response: { 200: blockResultSchema } },
    },
    async (request) => blockUser(db, requireUser(request), request.params.userId),
  );

  app.delete(
    '/api/blocks/:userId',
    {
      config: VERIFIED,
      schema: { params: blockTargetSchema, response: { 200: blockResultSchema } },
    },
    async (request) => unblockUser(db, requireUser(request), request.params.userId),
  );

  app.get(
    '/api/admin/reports',
    {
      config: ADMIN,
      schema: { querystring: adminReportListQuerySchema, response: { 200: adminReportPageSchema } },
    },
    async (request) => listAdminReports(db, request.query),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      config: ADMIN,
      schema: {
        params: reportIdParamsSchema,
        body: resolveReportSchema,
        response: { 200: adminReportSchema },
      },
    },
    async (request) =>
      resolveReport(db, requireUser(request), request.params.id, request.body.note),
  );

  // Issue 16: addresses held after a withdrawal under a report or a suspension.
  app.get(
    '/api/admin/registration-holds',
    { config: ADMIN, schema: { response: { 200: registrationHoldListSchema } } },
    async () => listRegistrationHolds(db),
  );

  app.post(
    '/api/admin/registration-holds/:id/clear',
    {
      config: ADMIN,
      schema: {
        params: registrationHoldIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await clearRegistrationHold(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
