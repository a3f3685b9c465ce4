import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { findIcon } from './icons-service';

const iconIdSchema = z.uuid();

export const iconRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /**
   * A mentor icon. The URL changes with every upload, so it may be cached for good; the
   * bytes were re-encoded by us, and nosniff plus a sandboxing CSP keep them an image.
   */
  app.get(
    '/api/icons/:iconId',
    {
      config: { access: 'verified' },
      schema: { params: z.object({ iconId: z.string() }) },
    },
    async (request, reply) => {
      // A malformed id names no icon: 404 like an unknown one, not a 400 or a database error.
      const parsed = iconIdSchema.safeParse(request.params.iconId);
      if (!parsed.success) throw new AppError('not-found');
      const icon = await findIcon(ctx.db, parsed.data);
      if (!icon) throw new AppError('not-found');
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(icon.content);
    },
  );
};
