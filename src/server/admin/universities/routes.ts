import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUniversitySchema,
  universityIdParamsSchema,
  universityInputSchema,
} from '../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { ADMIN } from '../access';
import {
  createUniversity,
  listAdminUniversities,
  setUniversityRetired,
  updateUniversity,
} from './service';

/** The universities students register from, with their mail domains. */
export const adminUniversityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

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
};
