import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  changeRoleSchema,
  absenceDecisionParamsSchema,
  noShowDecisionParamsSchema,
  noShowDecisionSchema,
  okSchema,
  userIdParamsSchema,
} from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { ADMIN } from '../access';
import { listAdminUsers } from './queries';
import {
  changeUserRole,
  clearNoShows,
  decideGroupSessionAbsence,
  decideNoShowClaim,
  deleteUser,
  reinstateUser,
  suspendUser,
} from './service';

/** The users list and what an admin does to one account: role, suspension, deletion. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

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
    async (request) =>
      changeUserRole(db, requireUser(request), request.params.id, request.body.role),
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

  app.post(
    '/api/admin/users/:id/clear-no-shows',
    { config: ADMIN, schema: { params: userIdParamsSchema, response: { 200: adminUserSchema } } },
    async (request) => clearNoShows(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/admin/users/:id/no-show-claims/:visitRequestId/decision',
    {
      config: ADMIN,
      schema: {
        params: noShowDecisionParamsSchema,
        body: noShowDecisionSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      decideNoShowClaim(
        db,
        requireUser(request),
        request.params.id,
        request.params.visitRequestId,
        request.body.decision,
      ),
  );

  /** A 座談会's 欠席 recorded of the student, decided as a visit's claim (decision 0045). */
  app.post(
    '/api/admin/users/:id/group-session-absences/:sessionId/decision',
    {
      config: ADMIN,
      schema: {
        params: absenceDecisionParamsSchema,
        body: noShowDecisionSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      decideGroupSessionAbsence(
        db,
        requireUser(request),
        request.params.id,
        request.params.sessionId,
        request.body.decision,
      ),
  );

  app.delete(
    '/api/admin/users/:id',
    { config: ADMIN, schema: { params: userIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteUser(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
