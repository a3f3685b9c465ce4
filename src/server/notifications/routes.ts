import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailPreferencesSchema, notificationListSchema } from '../../shared/schemas/notifications';
import type { AppContext } from '../context';
import { requireUser } from '../http/request-user';
import { listNotifications, unreadSummary } from './queries';
import type { BellStreams } from './bell-streams';
import { AppError } from '../errors';
import { sessionHashOf } from '../credentials/session-cookie';
import {
  markAllNotificationsRead,
  markNotificationRead,
  readMailPreferences,
  saveMailPreferences,
} from './service';

const ok = z.object({ ok: z.literal(true) });

/** The bell's list and count, and which events mail the user (docs/PRODUCT.md §7, §11). */
export const notificationRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** The open pages' streams of this process (app.ts starts them with the database). */
  bell: BellStreams;
}> = async (app, { ctx, bell }) => {
  const { db } = ctx;

  app.get(
    '/api/notifications',
    { config: { access: 'verified' }, schema: { response: { 200: notificationListSchema } } },
    async (request) => listNotifications(db, requireUser(request).id),
  );

  /**
   * The header polls this every NOTIFICATION_POLL_INTERVAL_MS. It answers with an ETag and
   * `no-cache`, so the browser asks with If-None-Match and gets 304 while nothing changed.
   */
  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'verified' },
      schema: { response: { 200: z.object({ unread: z.number() }), 304: z.null() } },
    },
    async (request, reply) => {
      const { unread, version } = await unreadSummary(db, requireUser(request).id);
      const etag = `"n-${version}"`;
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { unread };
    },
  );

  /**
   * The count as it changes, for as long as the page is open (server-sent events): the header
   * listens here and polls only when this is refused or unavailable. One per tab, up to
   * MAX_BELL_STREAMS_PER_USER per person.
   */
  app.get(
    '/api/notifications/stream',
    { config: { access: 'verified' } },
    async (request, reply) => {
      const user = requireUser(request);
      // Only an event stream reader (EventSource asks with this): any other call would wait forever.
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new AppError('invalid-argument');
      }
      if (!bell.hasRoomFor(user.id)) throw new AppError('auth/too-many-requests');
      const sessionHash = sessionHashOf(request, ctx.config.appOrigin);
      reply.hijack();
      await bell.open({ userId: user.id, sessionHash, response: reply.raw });
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'verified' },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: ok } },
    },
    async (request) => {
      await markNotificationRead(db, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { config: { access: 'verified' }, schema: { response: { 200: ok } } },
    async (request) => {
      await markAllNotificationsRead(db, requireUser(request).id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me/mail-preferences',
    { config: { access: 'verified' }, schema: { response: { 200: mailPreferencesSchema } } },
    async (request) => readMailPreferences(db, requireUser(request).id),
  );

  app.put(
    '/api/me/mail-preferences',
    {
      config: { access: 'verified' },
      schema: { body: mailPreferencesSchema, response: { 200: mailPreferencesSchema } },
    },
    async (request) => saveMailPreferences(db, requireUser(request).id, request.body),
  );
};
