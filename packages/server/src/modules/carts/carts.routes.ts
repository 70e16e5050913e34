import {
  BUYABLE_TYPES,
  SHOPPING_LISTS,
  SHOPPING_LIST_MAX_ITEMS,
  isWellFormedCouponCode,
  normalizeCouponCode,
  type CartSessionResponse,
} from '@lectern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { CartAnswer, CartRequest, CartsService } from './carts.service.js';

const MALFORMED_CODE = 'Enter a code of 4 to 255 letters, digits, dots, underscores or hyphens.';

const couponCode = z
  .string({ error: 'Enter a code.' })
  .max(300, MALFORMED_CODE)
  .refine(isWellFormedCouponCode, MALFORMED_CODE)
  .transform(normalizeCouponCode);

const codeList = z
  .array(couponCode, {
    error: (issue) =>
      issue.input === undefined ? 'This field is required.' : 'codes must be a list of codes.',
  })
  .max(10, 'Send at most 10 codes at once.')
  .transform((codes) => [...new Set(codes)]);

const buyable = z.strictObject({
  id: databaseId('id must be a course id.'),
  buyable_object_type: z.enum(BUYABLE_TYPES, {
    error: `buyable_object_type must be one of ${BUYABLE_TYPES.join(', ')}.`,
  }),
});

const buyables = z
  .array(buyable, {
    error: (issue) => (issue.input === undefined ? 'This field is required.' : 'buyables must be a list.'),
  })
  .max(SHOPPING_LIST_MAX_ITEMS, `Send at most ${SHOPPING_LIST_MAX_ITEMS} buyables at once.`)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((b) => {
      const key = `${b.buyable_object_type}:${b.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

const addBody = z.strictObject({
  buyables: buyables.refine((list) => list.length > 0, 'Send at least one buyable.'),
  context: z.string().trim().max(100, 'context is at most 100 characters.').optional(),
});

const expressBody = z.strictObject({
  buyables,
  codes: codeList.optional(),
  context: z.string().trim().max(100, 'context is at most 100 characters.').optional(),
});

const codesBody = z.strictObject({
  codes: codeList.refine((codes) => codes.length > 0, 'Send at least one code.'),
});

const listParams = z.object({
  list: z.enum(SHOPPING_LISTS, { error: `list must be one of ${SHOPPING_LISTS.join(', ')}.` }),
});

const removeQuery = z.object({
  boId: databaseId('boId must be a course id.', { coerce: true }),
  boType: z.enum(BUYABLE_TYPES, { error: `boType must be one of ${BUYABLE_TYPES.join(', ')}.` }),
});

const removeCodesQuery = z.object({
  codes: z
    .string()
    .max(3000)
    .optional()
    .transform((value, context) => {
      if (value === undefined) return null;
      const codes = value
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean);
      if (codes.some((code) => !isWellFormedCouponCode(code))) {
        context.addIssue({ code: 'custom', message: MALFORMED_CODE });
        return z.NEVER;
      }
      return codes.map(normalizeCouponCode);
    }),
});

// The cart GET takes the page's own query parameters and a sessionState (platform §7); they are ignored.
const readQuery = z.looseObject({});

/**
 * Platform §7 cart API. The owner is the signed-in user, else the visitor cookie (created on
 * a visitor's first write). Every answer carries the cart's ETag; every write needs it back
 * in If-Match (see docs/decisions/0007).
 */
export const cartsRoutes: FastifyPluginAsyncZod<{
  carts: CartsService;
  userContext: UserContextService;
}> = async (app, { carts, userContext }) => {
  function cartRequest(request: FastifyRequest, reply: FastifyReply, write: boolean): CartRequest {
    // Started now and awaited by the service alongside the cart; a service that fails before
    // awaiting it must not leave an unhandled rejection behind.
    const pricing = userContext.pricingContextOf(request);
    pricing.catch(() => {});
    const visitorId =
      request.userId !== null
        ? null
        : write
          ? userContext.ensureVisitorId(request, reply)
          : userContext.visitorIdOf(request);
    return {
      owner: request.userId !== null ? { userId: request.userId } : visitorId ? { visitorId } : null,
      userId: request.userId,
      pricing,
      ifMatch: typeof request.headers['if-match'] === 'string' ? request.headers['if-match'] : undefined,
      ip: request.ip,
    };
  }

  const answer = (reply: FastifyReply, result: CartAnswer): CartSessionResponse => {
    reply.header('etag', result.etag);
    return result.body;
  };

  app.get('/api-2.0/shopping-carts/me/', { schema: { querystring: readQuery } }, async (request, reply) =>
    answer(reply, await carts.read(cartRequest(request, reply, false))),
  );

  app.post('/api-2.0/shopping-carts/me/discounts/', { schema: { body: codesBody } }, async (request, reply) =>
    answer(reply, await carts.applyCodes(cartRequest(request, reply, true), request.body.codes)),
  );

  app.delete(
    '/api-2.0/shopping-carts/me/discounts/',
    { schema: { querystring: removeCodesQuery } },
    async (request, reply) =>
      answer(reply, await carts.removeCodes(cartRequest(request, reply, true), request.query.codes)),
  );

  app.post('/api-2.0/shopping-carts/me/express/', { schema: { body: expressBody } }, async (request, reply) =>
    answer(
      reply,
      await carts.replaceExpress(
        cartRequest(request, reply, true),
        request.body.buyables,
        request.body.codes ?? [],
        request.body.context ?? null,
      ),
    ),
  );

  app.post(
    '/api-2.0/shopping-carts/me/:list/',
    { schema: { params: listParams, body: addBody } },
    async (request, reply) =>
      answer(
        reply,
        await carts.addToList(
          cartRequest(request, reply, true),
          request.params.list,
          request.body.buyables,
          request.body.context ?? null,
        ),
      ),
  );

  app.delete(
    '/api-2.0/shopping-carts/me/:list/',
    { schema: { params: listParams, querystring: removeQuery } },
    async (request, reply) =>
      answer(
        reply,
        await carts.removeFromList(cartRequest(request, reply, true), request.params.list, {
          id: request.query.boId,
          buyable_object_type: request.query.boType,
        }),
      ),
  );
};
