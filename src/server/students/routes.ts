import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentProfileSchema } from '../../shared/schemas/registration';
import type { AppContext } from '../context';
import { students } from '../db/schema';
import { AppError } from '../errors';

export const studentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The signed-in user's own student profile; only ever their own row. */
  app.get(
    '/api/students/me',
    { config: { access: 'verified' }, schema: { response: { 200: studentProfileSchema } } },
    async (request) => {
      const [profile] = await ctx.db
        .select()
        .from(students)
        .where(eq(students.userId, request.user!.id))
        .limit(1);
      if (!profile) throw new AppError('not-found');
      return profile;
    },
  );
};
