import { GIFT_REDEEM_PATH, type GiftPreview } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { notFound } from '../../platform/http/http-error.js';
import type { GiftsService } from './gifts.service.js';

// A link's code is 43 base64url characters; a little room either way, nothing else.
const code = z
  .string({ error: 'code is required.' })
  .regex(
    /^[A-Za-z0-9_-]{20,100}$/,
    'This gift link is not valid. Check that you opened the whole link from the e-mail.',
  );

/**
 * The redeem page's API: anyone holding a gift's link may see what it is (the link is the
 * secret); redeeming needs an account, whose owner gets the course.
 */
export const giftsRoutes: FastifyPluginAsyncZod<{ gifts: GiftsService }> = async (app, { gifts }) => {
  app.get(
    GIFT_REDEEM_PATH,
    { schema: { querystring: z.object({ code }) } },
    async (request, reply): Promise<GiftPreview> => {
      // The answer names a person's message: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      const preview = await gifts.preview(request.query.code, request.userId);
      if (!preview)
        throw notFound('This gift link is not valid. Check that you opened the whole link from the e-mail.');
      return preview;
    },
  );

  app.post(
    GIFT_REDEEM_PATH,
    { config: SIGNED_IN, schema: { body: z.strictObject({ code }) } },
    async (request) => gifts.redeem(requireUserId(request), request.body.code),
  );
};
