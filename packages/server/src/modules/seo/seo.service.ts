import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { ROBOTS_DISALLOW, STATIC_INDEXED_PATHS } from './page-indexing.js';
import { SITEMAP_CSS, SITEMAP_STYLESHEET_INSTRUCTION, sitemapStylesheet } from './sitemap-stylesheet.js';

/** The sitemap protocol's limit of addresses in one file; past it the sitemap is an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;
/** A new course shows in the sitemap within this long (crawlers read it every few hours at most). */
const SITEMAP_TTL_MS = 10 * 60_000;

export const SITEMAP_PATH = '/sitemap.xml';
export const sitemapPartPath = (part: number) => `/sitemaps/${part}.xml`;

interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** W3C Datetime to the second, in UTC. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const newest = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);

// A browser shows the sitemap through the stylesheet; crawlers skip the instruction.
const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n${SITEMAP_STYLESHEET_INSTRUCTION}`;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * robots.txt and the sitemap (issue 18), built from the public URL, the page classification in
 * page-indexing.ts and the catalog. The sitemap is kept for ten minutes per instance: it lists
 * every public course, so it is not rebuilt for each crawler's visit.
 */
export function createSeoService(options: {
  catalog: Pick<CatalogService, 'publicPages'> & Partial<Pick<CatalogService, 'onChange'>>;
  /** PUBLIC_URL without its trailing slash: sitemaps hold absolute addresses. */
  publicUrl: string;
  /** Named by the page a browser makes of the sitemap. */
  brandName?: string;
  maxUrlsPerFile?: number;
}) {
  const { catalog, publicUrl } = options;
  const stylesheet = sitemapStylesheet(options.brandName ?? 'Lectern');
  const maxUrls = options.maxUrlsPerFile ?? SITEMAP_MAX_URLS;
  const cache = createExpiringCache<'entries', SitemapEntry[]>({ ttlMs: SITEMAP_TTL_MS, maxEntries: 1 });
  // A course published, unlisted or taken down in the back office leaves or joins the sitemap at once.
  catalog.onChange?.(() => cache.clear());
  const absolute = (path: string) => `${publicUrl}${path}`;

  async function entries(): Promise<SitemapEntry[]> {
    const cached = cache.get('entries');
    if (cached) return cached;
    const pages = await catalog.publicPages();
    // The home page lists the newest courses: it changes when one is added.
    const homeChanged = newest(pages.courses.map((course) => course.lastModified));
    const list: SitemapEntry[] = [
      ...STATIC_INDEXED_PATHS.map((path) => ({ path, lastModified: path === '/' ? homeChanged : null })),
      ...pages.categories,
      ...pages.courses,
    ];
    cache.set('entries', list);
    return list;
  }

  const urlset = (list: SitemapEntry[]) =>
    `${XML_HEAD}<urlset xmlns="${NS}">\n${list
      .map(
        (entry) =>
          `<url><loc>${xmlEscape(absolute(entry.path))}</loc>${
            entry.lastModified ? `<lastmod>${w3cDate(entry.lastModified)}</lastmod>` : ''
          }</url>\n`,
      )
      .join('')}</urlset>\n`;

  return {
    /** `/sitemap.xml`: every address, or, past `SITEMAP_MAX_URLS`, the index of the parts. */
    async sitemap(): Promise<string> {
      const list = await entries();
      if (list.length <= maxUrls) return urlset(list);
      const parts = Math.ceil(list.length / maxUrls);
      return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${Array.from({ length: parts }, (_, i) => {
        const lastModified = newest(
          list.slice(i * maxUrls, (i + 1) * maxUrls).map((entry) => entry.lastModified),
        );
        return `<sitemap><loc>${xmlEscape(absolute(sitemapPartPath(i + 1)))}</loc>${
          lastModified ? `<lastmod>${w3cDate(lastModified)}</lastmod>` : ''
        }</sitemap>\n`;
      }).join('')}</sitemapindex>\n`;
    },

    /** Part `part` (from 1) of a split sitemap; null when there is no such part. */
    async sitemapPart(part: number): Promise<string | null> {
      const list = await entries();
      if (list.length <= maxUrls || part < 1 || (part - 1) * maxUrls >= list.length) return null;
      return urlset(list.slice((part - 1) * maxUrls, part * maxUrls));
    },

    /** `/sitemap.xsl`: how a browser shows the sitemap, its index and its parts. */
    stylesheet: (): string => stylesheet,

    /** `/sitemap.css`: the look of that page. */
    stylesheetCss: (): string => SITEMAP_CSS,

    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        ...ROBOTS_DISALLOW.map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${absolute(SITEMAP_PATH)}`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
