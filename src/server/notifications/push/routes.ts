import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushRenewalSchema,
  pushStatusSchema,
  pushSubscriptionSchema,
} from '../../../shared/schemas/notifications';
import type { AppContext } from '../../context';
import { sessionHashOf } from '../../credentials/session-cookie';
import { requireUser } from '../../http/request-user';
import { removeSubscription } from './queries';
import { pushStatus, renewPushSubscription, subscribeToPush } from './service';

const ok = z.object({ ok: z.literal(true) });

/** Push notifications for this browser, chosen on /profile (docs/PRODUCT.md §14). */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.get(
    '/api/me/push',
    {
      config: { access: 'verified' },
      schema: {
        querystring: z.object({ endpoint: z.string().max(2048).optional() }),
        response: { 200: pushStatusSchema },
      },
    },
    async (request) =>
      pushStatus(
        db,
        config.push,
        requireUser(request).id,
        sessionHashOf(request, config.appOrigin),
        request.query.endpoint,
      ),
  );

  app.put(
    '/api/me/push',
    {
      config: { access: 'verified' },
      schema: { body: pushSubscriptionSchema, response: { 200: ok } },
    },
    async (request) => {
      await subscribeToPush(
        db,
        config.push,
        requireUser(request).id,
        sessionHashOf(request, config.appOrigin),
        request.body,
      );
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/me/push',
    {
      config: { access: 'verified' },
      schema: { body: z.object({ endpoint: z.string().max(2048) }), response: { 200: ok } },
    },
    async (request) => {
      await removeSubscription(db, requireUser(request).id, request.body.endpoint);
      return { ok: true as const };
    },
  );

  /**
   * The service worker hands over a subscription the browser renewed, with or without a session
   * (it runs when no page is open): the old subscription's secret is its proof.
   */
  app.post(
    '/api/push/renewal',
    { config: { access: 'public' }, schema: { body: pushRenewalSchema, response: { 200: ok } } },
    async (request) => {
      await renewPushSubscription(db, config.push, request.body);
      return { ok: true as const };
    },
  );
};
