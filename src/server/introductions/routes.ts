import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  introducedStudentSchema,
  introductionAnswerSchema,
  introductionFormSchema,
  introductionSettingsSchema,
  introductionViewSchema,
} from '../../shared/schemas/introductions';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requireUser } from '../http/request-user';
import {
  answerIntroduction,
  introduce,
  introductionFor,
  introductionSettingsOf,
  isIntroducer,
  saveIntroductionSettings,
  studentToIntroduce,
} from './service';

const idParams = z.object({ id: z.uuid() });

/**
 * 紹介 (decision 0044): an alumna or an admin introduces a student to an alumna, who opts in or
 * declines; the student reads it only once she opted in. Each reader's rights are the service's
 * (readerOf): the routes name who may call at all.
 */
export const introductionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const introducer = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    if (!isIntroducer(user)) throw new AppError('permission-denied');
    return user;
  };

  app.get(
    '/api/introductions/students/:id',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: { params: idParams, response: { 200: introducedStudentSchema } },
    },
    async (request) => studentToIntroduce(ctx.db, introducer(request), request.params.id),
  );

  app.post(
    '/api/introductions',
    {
      config: { access: { roles: ['mentor', 'admin'] } },
      schema: { body: introductionFormSchema, response: { 200: z.object({ id: z.string() }) } },
    },
    async (request) => introduce(ctx.db, introducer(request), request.body),
  );

  app.get(
    '/api/introductions/:id',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: introductionViewSchema } },
    },
    async (request) => introductionFor(ctx.db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/introductions/:id/answer',
    {
      config: { access: { roles: ['mentor'] } },
      schema: {
        params: idParams,
        body: introductionAnswerSchema,
        response: { 200: introductionViewSchema },
      },
    },
    async (request) =>
      answerIntroduction(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/mentors/me/introductions',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { response: { 200: introductionSettingsSchema } },
    },
    async (request) => introductionSettingsOf(ctx.db, requireUser(request).id),
  );

  app.put(
    '/api/mentors/me/introductions',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { body: introductionSettingsSchema, response: { 200: introductionSettingsSchema } },
    },
    async (request) =>
      saveIntroductionSettings(ctx.db, requireUser(request).id, request.body.takesIntroductions),
  );
};
