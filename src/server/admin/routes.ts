import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { adminAuditRoutes } from './audit';
import { adminExportRoutes } from './export';
import { adminFeedbackRoutes } from './feedback';
import { adminGroupSessionRoutes } from './group-sessions';
import { adminInvitationRoutes } from './invitations';
import { adminOverviewRoutes } from './overview';
import { adminReachRoutes } from './reach';
import { adminReportRoutes } from './reports';
import { adminGraduationRoutes } from '../graduation';
import { adminRolloverRoutes } from '../students';
import { adminSafeEndRoutes } from './safe-end';
import { adminSetupRoutes } from './setup';
import { adminUniversityRoutes } from './universities';
import { adminUserRoutes } from './users';
import { adminVisitRoutes } from './visits';
import { adminVisitNoteRoutes } from '../visit-notes';

/**
 * The admin console's API, one sub-feature per screen of the console (each its own folder:
 * routes, then service and queries). Every route is for admins only (`ADMIN`, access.ts). A
 * screen that only calls another feature's service has its routes beside that service
 * (graduation's applicants, the students' grade rollovers, the 訪問記録) and is registered here.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const routes of [
    adminOverviewRoutes,
    adminSetupRoutes,
    adminUserRoutes,
    adminRolloverRoutes,
    adminGraduationRoutes,
    adminInvitationRoutes,
    adminUniversityRoutes,
    adminReportRoutes,
    adminFeedbackRoutes,
    adminVisitRoutes,
    adminReachRoutes,
    adminGroupSessionRoutes,
    adminSafeEndRoutes,
    adminVisitNoteRoutes,
    adminExportRoutes,
    adminAuditRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
};
