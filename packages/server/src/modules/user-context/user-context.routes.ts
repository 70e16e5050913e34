import { USER_CONTEXT_FLAGS, parseQueryBoolean, type UserContextFlag } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { notAuthenticated } from '../../platform/http/http-error.js';
import type { UsersService } from '../users/users.service.js';
import type { UserContextService } from './user-context.service.js';

const flag = z
  .string()
  .optional()
  .refine((value) => value === undefined || parseQueryBoolean(value) !== undefined, {
    message: 'Use one of 0, 1, true, false, on, off, enabled, disabled.',
  })
  .transform((value) => parseQueryBoolean(value));

const contextQuery = z.object({
  ...Object.fromEntries(USER_CONTEXT_FLAGS.map((name) => [name, flag])),
  display_type: z.string().max(40).optional(),
}) as z.ZodType<Partial<Record<UserContextFlag, boolean>> & { display_type?: string }>;

const updateMeBody = z.strictObject({
  time_zone: z
    .string({ error: 'time_zone is required.' })
    .trim()
    .min(1, 'time_zone is required.')
    .max(64, 'time_zone is at most 64 characters.'),
});

export const userContextRoutes: FastifyPluginAsyncZod<{
  userContext: UserContextService;
  users: UsersService;
}> = async (app, { userContext, users }) => {
  app.get('/api-2.0/contexts/me/', { schema: { querystring: contextQuery } }, async (request, reply) => {
    const query = request.query;
    const requested = USER_CONTEXT_FLAGS.filter((name) => query[name] === true);
    // No flags at all means "everything", which is what a person exploring the API expects.
    const flags = new Set<UserContextFlag>(requested.length > 0 ? requested : USER_CONTEXT_FLAGS);
    return userContext.contextOf(request, reply, flags, query.display_type ?? null);
  });

  app.patch('/api-2.0/users/me/', { config: SIGNED_IN, schema: { body: updateMeBody } }, async (request) => {
    const userId = requireUserId(request);
    const updated = await users.setTimeZone(userId, request.body.time_zone);
    if (!updated) throw notAuthenticated();
    const me = await userContext.authenticatedMe(request);
    if (!me) throw notAuthenticated();
    return { me };
  });
};
