import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../platform/http/http-error.js';
import { SITEMAP_PATH, type SeoService } from './seo.service.js';

/**
 * `GET /robots.txt`, `GET /sitemap.xml` and, for a sitemap past 50,000 addresses, its parts
 * `GET /sitemaps/{n}.xml`. Registered before the web app, whose fallback would answer these
 * names with a 404 (they have an extension, so they are not pages).
 */
export const seoRoutes: FastifyPluginAsync<{ seo: SeoService }> = async (app, { seo }) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(seo.robots()),
  );

  app.get(SITEMAP_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemap()),
  );

  app.get<{ Params: { part: string } }>('/sitemaps/:part.xml', async (request, reply) => {
    const { part } = request.params;
    const body = /^[1-9]\d{0,5}$/.test(part) ? await seo.sitemapPart(Number(part)) : null;
    if (body === null) throw notFound('No such sitemap.');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(body);
  });
};
