import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  graduationApplicantListSchema,
  graduationCohortResultSchema,
  graduationCohortSchema,
} from '../../../shared/schemas/graduation';
import type { AppContext } from '../../context';
import { listGraduationApplicants, markGraduatingCohort } from '../../graduation';
import { requireUser } from '../../http/request-user';
import { ADMIN } from '../access';

/** Graduates becoming OG: who applied, and marking a graduating cohort. */
export const adminGraduationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/graduation',
    { config: ADMIN, schema: { response: { 200: graduationApplicantListSchema } } },
    async () => listGraduationApplicants(ctx.db),
  );

  app.post(
    '/api/admin/graduation/cohort',
    {
      config: ADMIN,
      schema: { body: graduationCohortSchema, response: { 200: graduationCohortResultSchema } },
    },
    async (request) => markGraduatingCohort(ctx.db, requireUser(request).id, request.body),
  );
};
