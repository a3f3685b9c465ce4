import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  replyTemplatesSchema,
  threadMessageSchema,
  threadPostSchema,
  threadSchema,
} from '../../../shared/schemas/threads';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/request-user';
import { answeringWithCurrentState } from '../current-state';
import { readReplyTemplates, saveReplyTemplates } from './reply-templates-service';
import { markThreadRead, postThanks, postThreadMessage, readThread } from './service';

const idParams = z.object({ id: z.uuid() });
const ok = z.object({ ok: z.literal(true) });
const templatesResponse = z.object({
  templates: z.array(z.object({ title: z.string(), body: z.string() })),
});

/**
 * The thread of each visit request, open to its two sides only (another's request is
 * not-found), and the alumnus's saved replies.
 */
export const threadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/visit-requests/:id/messages',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: threadSchema } },
    },
    async (request) => readThread(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/visit-requests/:id/messages',
    {
      config: { access: 'verified' },
      schema: { params: idParams, body: threadPostSchema, response: { 201: threadMessageSchema } },
    },
    async (request, reply) => {
      // No mail pass now: a message is mailed about once it waited unread for
      // THREAD_READING_SECONDS (visits/thread/message-mail-service.ts), by the half-minute pass.
      const message = await postThreadMessage(
        db,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(message);
    },
  );

  /** The student's お礼 after the visit, once (§7). */
  app.post(
    '/api/visit-requests/:id/thanks',
    {
      config: { access: { roles: ['student'] } },
      schema: { params: idParams, body: threadPostSchema, response: { 201: threadMessageSchema } },
    },
    async (request, reply) =>
      answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
        const message = await postThanks(db, requireUser(request), request.params.id, request.body);
        return reply.code(201).send(message);
      }),
  );

  app.post(
    '/api/visit-requests/:id/messages/read',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: ok } },
    },
    async (request) => {
      await markThreadRead(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/mentors/me/reply-templates',
    { config: { access: { roles: ['mentor'] } }, schema: { response: { 200: templatesResponse } } },
    async (request) => ({ templates: await readReplyTemplates(db, requireUser(request).id) }),
  );

  app.put(
    '/api/mentors/me/reply-templates',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { body: replyTemplatesSchema, response: { 200: templatesResponse } },
    },
    async (request) => ({
      templates: await saveReplyTemplates(db, requireUser(request).id, request.body.templates),
    }),
  );
};
