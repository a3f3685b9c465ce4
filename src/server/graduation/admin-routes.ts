import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  graduationApplicantListSchema,
  graduationCohortResultSchema,
  graduationCohortSchema,
} from '../../shared/schemas/graduation';
import type { AppContext } from '../context';
import { listGraduationApplicants, markGraduatingCohort } from './service';

/** For the console's admins only, as every console route (admin/access.ts). */
const ADMIN_ONLY = { access: { roles: ['admin'] as const } };
import { requireUser } from '../http/request-user';

/**
 * The console's part of graduation: who applied, and marking a graduating cohort. Registered
 * with the console's routes (admin/routes.ts); it only calls this feature's service.
 */
export const adminGraduationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/graduation',
    { config: ADMIN_ONLY, schema: { response: { 200: graduationApplicantListSchema } } },
    async () => listGraduationApplicants(ctx.db),
  );

  app.post(
    '/api/admin/graduation/cohort',
    {
      config: ADMIN_ONLY,
      schema: { body: graduationCohortSchema, response: { 200: graduationCohortResultSchema } },
    },
    async (request) => markGraduatingCohort(ctx.db, requireUser(request).id, request.body),
  );
};
