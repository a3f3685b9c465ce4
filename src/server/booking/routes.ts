import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_AHEAD_DAYS_MAX } from '../../shared/constants';
import {
  bookingSettingsSchema,
  bookingViewSchema,
  mentorSlotsSchema,
} from '../../shared/schemas/booking';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requireUser } from '../http/request-user';
import { findBookingByUrlParam } from './queries';
import { bookingViewOf, openSlotsOf, saveBookingSettings, toOpenSlot } from './service';

/**
 * 予約枠: an alumna's own settings and windows (the id from the session, never from the
 * request), and the open slots of an alumna as a signed-in user sees them.
 */
export const bookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/mentors/me/booking',
    { config: { access: { roles: ['mentor'] } }, schema: { response: { 200: bookingViewSchema } } },
    async (request) => bookingViewOf(ctx.db, requireUser(request).id),
  );

  app.put(
    '/api/mentors/me/booking',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { body: bookingSettingsSchema, response: { 200: bookingViewSchema } },
    },
    async (request) => saveBookingSettings(ctx.db, requireUser(request).id, request.body),
  );

  app.get(
    '/api/mentors/:urlParam/slots',
    {
      config: { access: 'verified' },
      schema: {
        params: z.object({ urlParam: z.string().min(1).max(100) }),
        response: { 200: mentorSlotsSchema },
      },
    },
    async (request) => {
      const booking = await findBookingByUrlParam(ctx.db, request.params.urlParam);
      if (!booking) throw new AppError('not-found');
      // An alumna who blocked the caller looks paused to them: no slot (decision 0006).
      if (request.blockedBy?.includes(request.params.urlParam)) return { slots: [] };
      const slots = await openSlotsOf(ctx.db, booking, new Date(), {
        days: BOOKING_AHEAD_DAYS_MAX,
      });
      return { slots: slots.map(toOpenSlot) };
    },
  );
};
