import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedUserSchema,
  blockResultSchema,
  blockTargetSchema,
  reportCreatedSchema,
  reportFormSchema,
} from '../../shared/schemas/safety';
import type { AppContext } from '../context';
import { blockUser, createReport, listBlockedUsers, unblockUser } from './service';
import { requireUser } from '../http/request-user';

/** Anyone with a verified account may report or block: students, alumni and admins alike. */
const VERIFIED = { access: 'verified' as const };

/** Reports and blocks: the users' routes (the admins' side is in admin/reports). */
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
      // The first report after a quiet spell reaches the admins at once; later ones are gathered.
      ctx.reportMail.kick();
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
};
