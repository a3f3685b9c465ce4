import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminVisitNoteQuerySchema,
  visitNoteHideSchema,
  visitNotePageSchema,
  visitNoteSchema,
  visitNoteSummarySchema,
} from '../../shared/schemas/visit-notes';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { visitNotes } from '../db/schema';
import { requireUser } from '../http/request-user';
import { sendDownload } from '../lib/download';
import { exportNotes, hideNote, noteSummary, restoreNote } from './admin-service';
import { notePage, sharedWithSeminar } from './queries';

const ADMIN = { access: { roles: ['admin'] as const } };
const params = z.object({ id: z.uuid() });

/** The console's 訪問記録 (registered with the console's routes): admins only. */
export const adminVisitNoteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/visit-notes',
    {
      config: ADMIN,
      schema: { querystring: adminVisitNoteQuerySchema, response: { 200: visitNotePageSchema } },
    },
    async (request) => {
      const hidden = request.query.state === 'hidden';
      const base = hidden
        ? and(eq(visitNotes.sharing, 'shared'), isNotNull(visitNotes.hiddenAt))!
        : sharedWithSeminar;
      return notePage(ctx.db, base, request.query, requireUser(request));
    },
  );

  app.get(
    '/api/admin/visit-notes/summary',
    { config: ADMIN, schema: { response: { 200: visitNoteSummarySchema } } },
    async () => noteSummary(ctx.db),
  );

  app.post(
    '/api/admin/visit-notes/:id/hide',
    {
      config: ADMIN,
      schema: { params, body: visitNoteHideSchema, response: { 200: visitNoteSchema } },
    },
    async (request) => hideNote(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/visit-notes/:id/restore',
    { config: ADMIN, schema: { params, response: { 200: visitNoteSchema } } },
    async (request) => restoreNote(ctx.db, requireUser(request), request.params.id),
  );

  // Downloads: a text body streamed as it is read, never cached (the notes name people).
  for (const format of ['csv', 'md'] as const) {
    app.get(`/api/admin/export/visit-notes.${format}`, { config: ADMIN }, async (request, reply) =>
      sendDownload(reply, await exportNotes(ctx.db, requireUser(request), format)),
    );
  }
};
