import { PAGE_ROUTES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { pages } from './page-modules';
import { appRoutes } from './routes';

describe('page modules', () => {
  it('maps every page of PAGE_ROUTES to a lazy module, and the router serves each path', () => {
    const names = Object.keys(PAGE_ROUTES);
    expect(names.filter((name) => !(name in pages))).toEqual([]);
    const paths = appRoutes[0]!.children![0]!.children!.map((route) => route.path);
    expect(paths).toEqual([...Object.values(PAGE_ROUTES), '*']);
  });
});
