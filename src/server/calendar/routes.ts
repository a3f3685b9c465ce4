import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requireUser } from '../http/request-user';
import {
  feedCalendar,
  groupSessionCalendar,
  ownFeedUrl,
  regenerateFeedUrl,
  slotsCalendar,
  visitCalendar,
} from './service';

/** The feed URLs: the visits, and an alumna's 予約枠 as free/busy (null for anyone else). */
const feedUrlSchema = z.object({ url: z.string(), slotsUrl: z.string().nullable() });
/** A feed's file name: the 256-bit token (base64url) and ".ics". */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
/** The token alone, as the slots feed's folder. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Calendar files and feeds of agreed visits (docs/PRODUCT.md §7). */
export const calendarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.get(
    '/api/visit-requests/:id/calendar.ics',
    { config: { access: 'verified' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const ics = await visitCalendar(
        db,
        config.appOrigin,
        requireUser(request).id,
        request.params.id,
      );
      return sendFile(reply, ics, 'og-visit.ics');
    },
  );

  app.get(
    '/api/group-sessions/:id/calendar.ics',
    { config: { access: 'verified' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const ics = await groupSessionCalendar(
        db,
        config.appOrigin,
        requireUser(request).id,
        request.params.id,
      );
      return sendFile(reply, ics, 'og-group-session.ics');
    },
  );

  app.get(
    '/api/calendar/feed',
    { config: { access: 'verified' }, schema: { response: { 200: feedUrlSchema } } },
    async (request) => ownFeedUrl(db, config.appOrigin, requireUser(request).id),
  );

  app.post(
    '/api/calendar/feed/regenerate',
    { config: { access: 'verified' }, schema: { response: { 200: feedUrlSchema } } },
    async (request) => regenerateFeedUrl(db, config.appOrigin, requireUser(request).id),
  );

  /**
   * The private feed: no session (calendar apps have none), the secret in the URL is the key.
   * Outside /api, so the guard leaves it alone.
   */
  app.get(
    '/calendar/:file',
    { schema: { params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      if (!token) throw new AppError('not-found');
      const ics = await feedCalendar(db, config.appOrigin, token);
      return sendFeed(reply, ics);
    },
  );

  /** An alumna's 予約枠 as free/busy, on the same secret and shaped like the feed above. */
  app.get(
    '/calendar/:token/slots.ics',
    { schema: { params: z.object({ token: z.string().max(100) }) } },
    async (request, reply) => {
      const { token } = request.params;
      if (!FEED_TOKEN.test(token)) throw new AppError('not-found');
      return sendFeed(reply, await slotsCalendar(db, config.appOrigin, token));
    },
  );
};

/** One event as a download: never kept by a cache. */
function sendFile(reply: FastifyReply, ics: string, filename: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(ics);
}

/** A feed as calendar apps fetch it: kept a few minutes, private, never indexed. */
function sendFeed(reply: FastifyReply, ics: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('cache-control', 'private, max-age=300')
    .header('x-robots-tag', 'noindex')
    .send(ics);
}
