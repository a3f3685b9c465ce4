import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meetingDetailsSchema,
  noShowAnswerSchema,
  visitAcceptProposalSchema,
  visitAcceptSchema,
  visitFeedbackSchema,
  visitOutcomeSchema,
  visitProposeSchema,
  visitReplySchema,
  visitRequestCountSchema,
  visitRequestFormSchema,
  visitRequestListSchema,
  visitRequestSchema,
} from '../../shared/schemas/visit-requests';
import type { SessionUser } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { answeringWithCurrentState, answeringWithWaitingList } from './current-state';
import { waitingRequestsOf } from './waiting-queries';
import { waitingRequestsSchema } from '../../shared/schemas/waiting-requests';
import {
  acceptProposedTime,
  acceptVisitRequest,
  cancelVisitRequest,
  createVisitRequest,
  declineVisitRequest,
  markVisitRequestSeen,
  proposeVisitTime,
  setMeetingDetails,
} from './service';
import { countAwaitingReply, findVisitRequest, listVisitRequests } from './views';
import { answerNoShow, recordOutcome, saveFeedback } from './follow-up-service';
import { confirmSafeEnd } from './safe-end-service';
import { requireUser } from '../http/request-user';
import { bookingFormSchema } from '../../shared/schemas/booking';
import { bookSlot } from './booking-service';
import { dayDetails } from './day-details-service';
import { dayDetailsSchema } from '../../shared/schemas/day-details';

const idParams = z.object({ id: z.uuid() });
const ok = z.object({ ok: z.literal(true) });

/**
 * OG訪問 requests. Only students send them; every other call is open to any
 * verified account and answers only about requests the caller takes part in (another's
 * request is not-found), on the side the action belongs to.
 */
