import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mentorVisitNotesSchema,
  myVisitNotesSchema,
  visitNoteChangesSchema,
  visitNoteConsentSchema,
  visitNoteFormSchema,
  visitNoteForGroupSessionSchema,
  visitNoteForVisitSchema,
  visitNotePageSchema,
  visitNoteSchema,
  visitNoteSearchSchema,
} from '../../shared/schemas/visit-notes';
import { SHARED_NOTE_READERS } from '../../shared/roles';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { noteForGroupSession, saveGroupSessionNote } from './group-session-notes';
import { notePage, sharedWithSeminar } from './queries';
import {
  consentToNote,
  declineNote,
  deleteNote,
  myNotes,
  noteForVisit,
  notesAboutMentor,
  offerNote,
  openNote,
  requestNoteChanges,
  saveNote,
  unshareNote,
  withdrawConsent,
} from './service';

const VERIFIED = { access: 'verified' as const };
const params = z.object({ id: z.uuid() });
const note = { 200: visitNoteSchema };

/**
 * 訪問記録: the seminar's shared notes (students and admins), a student's own notes and the note
 * on each of her held visits, and the alumna's answers. Whose a note is comes from the session,
 * never from the request: another's note answers as if it did not exist.
 */
export const visitNoteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/visit-notes',
    {
      config: { access: { roles: SHARED_NOTE_READERS } },
      schema: { querystring: visitNoteSearchSchema, response: { 200: visitNotePageSchema } },
    },
    async (request) => notePage(ctx.db, sharedWithSeminar, request.query, requireUser(request)),
  );

  app.get(
    '/api/visit-notes/mine',
    { config: VERIFIED, schema: { response: { 200: myVisitNotesSchema } } },
    async (request) => myNotes(ctx.db, requireUser(request)),
  );

  app.get(
    '/api/visit-notes/about-me',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: { response: { 200: mentorVisitNotesSchema } },
    },
    async (request) => notesAboutMentor(ctx.db, requireUser(request)),
  );

  app.get(
    '/api/visit-notes/:id',
    { config: VERIFIED, schema: { params, response: note } },
    async (request) => openNote(ctx.db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/visit-requests/:id/note',
    { config: VERIFIED, schema: { params, response: { 200: visitNoteForVisitSchema } } },
    async (request) => noteForVisit(ctx.db, requireUser(request), request.params.id),
  );

  app.put(
    '/api/visit-requests/:id/note',
    { config: VERIFIED, schema: { params, body: visitNoteFormSchema, response: note } },
    async (request) => saveNote(ctx.db, requireUser(request), request.params.id, request.body),
  );

  // A note about a 座談会 she sat in (issue 58): the same note, another place to write it from.
  app.get(
    '/api/group-sessions/:id/note',
    { config: VERIFIED, schema: { params, response: { 200: visitNoteForGroupSessionSchema } } },
    async (request) => noteForGroupSession(ctx.db, requireUser(request), request.params.id),
  );

  app.put(
    '/api/group-sessions/:id/note',
    { config: VERIFIED, schema: { params, body: visitNoteFormSchema, response: note } },
    async (request) =>
      saveGroupSessionNote(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/visit-notes/:id',
    { config: VERIFIED, schema: { params, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await deleteNote(ctx.db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  const actions = {
    offer: offerNote,
    unshare: unshareNote,
    decline: declineNote,
    'withdraw-consent': withdrawConsent,
  } as const;
  for (const [action, change] of Object.entries(actions)) {
    app.post(
      `/api/visit-notes/:id/${action}`,
      { config: VERIFIED, schema: { params, response: note } },
      async (request) => change(ctx.db, requireUser(request), request.params.id),
    );
  }

  app.post(
    '/api/visit-notes/:id/consent',
    { config: VERIFIED, schema: { params, body: visitNoteConsentSchema, response: note } },
    async (request) => consentToNote(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/visit-notes/:id/request-changes',
    { config: VERIFIED, schema: { params, body: visitNoteChangesSchema, response: note } },
    async (request) =>
      requestNoteChanges(ctx.db, requireUser(request), request.params.id, request.body),
  );
};
