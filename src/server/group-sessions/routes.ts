import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupSessionCancelSchema,
  groupSessionFormSchema,
  groupSessionJoinResultSchema,
  groupSessionListQuerySchema,
  groupSessionListSchema,
  groupSessionViewSchema,
} from '../../shared/schemas/group-sessions';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { groupSessionAfterRoutes } from './after-routes';
import { groupSessionAttendanceRoutes } from './attendance';
import { groupSessionEditRoutes } from './edit-routes';
import { groupSessionPostRoutes } from './posts-routes';
import {
  cancelGroupSession,
  groupSessionFor,
  leaveSeat,
  listGroupSessions,
  mentorGroupSessions,
  myGroupSessions,
  openGroupSession,
  takeSeat,
} from './service';

const idParams = z.object({ id: z.uuid() });

/**
 * 座談会 (issue 58, decision 0045): an alumna (or an admin for her) opens one with seats; students
 * take a seat in one step or wait in order. Who may do what to one session is the service's
 * (its alumna, the admins, the students it is for): the routes name who may call at all.
 */
export const groupSessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  await app.register(groupSessionPostRoutes, { ctx });
  await app.register(groupSessionEditRoutes, { ctx });
  await app.register(groupSessionAfterRoutes, { ctx });

  app.get(
    '/api/group-sessions',
    {
      config: { access: 'verified' },
      schema: {
        querystring: groupSessionListQuerySchema,
        response: { 200: groupSessionListSchema },
      },
    },
    async (request) => listGroupSessions(ctx.db, requireUser(request), request.query),
  );

  app.get(
    '/api/group-sessions/mine',
    { config: { access: 'verified' }, schema: { response: { 200: groupSessionListSchema } } },
    async (request) => myGroupSessions(ctx.db, requireUser(request)),
  );

  app.get(
    '/api/mentors/:urlParam/group-sessions',
    {
      config: { access: 'verified' },
      schema: {
        params: z.object({ urlParam: z.string().min(1).max(100) }),
        response: { 200: groupSessionListSchema },
      },
    },
    async (request) => mentorGroupSessions(ctx.db, requireUser(request), request.params.urlParam),
  );

  app.get(
    '/api/group-sessions/:id',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: groupSessionViewSchema } },
    },
    async (request) => groupSessionFor(ctx.db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/group-sessions',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: { body: groupSessionFormSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) => {
      const created = await openGroupSession(ctx.db, requireUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/group-sessions/:id/seat',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: groupSessionJoinResultSchema } },
    },
    async (request) => takeSeat(ctx.db, requireUser(request), request.params.id),
  );

  app.delete(
    '/api/group-sessions/:id/seat',
    { config: { access: 'verified' }, schema: { params: idParams } },
    async (request, reply) => {
      await leaveSeat(ctx.db, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/group-sessions/:id/cancel',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: { params: idParams, body: groupSessionCancelSchema },
    },
    async (request, reply) => {
      await cancelGroupSession(
        ctx.db,
        requireUser(request),
        request.params.id,
        request.body.reason,
      );
      return reply.code(204).send();
    },
  );
  await app.register(groupSessionAttendanceRoutes, { ctx });
};
