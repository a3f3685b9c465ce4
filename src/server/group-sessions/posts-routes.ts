import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupSessionPostSchema,
  groupSessionPostViewSchema,
  groupSessionThreadSchema,
} from '../../shared/schemas/group-sessions';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { postToGroupSession, readGroupSessionPosts } from './posts';

const idParams = z.object({ id: z.uuid() });

/**
 * A 座談会's thread (posts.ts): read by its alumna, the admins and the students holding a place;
 * written by its alumna and those students. Anyone else is told it does not exist.
 */
export const groupSessionPostRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/group-sessions/:id/posts',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: groupSessionThreadSchema } },
    },
    async (request) => readGroupSessionPosts(ctx.db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/group-sessions/:id/posts',
    {
      config: { access: { roles: ['mentor', 'student'] } },
      schema: {
        params: idParams,
        body: groupSessionPostSchema,
        response: { 201: groupSessionPostViewSchema },
      },
    },
    async (request, reply) => {
      const post = await postToGroupSession(
        ctx.db,
        requireUser(request),
        request.params.id,
        request.body.body,
      );
      return reply.code(201).send(post);
    },
  );
};
