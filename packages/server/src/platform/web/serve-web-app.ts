import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath } from '@lectern/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/http-error.js';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
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
];

/**
 * Serves the built React app: hashed assets with year-long immutable caching, the app
 * shell for every known page (200) and for unknown pages (404, rendered by the app's own
 * not-found page). The shell is read once at start; each response gets its own CSP nonce.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const shell = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (!shell) {
    app.log.warn(`Web app not built (${indexPath} missing): pages answer 503. Run "npm run build".`);
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

  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run "npm run build" and restart.');
    }
    const nonce = reply.useCspNonce();
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell.replace(NONCE_PLACEHOLDER, nonce));
  };

  app.setNotFoundHandler((request, reply) => {
    // Browsers read "\" in a URL as "/": normalised first, then repeated slashes collapsed, so
    // neither "//other.site" nor "/\other.site" (raw or %5C) can become an open redirect.
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\\|%5c/gi, '/').replace(/\/{2,}/g, '/');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
      !path.extname(pathname);
    if (!isPageRequest) throw notFound();
    if (!pathname.endsWith('/')) {
      const queryStart = request.url.indexOf('?');
      const query = queryStart === -1 ? '' : request.url.slice(queryStart);
      return reply.redirect(`${pathname}/${query}`, 301);
    }
    return sendShell(request, reply, isKnownPagePath(pathname) ? 200 : 404);
  });
}
