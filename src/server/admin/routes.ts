import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { adminAuditRoutes } from './audit/routes';
import { adminExportRoutes } from './export/routes';
import { adminFeedbackRoutes } from './feedback/routes';
import { adminInvitationRoutes } from './invitations/routes';
import { adminOverviewRoutes } from './overview/routes';
import { adminReportRoutes } from './reports/routes';
import { adminGraduationRoutes } from './graduation/routes';
import { adminRolloverRoutes } from './rollovers/routes';
import { adminSafeEndRoutes } from './safe-end/routes';
import { adminUniversityRoutes } from './universities/routes';
import { adminUserRoutes } from './users/routes';
import { adminVisitRoutes } from './visits/routes';

/**
 * The admin console's API, one sub-feature per screen of the console (each its own folder:
 * routes, then service and queries). Every route is for admins only (`ADMIN`, access.ts).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const routes of [
    adminOverviewRoutes,
    adminUserRoutes,
    adminRolloverRoutes,
    adminGraduationRoutes,
    adminInvitationRoutes,
    adminUniversityRoutes,
    adminReportRoutes,
    adminFeedbackRoutes,
    adminVisitRoutes,
    adminSafeEndRoutes,
    adminExportRoutes,
    adminAuditRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
};
