import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ICON_MAX_BYTES } from '../../shared/constants';
import {
  contactEmailConfirmedSchema,
  contactEmailTokenSchema,
  mentorListPageSchema,
  mentorListQuerySchema,
  mentorProfileFieldsSchema,
  mentorProfileSchema,
  mentorProfileUpdateResultSchema,
  mentorRegistrationSchema,
  type MentorListPage,
  savedVisitSettingsSchema,
  visitSettingsSchema,
} from '../../shared/schemas/mentors';
import { employerRulesSchema } from '../../shared/schemas/employer-rules';
import { bindingFor } from '../credentials/browser-binding';
import { setSessionCookie } from '../credentials/session-cookie';
import type { AppContext } from '../context';
import { mentors } from '../db/schema';
import { AppError } from '../errors';
import { clientKey } from '../http/client-key';
import { parseFields, readMultipart, withUploadSlot } from '../http/multipart';
import { consumeLimit } from '../lib/rate-limit';
import {
  confirmContactEmail,
  resendContactEmailLink,
  setContactEmail,
} from './contact-email-service';
import { saveEmployerRules } from './employer-rules-service';
import { updateOwnMentorProfile } from './profile-service';
import { asSeenBy, findOwnMentorProfile, leavesOutNotAccepting, listMentorCards } from './queries';
import { REGISTRATION_LIMIT, registerMentor } from './registration-service';
import { requireUser } from '../http/request-user';
import { refreshNextSlots } from '../booking';

