import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvitationListQuerySchema,
  adminInvitationPageSchema,
  adminInvitationSchema,
  adminOverviewSchema,
  adminUniversitySchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  changeRoleSchema,
  invitationIdParamsSchema,
  okSchema,
  universityIdParamsSchema,
  universityInputSchema,
  userIdParamsSchema,
} from '../../shared/schemas/admin';
import type { AppContext } from '../context';
import { listAuditEntries } from './audit-queries';
import { exportMentors, exportStudents, type CsvExport } from './export';
import { listAdminInvitations } from './invitations-queries';
import { resendInvitation, revokeInvitation } from './invitations-service';
import { adminOverview } from './overview';
import {
  createUniversity,
  listAdminUniversities,
  setUniversityRetired,
  updateUniversity,
} from './universities-service';
import { listAdminUsers } from './users-queries';
import { changeUserRole, deleteUser, reinstateUser, suspendUser } from './users-service';
import { requireUser } from '../http/request-user';

/** Every route of the console is for admins only; the guard enforces it before the handler. */
const ADMIN = { access: { roles: ['admin'] as const } };

function sendCsv(reply: FastifyReply, file: CsvExport) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/admin/overview',
    { config: ADMIN, schema: { response: { 200: adminOverviewSchema } } },
    async () => adminOverview(db),
  );

  // ------------------------------------------------------------------ users

  app.get(
    '/api/admin/users',
    {
      config: ADMIN,
      schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserPageSchema } },
    },
    async (request) => listAdminUsers(db, request.query),
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      config: ADMIN,
      schema: {
        params: userIdParamsSchema,
        body: changeRoleSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const user = await changeUserRole(
        db,
        ctx.config.appOrigin,
        requireUser(request),
        request.params.id,
        request.body.role,
      );
      ctx.outbox.kick();
      return user;
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    { config: ADMIN, schema: { params: userIdParamsSchema, response: { 200: adminUserSchema } } },
    async (request) => suspendUser(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/admin/users/:id/reinstate',
    { config: ADMIN, schema: { params: userIdParamsSchema, response: { 200: adminUserSchema } } },
    async (request) => reinstateUser(db, requireUser(request), request.params.id),
  );

  app.delete(
    '/api/admin/users/:id',
    { config: ADMIN, schema: { params: userIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteUser(db, ctx.config.appOrigin, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ------------------------------------------------------------------ invitations

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
      const invitation = await resendInvitation(
        db,
        ctx.config.appOrigin,
        requireUser(request),
        request.params.id,
      );
      ctx.outbox.kick();
      return reply.code(201).send(invitation);
    },
  );

  // ------------------------------------------------------------------ universities

  app.get(
    '/api/admin/universities',
    { config: ADMIN, schema: { response: { 200: z.array(adminUniversitySchema) } } },
    async () => listAdminUniversities(db),
  );

  app.post(
    '/api/admin/universities',
    {
      config: ADMIN,
      schema: { body: universityInputSchema, response: { 201: adminUniversitySchema } },
    },
    async (request, reply) => {
      const university = await createUniversity(db, requireUser(request), request.body);
      return reply.code(201).send(university);
    },
  );

  app.put(
    '/api/admin/universities/:id',
    {
      config: ADMIN,
      schema: {
        params: universityIdParamsSchema,
        body: universityInputSchema,
        response: { 200: adminUniversitySchema },
      },
    },
    async (request) => updateUniversity(db, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/universities/:id/retire',
    {
      config: ADMIN,
      schema: { params: universityIdParamsSchema, response: { 200: adminUniversitySchema } },
    },
    async (request) => setUniversityRetired(db, requireUser(request), request.params.id, true),
  );

  app.post(
    '/api/admin/universities/:id/restore',
    {
      config: ADMIN,
      schema: { params: universityIdParamsSchema, response: { 200: adminUniversitySchema } },
    },
    async (request) => setUniversityRetired(db, requireUser(request), request.params.id, false),
  );

  // ------------------------------------------------------------------ exports and audit log

  // A text body: no response schema, so nothing serialises it as JSON.
  app.get('/api/admin/export/students.csv', { config: ADMIN }, async (request, reply) =>
    sendCsv(reply, await exportStudents(db, requireUser(request))),
  );

  app.get('/api/admin/export/mentors.csv', { config: ADMIN }, async (request, reply) =>
    sendCsv(reply, await exportMentors(db, requireUser(request))),
  );

  app.get(
    '/api/admin/audit',
    {
      config: ADMIN,
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    },
    async (request) => listAuditEntries(db, request.query),
  );
};
