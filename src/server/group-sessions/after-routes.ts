import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noShowAnswerSchema } from '../../shared/schemas/visit-requests';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { answerAbsence, confirmGroupSessionSafeEnd } from './after';

const idParams = z.object({ id: z.uuid() });

/**
 * After a 座談会 is held (after.ts): a seated student's 「参加しました」 to a 欠席 recorded of her,
 * and her 「無事に終わりました」. Students only; whose seat it is, is the service's.
 */
export const groupSessionAfterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/group-sessions/:id/absence-answer',
    {
      config: { access: { roles: ['student'] } },
      schema: { params: idParams, body: noShowAnswerSchema },
    },
    async (request, reply) => {
      await answerAbsence(ctx.db, requireUser(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/group-sessions/:id/safe-end',
    { config: { access: { roles: ['student'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await confirmGroupSessionSafeEnd(ctx.db, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