export const mentorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  /** The invitation form: multipart, the profile fields and the icon. */
  app.post(
    '/api/mentor-registrations',
    {
      config: { access: 'public' },
      // signedIn: the mailed link proved her address, and the answer carries her session.
      schema: {
        response: { 200: z.object({ ok: z.literal(true), signedIn: z.literal(true).optional() }) },
      },
      // The per-client limit is counted before the multipart body is read
      // (this hook runs before any parsing), so a flood is refused without buffering uploads.
      onRequest: async (request) => {
        await consumeLimit(ctx.db, REGISTRATION_LIMIT, clientKey(request));
      },
    },
    async (request, reply) => {
      const registered = await withUploadSlot(async () => {
        const body = await readMultipart(request, 'image', ICON_MAX_BYTES);
        const fields = parseFields(mentorRegistrationSchema, body.fields);
        // A filled honeypot is a bot: answer as if done, store nothing.
        if (fields.website) return { signedIn: false as const };
        // Unproven, no session: only a binding the waiting page polls by.
        const bindBrowser = bindingFor(request, reply, config.appOrigin);
        return registerMentor(ctx.db, fields, body.file, bindBrowser);
      });
      if (!registered.signedIn) return { ok: true as const };
      setSessionCookie(reply, config.appOrigin, registered.sessionToken);
      return { ok: true as const, signedIn: true as const };
    },
  );

  app.get(
    '/api/mentors',
    {
      config: { access: 'verified' },
      schema: { querystring: mentorListQuerySchema, response: { 200: mentorListPageSchema } },
    },
    async (request, reply) => {
      const viewer = { id: requireUser(request).id, blockedBy: request.blockedBy ?? [] };
      // Favourites are the caller's own, and 受付中のみ and 空き枠あり leave out who blocked the
      // caller (as paused): such a page is read for them and never cached.
      if (
        request.query.favourites ||
        (leavesOutNotAccepting(request.query) && viewer.blockedBy.length > 0)
      ) {
        return listMentorCards(ctx.db, request.query, viewer);
      }
      // Every other page is the same for everyone: answered from the read cache when one was
      // read moments ago (lib/read-cache.ts), as the JSON text itself.
      const cacheKey = JSON.stringify(request.query);
      let body = ctx.caches.mentorList.get(cacheKey);
      if (body === undefined) {
        const generation = ctx.caches.mentorList.generation;
        const page = mentorListPageSchema.parse(await listMentorCards(ctx.db, request.query));
        body = JSON.stringify(page);
        ctx.caches.mentorList.set(cacheKey, body, generation);
      }
      const shared = body;
      // The alumnae who blocked the caller show as paused to them, on top of the shared answer
      // (read only when one of them is on this page: for nearly everyone, nothing to do).
      if (viewer.blockedBy.some((urlParam) => shared.includes(`"${urlParam}"`))) {
        const page = JSON.parse(shared) as MentorListPage;
        body = JSON.stringify(asSeenBy(page, viewer.blockedBy));
      }
      // Fastify sends a string with a JSON content type as it is, without the serializer; the
      // schema was applied by the parse above.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/mentors/me',
    { config: { access: 'verified' }, schema: { response: { 200: mentorProfileSchema } } },
    async (request) => {
      const profile = await findOwnMentorProfile(ctx.db, requireUser(request).id);
      if (!profile) throw new AppError('not-found');
      return profile;
    },
  );

  /** The alumnus's own profile only: the id comes from the session, never from the request. */
  app.put(
    '/api/mentors/me',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { response: { 200: mentorProfileUpdateResultSchema } },
    },
    async (request) =>
      withUploadSlot(async () => {
        const body = await readMultipart(request, 'image', ICON_MAX_BYTES);
        const fields = parseFields(mentorProfileFieldsSchema, body.fields);
        return updateOwnMentorProfile(ctx.db, requireUser(request).id, fields, body.file, (error) =>
          request.log.error({ err: error }, 'icon could not be stored; profile text saved'),
        );
      }),
  );

  /**
   * 受付停止, the monthly limit, who sees the contact address and which address it is: the
   * alumnus's own choice. A new contact address is mailed its link and shown to nobody until
   * it is followed (contact-email-service).
   */
  app.put(
    '/api/mentors/me/visit-settings',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { body: visitSettingsSchema, response: { 200: savedVisitSettingsSchema } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const { contactEmail, ...settings } = request.body;
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(mentors)
          // Resuming (from a pause) ends a pause the site made and starts the count of expired
          // requests afresh; saving other settings while accepting leaves the count alone.
          .set(
            settings.acceptingRequests
              ? {
                  ...settings,
                  autoPausedAt: null,
                  expiredInRow: sql`case when ${mentors.acceptingRequests} then ${mentors.expiredInRow} else 0 end`,
                }
              : settings,
          )
          .where(eq(mentors.userId, userId))
          .returning({
            contactVisibility: mentors.contactVisibility,
            acceptingRequests: mentors.acceptingRequests,
            monthlyRequestLimit: mentors.monthlyRequestLimit,
          });
        if (!row) throw new AppError('not-found');
        if (contactEmail !== undefined) {
          await setContactEmail(tx, userId, contactEmail);
        }
        // 受付停止 and the monthly limit decide whether her slots are offered.
        await refreshNextSlots(tx, [userId]);
        return row;
      });
    },
  );

  /**
   * Her employer's rules for OB・OG訪問 and its desk (issue 54): her slots, acceptances and
   * proposals keep them from now on, and students read them on her page and their requests.
   */
  app.put(
    '/api/mentors/me/employer-rules',
    {
      config: { access: { roles: ['mentor'] } },
      schema: {
        body: employerRulesSchema,
        response: { 200: z.object({ employerRules: employerRulesSchema }) },
      },
    },
    async (request) => saveEmployerRules(ctx.db, requireUser(request).id, request.body),
  );

  /** 「確認メールを再送」 for the alumna's unconfirmed contact address (nothing once confirmed). */
  app.post(
    '/api/mentors/me/contact-email/resend',
    {
      config: { access: { roles: ['mentor'] } },
      schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      await resendContactEmailLink(ctx.db, requireUser(request).id);
      return { ok: true as const };
    },
  );

  /**
   * The contact address's mailed link, followed with its token alone (whoever holds the
   * mailbox), by POST from the page's button so that mail scanners opening links change nothing.
   */
  app.post(
    '/api/contact-email/confirm',
    {
      config: { access: 'public' },
      schema: { body: contactEmailTokenSchema, response: { 200: contactEmailConfirmedSchema } },
    },
    async (request) => confirmContactEmail(ctx.db, request.body.token),
  );
};
