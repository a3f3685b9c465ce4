import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReportListQuerySchema,
  adminReportPageSchema,
  adminReportSchema,
  registrationHoldIdParamsSchema,
  registrationHoldListSchema,
  reportIdParamsSchema,
  reportNoteSchema,
  resolveReportSchema,
} from '../../../shared/schemas/safety';
import { adminThreadSchema } from '../../../shared/schemas/threads';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { clearRegistrationHold, listRegistrationHolds } from '../../safety';
import { ADMIN } from '../access';
import {
  listAdminReports,
  readReportedThread,
  reopenReport,
  resolveReport,
  setReportNote,
} from './service';

/**
 * The admins' side of reports: the list, marking one handled or open again, its note, and the addresses held after a
 * withdrawal under a report or a suspension (docs/PRODUCT.md §8–10).
 */
export const adminReportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

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

  app.post(
    '/api/admin/reports/:id/reopen',
    {
      config: ADMIN,
      schema: { params: reportIdParamsSchema, response: { 200: adminReportSchema } },
    },
    async (request) => reopenReport(db, requireUser(request), request.params.id),
  );

  app.put(
    '/api/admin/reports/:id/note',
    {
      config: ADMIN,
      schema: {
        params: reportIdParamsSchema,
        body: reportNoteSchema,
        response: { 200: adminReportSchema },
      },
    },
    async (request) =>
      setReportNote(db, requireUser(request), request.params.id, request.body.note),
  );

  app.get(
    '/api/admin/reports/:id/thread',
    {
      config: ADMIN,
      schema: { params: reportIdParamsSchema, response: { 200: adminThreadSchema } },
    },
    async (request) => readReportedThread(db, requireUser(request), request.params.id),
  );

  // Addresses held after a withdrawal under a report or a suspension.
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