export const visitRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db, config } = ctx;

  app.post(
    '/api/visit-requests',
    {
      config: { access: { roles: ['student'] } },
      schema: { body: visitRequestFormSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) => {
      const student = requireUser(request);
      return answeringWithWaitingList(db, student, reply, async () => {
        const created = await createVisitRequest(db, student, request.body);
        return reply.code(201).send(created);
      });
    },
  );

  /** 予約枠: a student books one of an alumna's open slots, in one step. */
  app.post(
    '/api/visit-requests/bookings',
    {
      config: { access: { roles: ['student'] } },
      schema: {
        body: bookingFormSchema,
        response: { 201: z.object({ id: z.string(), status: z.enum(['pending', 'accepted']) }) },
      },
    },
    async (request, reply) => {
      const student = requireUser(request);
      return answeringWithWaitingList(db, student, reply, async () => {
        const created = await bookSlot(db, student, request.body);
        return reply.code(201).send(created);
      });
    },
  );

  /**
   * The caller's requests waiting for an answer and the seminar's limit of them (issue 57): what
   * the request and booking forms list when she has the limit's number (none for an alumna).
   */
  app.get(
    '/api/visit-requests/waiting',
    { config: { access: 'verified' }, schema: { response: { 200: waitingRequestsSchema } } },
    async (request) => waitingRequestsOf(db, requireUser(request).id),
  );

  app.get(
    '/api/visit-requests',
    { config: { access: 'verified' }, schema: { response: { 200: visitRequestListSchema } } },
    async (request) => listVisitRequests(db, requireUser(request).id),
  );

  /** The day's details: what a device keeps to show the coming visits offline. */
  app.get(
    '/api/visit-requests/day-details',
    { config: { access: 'verified' }, schema: { response: { 200: dayDetailsSchema } } },
    async (request) => dayDetails(db, requireUser(request).id, config.inquiryUrl),
  );

  app.get(
    '/api/visit-requests/count',
    { config: { access: 'verified' }, schema: { response: { 200: visitRequestCountSchema } } },
    async (request) => ({ awaitingReply: await countAwaitingReply(db, requireUser(request).id) }),
  );

  app.get(
    '/api/visit-requests/:id',
    {
      config: { access: 'verified' },
      schema: { params: idParams, response: { 200: visitRequestSchema } },
    },
    async (request) => {
      const found = await findVisitRequest(db, requireUser(request).id, request.params.id);
      if (!found) throw new AppError('not-found');
      return found;
    },
  );

  /** The student opened the request: its news no longer counts on the badge. */
  app.post(
    '/api/visit-requests/:id/seen',
    {
      config: { access: { roles: ['student'] } },
      schema: { params: idParams, response: { 200: ok } },
    },
    async (request) => {
      await markVisitRequestSeen(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  /**
   * A state change by one side: the service checks the caller's side and the request's state,
   * and queues the other side's mail, which goes once the change is committed.
   */
  function transition<Body extends z.ZodType>(
    action: 'accept' | 'propose' | 'accept-proposal' | 'decline' | 'cancel',
    body: Body,
    change: (db: Database, user: SessionUser, id: string, input: z.output<Body>) => Promise<void>,
  ) {
    app.post(
      `/api/visit-requests/:id/${action}`,
      {
        config: { access: 'verified' },
        schema: { params: idParams, body, response: { 200: ok } },
      },
      async (request, reply) =>
        answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
          await change(
            db,
            requireUser(request),
            request.params.id,
            // The body was parsed with `body` above; the type provider cannot follow the generic.
            request.body as z.output<Body>,
          );
          return { ok: true as const };
        }),
    );
  }

  /** The alumnus sets or changes where to meet, once the visit is agreed (§7). */
  app.put(
    '/api/visit-requests/:id/meeting',
    {
      config: { access: 'verified' },
      schema: { params: idParams, body: meetingDetailsSchema, response: { 200: ok } },
    },
    async (request, reply) =>
      answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
        await setMeetingDetails(db, requireUser(request), request.params.id, request.body);
        return { ok: true as const };
      }),
  );

  /** After the meeting: 実施済み or the other side's no-show (§7). */
  app.post(
    '/api/visit-requests/:id/outcome',
    {
      config: { access: 'verified' },
      schema: { params: idParams, body: visitOutcomeSchema, response: { 200: ok } },
    },
    async (request, reply) =>
      answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
        await recordOutcome(db, requireUser(request), request.params.id, request.body);
        return { ok: true as const };
      }),
  );

  /** 「参加しました」: the answer, once, of the side a no-show claim names (§7). */
  app.post(
    '/api/visit-requests/:id/no-show-answer',
    {
      config: { access: 'verified' },
      schema: { params: idParams, body: noShowAnswerSchema, response: { 200: ok } },
    },
    async (request, reply) =>
      answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
        await answerNoShow(db, requireUser(request), request.params.id, request.body);
        return { ok: true as const };
      }),
  );

  /** Private feedback for the seminar, never shown to the other side (§7). */
  app.put(
    '/api/visit-requests/:id/feedback',
    {
      config: { access: 'verified' },
      schema: { params: idParams, body: visitFeedbackSchema, response: { 200: ok } },
    },
    async (request, reply) =>
      answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
        await saveFeedback(db, requireUser(request), request.params.id, request.body);
        return { ok: true as const };
      }),
  );

  /** 「無事に終わりました」: the student's one tap after an in-person visit (§7). */
  app.post(
    '/api/visit-requests/:id/safe-end',
    {
      config: { access: { roles: ['student'] } },
      schema: { params: idParams, response: { 200: ok } },
    },
    async (request, reply) =>
      answeringWithCurrentState(db, requireUser(request), request.params.id, reply, async () => {
        await confirmSafeEnd(db, requireUser(request), request.params.id);
        return { ok: true as const };
      }),
  );

  transition('accept', visitAcceptSchema, acceptVisitRequest);
  transition('propose', visitProposeSchema, proposeVisitTime);
  transition('accept-proposal', visitAcceptProposalSchema, acceptProposedTime);
  transition('decline', visitReplySchema, declineVisitRequest);
  transition('cancel', visitReplySchema, cancelVisitRequest);
};
