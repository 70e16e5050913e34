import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** packages/gateway/assets, from src/browser or dist/browser alike. */
export const ASSETS_DIR = path.resolve(import.meta.dirname, '../../assets');

interface Asset {
  body: string;
  type: string;
  etag: string;
}

function load(relative: string): Asset {
  const body = readFileSync(path.join(ASSETS_DIR, relative), 'utf8');
  const type = relative.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
}

/**
 * Static browser files: the SDK (loaded by the app at run time, as Stripe.js is) and the
 * hosted pages' script and styles. Read once at start; revalidated by ETag.
 */
export function assetRoutes(app: FastifyInstance, files: Record<string, string>): void {
  for (const [url, relative] of Object.entries(files)) {
    const asset = load(relative);
    app.get(url, async (request, reply) => {
      reply
        .header('etag', asset.etag)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        // The SDK is a cross-origin script of the app's page.
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(asset.type);
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      return reply.send(asset.body);
    });
  }
}

export const SDK_PATH = '/sdk/v1/lectern-sandbox.js';

export const BROWSER_ASSETS: Record<string, string> = {
  [SDK_PATH]: 'sdk/lectern-sandbox.js',
  '/hosted/assets/hosted.js': 'hosted/hosted.js',
  '/hosted/assets/hosted.css': 'hosted/hosted.css',
};

export const TEST_PAGE_ASSETS: Record<string, string> = {
  '/test/assets/test-page.js': 'test-page/test-page.js',
};
