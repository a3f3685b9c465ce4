import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mentorDetailSchema } from '../../shared/schemas/mentors';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { findMentorDetail } from './service';
import { requireUser } from '../http/request-user';

/**
 * An alumnus's page as one viewer sees it: the profile, and what depends on the viewer
 * (favourite, blocks, whether a request can be sent, the contact address). It sits above
 * mentors, favourites, visits and blocks, which it composes, so none of them imports another.
 */
export const mentorDetailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/mentors/:urlParam',
    {
      config: { access: 'verified' },
      schema: {
        params: z.object({ urlParam: z.string().min(1).max(100) }),
        response: { 200: mentorDetailSchema },
      },
    },
    async (request) => {
      const mentor = await findMentorDetail(ctx.db, request.params.urlParam, requireUser(request));
      if (!mentor) throw new AppError('not-found');
      return mentor;
    },
  );
};
