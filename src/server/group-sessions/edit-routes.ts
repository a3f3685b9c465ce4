import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupSessionEditSchema,
  groupSessionViewSchema,
} from '../../shared/schemas/group-sessions';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { editGroupSession } from './edit';

const idParams = z.object({ id: z.uuid() });

/**
 * PATCH /api/group-sessions/:id: its alumna or an admin changes what may change before it starts
 * (edit.ts); answered with the page as she now reads it. To anyone else it does not exist.
 */
export const groupSessionEditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.patch(
    '/api/group-sessions/:id',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: {
        params: idParams,
        body: groupSessionEditSchema,
        response: { 200: groupSessionViewSchema },
      },
    },
    async (request) =>
      editGroupSession(ctx.db, requireUser(request), request.params.id, request.body),
  );
};
