import { locationSafeUrl, SHARE_PATH, validateShareRequest, type ShareResponse } from '@lectern/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationError } from '../../platform/http/http-error.js';
import { shareLinkPath, type SharingService } from './sharing.service.js';

/**
 * `POST /api-2.0/share/` (platform §7), open to visitors and users (the sharer's id is kept
 * when signed in). The body `{target, context}` is checked by the domain against this site's
 * origin (`PUBLIC_URL`): the target must be one of our pages without a query, so the short
 * link can never send anyone elsewhere. Answers `{url}`, the short link.
 */
export const sharingRoutes: FastifyPluginAsyncZod<{
  sharing: SharingService;
  publicUrl: string;
}> = async (app, { sharing, publicUrl }) => {
  const siteOrigin = new URL(publicUrl).origin;
  app.post(SHARE_PATH, async (request): Promise<ShareResponse> => {
    const checked = validateShareRequest(request.body, siteOrigin);
    if (!checked.ok) throw validationError(checked.fieldErrors);
    const code = await sharing.createLink(checked.request, request.userId);
    return { url: `${publicUrl}${shareLinkPath(code)}` };
  });
};

/**
 * `GET /s/{code}/`: counts the visit and redirects (302, never cached, so every visit is
 * counted) to the shared page. An unknown code gets the site's normal 404 page. Registered
 * outside the API scope (it is a page address, not an API path) and before the page
 * fallback, so neither the app shell nor the trailing-slash redirect takes it; with the
 * router's `ignoreTrailingSlash`, `/s/{code}` redirects to the target at once too.
 */
export const shareLinkRoutes: FastifyPluginAsync<{ sharing: SharingService }> = async (app, { sharing }) => {
  app.get<{ Params: { code: string } }>('/s/:code/', async (request, reply) => {
    const target = await sharing.follow(request.params.code, { probe: request.method === 'HEAD' });
    // Links stored before targets were normalized may hold characters a Location cannot carry.
    const location = target === null ? null : locationSafeUrl(target);
    if (location === null) return reply.callNotFound();
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });
};
