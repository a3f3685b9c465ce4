import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAVOURITE_ROLES } from '../../shared/roles';
import { favouriteListSchema } from '../../shared/schemas/mentors';
import type { AppContext } from '../context';
import { addFavourite, listFavouriteUrlParams, removeFavourite } from './favourites-queries';
import { requireUser } from '../http/request-user';

const access = { roles: FAVOURITE_ROLES };
const mentorParams = z.object({ urlParam: z.string().min(1).max(100) });
const ok = z.object({ ok: z.literal(true) });

/** The caller's bookmarked alumni: always the caller's own, the id comes from the session. */
export const favouriteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/favourites',
    { config: { access }, schema: { response: { 200: favouriteListSchema } } },
    async (request) => ({
      urlParams: await listFavouriteUrlParams(ctx.db, requireUser(request).id),
    }),
  );

  // PUT and DELETE rather than a toggle: a retried or doubled click ends in the state the
  // person last chose.
  app.put(
    '/api/favourites/:urlParam',
    { config: { access }, schema: { params: mentorParams, response: { 200: ok } } },
    async (request) => {
      await addFavourite(ctx.db, requireUser(request).id, request.params.urlParam);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/favourites/:urlParam',
    { config: { access }, schema: { params: mentorParams, response: { 200: ok } } },
    async (request) => {
      await removeFavourite(ctx.db, requireUser(request).id, request.params.urlParam);
      return { ok: true as const };
    },
  );
};
