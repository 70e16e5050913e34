import path from 'node:path';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath, isServedPagePath } from '@lectern/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/http-error.js';
import { inProcessFetch } from './in-process-fetch.js';
import { pageLocale } from './page-locale.js';
import { isImpersonalRequest, SharedPageCache, sharedPageKey } from './shared-page-cache.js';
import { loadWebBuild, type PageRenderRequest, type SharedPage } from './web-build.js';

const ONE_YEAR_SECONDS = 31_536_000;

/** Paths that belong to the API: unknown ones there get the JSON 404, never the HTML page. */
const API_PREFIXES = [
  '/api-2.0/',
  '/api/',
  '/payment/checkout-',
  '/payment/webhooks/',
  '/payment-vendor/',
  '/privacy/',
  '/visits/',
  '/metrics',
  '/course-images/',
  '/sitemaps/',
];

/**
 * Serves the built React app: hashed assets with year-long immutable caching, and every page
 * rendered on the server (200 for a known page, 404 for an unknown one, a developer page in
 * production or a missing course, 301 to add a missing trailing slash). Personal data is in
 * the HTML of a signed-in visitor's page, so pages are never stored by shared caches. Each
 * response gets its own CSP nonce.
 * An anonymous public page asked for by a request that sends nothing personal is kept for
 * `pageCacheSeconds` and filled for the next such request (SharedPageCache): the visitor's
 * context and the nonce are that request's own, the rendering is skipped.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    pageCacheSeconds: number;
    production: boolean;
    /**
     * Subscribes the shared pages to what they show changing (an edited course, a new price):
     * `drop` forgets every shared page, so the next visitor gets the change at once.
     */
    onStorefrontChange?: (drop: () => void) => void;
  },
): Promise<void> {
  const build = await loadWebBuild(options.distDir);
  const sharedPages = new SharedPageCache<SharedPage>(options.pageCacheSeconds * 1000);
  options.onStorefrontChange?.(() => sharedPages.clear());
  if (!build) {
    app.log.warn(`Web app not built (${options.distDir} missing): pages answer 503. Run "npm run build".`);
  } else {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // Vite fingerprints everything under /assets/, so those never change under a name.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600',
        );
      },
    });
  }

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!build) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run "npm run build" and restart.');
    }
    // The page list decides what exists (as the app's router does, less the developer tools in
    // production, whose API is not there); the page can only say that what it shows is missing
    // (an unknown course).
    const known = isServedPagePath(new URL(request.url, 'http://page').pathname, {
      production: options.production,
    });

    const api = inProcessFetch(app, request);
    const shareable = known && sharedPages.enabled && isImpersonalRequest(request);
    const pageRequest: PageRenderRequest = {
      url: `${request.protocol}://${request.host}${request.url}`,
      fetch: api.fetch,
      cookies: request.headers.cookie ?? '',
      locale: pageLocale(request),
      nonce: reply.useCspNonce(),
      assetsFor: build.assetsFor,
      onError: (error) => request.log.error({ err: error }, 'page render error'),
      shareable,
    };
    const send = (status: number, html: string | Readable, cache: 'hit' | 'miss' | 'none') => {
      for (const cookie of api.setCookies()) void reply.header('set-cookie', cookie);
      return (
        reply
          .status(status)
          // Each response has its own nonce and visitor: browsers and shared caches never keep one.
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .header('x-lectern-page-cache', cache)
          .type('text/html; charset=utf-8')
          .send(html)
      );
    };

    const key = shareable ? sharedPageKey(request) : null;
    const shared = key ? sharedPages.get(key) : undefined;
    if (key && shared) {
      const html = await build.renderer.renderSharedPage(shared, pageRequest);
      if (html !== null) return send(200, html, 'hit');
      sharedPages.delete(key);
    }
    const rendered = await build.renderer.renderPage(pageRequest);
    if (key && rendered.shared) sharedPages.set(key, rendered.shared);
    return send(known ? rendered.status : 404, rendered.html, shareable ? 'miss' : 'none');
  };

  const servePage = (request: FastifyRequest, reply: FastifyReply) => {
    // Browsers read "\" in a URL as "/": normalised first, then repeated slashes collapsed, so
    // neither "//other.site" nor "/\other.site" (raw or %5C) can become an open redirect.
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\\|%5c/gi, '/').replace(/\/{2,}/g, '/');
    // A page's own path wins over the API prefixes it shares (`/payment/checkout-teamplan/`
    // is a page, `/payment/checkout-info/` the API).
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (isKnownPagePath(pathname) ||
        (!API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) && !path.extname(pathname)));
    if (!isPageRequest) throw notFound();
    if (!pathname.endsWith('/')) {
      const queryStart = request.url.indexOf('?');
      const query = queryStart === -1 ? '' : request.url.slice(queryStart);
      return reply.redirect(`${pathname}/${query}`, 301);
    }
    return renderPage(request, reply);
  };
  // Pages are a route (so the compression plugin's hooks apply to them); anything a route sends
  // on as not found (an unknown short link) gets the same page treatment.
  app.get('/*', servePage);
  app.setNotFoundHandler(servePage);
}
