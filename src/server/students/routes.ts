import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  studentProfileSchema,
  studentProfileUpdateSchema,
} from '../../shared/schemas/registration';
import type { AppContext } from '../context';
import { students } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { universityNameEnOf } from '../universities/queries';
import { requireUser } from '../http/request-user';

export const studentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The signed-in user's own student profile; only ever their own row. */
  app.get(
    '/api/students/me',
    { config: { access: 'verified' }, schema: { response: { 200: studentProfileSchema } } },
    async (request) => {
      const [profile] = await ctx.db
        .select({
          ...getTableColumns(students),
          universityNameEn: universityNameEnOf(students.universityId),
        })
        .from(students)
        .where(eq(students.userId, requireUser(request).id))
        .limit(1);
      if (!profile) throw new AppError('not-found');
      return profile;
    },
  );

  /** A student edits only their own profile: the id comes from the session. */
  app.put(
    '/api/students/me',
    {
      config: { access: { roles: ['student'] } },
      schema: { body: studentProfileUpdateSchema, response: { 200: studentProfileSchema } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const input = request.body;
      const [updated] = await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .update(students)
          .set({
            name: input.name,
            grade: input.grade,
            // The columns keep registration's required values; an emptied field is ''.
            faculty: input.faculty ?? '',
            department: input.department ?? '',
            desiredIndustry: input.desiredIndustry,
            desiredJobType: input.desiredJobType,
            selfIntroduction: input.selfIntroduction,
          })
          .where(eq(students.userId, userId))
          .returning({
            ...getTableColumns(students),
            universityNameEn: universityNameEnOf(students.universityId),
          });
        await recordAudit(tx, {
          actorId: userId,
          action: 'student.profile-update',
          targetType: 'student',
          targetId: userId,
        });
        return rows;
      });
      if (!updated) throw new AppError('not-found');
      return updated;
    },
  );
};
