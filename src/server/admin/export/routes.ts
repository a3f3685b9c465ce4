import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { sendDownload } from '../../lib/download';
import { ADMIN } from '../access';
import { exportMentors, exportStudents, exportVisits } from './service';

/**
 * The member lists and the visits as CSV files, streamed as their rows are read. A text body:
 * no response schema serialises it as JSON.
 */
export const adminExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get('/api/admin/export/students.csv', { config: ADMIN }, async (request, reply) =>
    sendDownload(reply, await exportStudents(ctx.db, requireUser(request))),
  );

  app.get('/api/admin/export/mentors.csv', { config: ADMIN }, async (request, reply) =>
    sendDownload(reply, await exportMentors(ctx.db, requireUser(request))),
  );

  app.get('/api/admin/export/visits.csv', { config: ADMIN }, async (request, reply) =>
    sendDownload(reply, await exportVisits(ctx.db, requireUser(request))),
  );
};
