import { PAGE_ROUTES, type PageRouteName } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { PAGE_INDEXING, ROBOTS_DISALLOW, STATIC_INDEXED_PATHS } from './page-indexing.js';

/** A real address of the route: each `:param` filled with a sample value. */
const sampleOf = (name: PageRouteName) => PAGE_ROUTES[name].replace(/:[a-zA-Z_]+/g, 'sample-1');
const disallowed = (path: string) => ROBOTS_DISALLOW.some((prefix) => path.startsWith(prefix));

describe('page indexing', () => {
  it('keeps every hidden page out of robots.txt and every indexed one in', () => {
    for (const name of Object.keys(PAGE_ROUTES) as PageRouteName[]) {
      expect(disallowed(sampleOf(name)), `${name} ${PAGE_ROUTES[name]}`).toBe(
        PAGE_INDEXING[name] === 'hidden',
      );
    }
  });

  it('lists the static public pages in the sitemap: home, plans, the legal and support pages', () => {
    expect(STATIC_INDEXED_PATHS).toEqual(
      expect.arrayContaining([
        PAGE_ROUTES.home,
        PAGE_ROUTES.personalPlan,
        PAGE_ROUTES.businessSignUp,
        PAGE_ROUTES.terms,
        PAGE_ROUTES.support,
      ]),
    );
    for (const path of STATIC_INDEXED_PATHS) expect(path).not.toContain(':');
    expect(STATIC_INDEXED_PATHS).not.toContain(PAGE_ROUTES.cart);
    expect(STATIC_INDEXED_PATHS).not.toContain(PAGE_ROUTES.login);
  });
});
