import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/** One route as registered: what the OpenAPI document, the fuzz suite and the authorization matrix are generated from. */
export interface RouteEntry {
  method: string;
  /** Fastify's pattern: `/payment/checkout-submit/:paymentAttemptId/`. */
  url: string;
  schema: { params?: ZodType; querystring?: ZodType; body?: ZodType };
  /** False for routes that take no CSRF token (signed webhooks, the collector's beacons). */
  csrf: boolean;
  /** `user`: signed-in users only (401 for a visitor before anything else). */
  auth: 'user' | null;
  /** The staff permission a back office route needs (null: not a back office route). */
  staff: string | null;
}

/** Routes that are not API operations: the web app's static files (a name with an extension) and wildcards. */
const NOT_API = (url: string) =>
  url.includes('*') || (/\.[A-Za-z0-9]+$/.test(url) && !url.startsWith('/api-2.0/'));

/**
 * Records every route as it is registered (an `onRoute` hook, added before any route), so the
 * table is the live one: a new route appears in the API document and in the generated tests
 * without anyone listing it.
 */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url;
    if (!url || NOT_API(url)) return;
    // With ignoreTrailingSlash Fastify also registers the variant without the slash: one entry.
    if (
      routes.some(
        (entry) => methods.includes(entry.method) && entry.url.replace(/\/$/, '') === url.replace(/\/$/, ''),
      )
    )
      return;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url,
        schema: (route.schema ?? {}) as RouteEntry['schema'],
        csrf: (route.config as { csrf?: boolean } | undefined)?.csrf !== false,
        auth: (route.config as { auth?: 'user' } | undefined)?.auth ?? null,
        staff: (route.config as { staff?: string } | undefined)?.staff ?? null,
      });
    }
  });
  return routes;
}
