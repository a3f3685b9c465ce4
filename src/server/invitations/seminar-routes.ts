import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seminarAnswerSchema, seminarInputSchema } from '../../shared/schemas/seminar';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { readSeminar, setSeminar } from './seminar-service';

/** Admins only, as every route of the console (admin/access.ts). */
const ADMIN = { access: { roles: ['admin'] as const } };

/**
 * The seminar's name. Anyone may read it: an invitee opening her link is not signed in, and the
 * name is what every invitation already prints. The admins set it in the console.
 */
export const seminarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/seminar',
    { config: { access: 'public' }, schema: { response: { 200: seminarAnswerSchema } } },
    async () => ({ seminar: await readSeminar(db) }),
  );

  app.put(
    '/api/admin/seminar',
    { config: ADMIN, schema: { body: seminarInputSchema, response: { 200: seminarAnswerSchema } } },
    async (request) => {
      await setSeminar(db, requireUser(request), request.body);
      return { seminar: await readSeminar(db) };
    },
  );
};
