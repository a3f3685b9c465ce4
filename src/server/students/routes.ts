import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentProfileSchema, studentProfileUpdateSchema } from '../../shared/schemas/students';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { ownStudentProfile, updateOwnStudentProfile } from './service';

export const studentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The signed-in user's own student profile; only ever their own row. */
  app.get(
    '/api/students/me',
    { config: { access: 'verified' }, schema: { response: { 200: studentProfileSchema } } },
    async (request) => ownStudentProfile(ctx.db, requireUser(request).id),
  );

  /** A student edits only their own profile: the id comes from the session. */
  app.put(
    '/api/students/me',
    {
      config: { access: { roles: ['student'] } },
      schema: { body: studentProfileUpdateSchema, response: { 200: studentProfileSchema } },
    },
    async (request) => updateOwnStudentProfile(ctx.db, requireUser(request).id, request.body),
  );
};
