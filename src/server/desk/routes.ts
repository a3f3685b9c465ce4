import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deskAnswerSchema, deskInputSchema } from '../../shared/schemas/desk';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { deskAnswer, setDesk } from './service';

/** Admins only, as every route of the console (admin/access.ts). */
const ADMIN = { access: { roles: ['admin'] as const } };

/**
 * The seminar's 相談窓口. Anyone may read it, signed in or not: a student who cannot sign in
 * (a lost address, a suspended account, a worry before registering) must still find whom to
 * ask, and the desk is the seminar's public contact, not a person's private data. The admins
 * set it in the console.
 */
export const deskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.get(
    '/api/desk',
    { config: { access: 'public' }, schema: { response: { 200: deskAnswerSchema } } },
    async () => deskAnswer(db, config.inquiryUrl),
  );

  app.put(
    '/api/admin/desk',
    { config: ADMIN, schema: { body: deskInputSchema, response: { 200: deskAnswerSchema } } },
    async (request) => {
      await setDesk(db, requireUser(request), request.body);
      return deskAnswer(db, config.inquiryUrl);
    },
  );
};
