import type { CatalogService } from '../catalog/catalog.service.js';
import type { SearchService } from '../search/search.service.js';

/**
 * Tells this instance at once that what the storefront shows of the catalog changed: the
 * catalog's kept course data, cover facts and shared pages (its listeners), and search's kept
 * results. Every other instance hears it from the database's announcement of the same change
 * (migration 0022's triggers), a moment later.
 */
export function createStorefrontChanges(deps: {
  catalog: Pick<CatalogService, 'changed'>;
  search: Pick<SearchService, 'forget'>;
}) {
  return {
    changed(): void {
      deps.catalog.changed();
      deps.search.forget();
    },
  };
}

export type StorefrontChanges = ReturnType<typeof createStorefrontChanges>;
