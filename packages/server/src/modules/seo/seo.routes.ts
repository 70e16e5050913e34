import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFound } from '../../platform/http/http-error.js';
import { SITEMAP_PATH, type SeoService } from './seo.service.js';
import { SITEMAP_CSS_PATH, SITEMAP_STYLESHEET_PATH } from './sitemap-stylesheet.js';

/**
 * The sitemaps' policy (kept by the browser for the page the stylesheet makes) also allows
 * style attributes, as the web app's pages do: Chromium puts its own notice that XSLT is going
 * away, a banner styled by attributes, into that page, and under the plain policy it lies
 * unstyled across the table (and the console reports each attribute). Scripts stay as strict.
 */
function allowStyleAttributes(reply: FastifyReply): FastifyReply {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && !policy.includes('style-src-attr')) {
    reply.header('content-security-policy', `${policy}; style-src-attr 'unsafe-inline'`);
  }
  return reply;
}

/**
 * `GET /robots.txt`, `GET /sitemap.xml` and, for a sitemap past 50,000 addresses, its parts
 * `GET /sitemaps/{n}.xml`, and the stylesheet a browser shows them with (`/sitemap.xsl`, and its
 * `/sitemap.css`). Registered before the web app, whose fallback would answer these names with
 * a 404 (they have an extension, so they are not pages).
 */
export const seoRoutes: FastifyPluginAsync<{ seo: SeoService }> = async (app, { seo }) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(seo.robots()),
  );

  app.get(SITEMAP_PATH, async (_request, reply) =>
    allowStyleAttributes(reply)
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemap()),
  );

  // text/xsl: a type every browser takes an XSLT stylesheet in.
  app.get(SITEMAP_STYLESHEET_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/xsl; charset=utf-8')
      .send(seo.stylesheet()),
  );

  app.get(SITEMAP_CSS_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/css; charset=utf-8')
      .send(seo.stylesheetCss()),
  );

  app.get<{ Params: { part: string } }>('/sitemaps/:part.xml', async (request, reply) => {
    const { part } = request.params;
    const body = /^[1-9]\d{0,5}$/.test(part) ? await seo.sitemapPart(Number(part)) : null;
    if (body === null) throw notFound('No such sitemap.');
    return allowStyleAttributes(reply)
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(body);
  });
};
