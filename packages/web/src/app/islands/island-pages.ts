import type { PageRouteName } from '@lectern/domain';
import type { Messages } from '../../i18n/load-messages';
import type { SsrState } from '../ssr/ssr-state';

/**
 * The public pages, the cart and the checkout hydrated as islands (decision 0026): their HTML
 * is whole from the server and only their interactive parts load code, within the JavaScript
 * budgets; so is the 404 page (undefined). Every other page is hydrated whole, as the
 * single-page app.
 */
const ISLAND_PAGES: ReadonlySet<PageRouteName | undefined> = new Set<PageRouteName | undefined>([
  'home',
  'category',
  'courseLanding',
  'courseSearch',
  'personalPlan',
  'businessSignUp',
  'cart',
  'checkout',
  'express',
  'terms',
  'refundPolicy',
  'privacyPolicy',
  'cookiePolicy',
  'commercialTransactions',
  'support',
  undefined,
]);

export function isIslandPage(page: PageRouteName | undefined): boolean {
  return ISLAND_PAGES.has(page);
}

/**
 * The modules of the islands a page hydrates at once that the runtime loads on demand (the
 * header's and the consent banner's come with it), as the build's manifest names them: the
 * server preloads them with the runtime, so they download together instead of one after the
 * other, and the runtime's own list of what each one imports leaves them out (vite.config.ts).
 */
export const PAGE_ISLAND_MODULES: Partial<Record<PageRouteName, readonly string[]>> = {
  courseLanding: ['src/features/course-landing/purchase-card.tsx'],
  courseSearch: ['src/features/search/search-sort-control.tsx'],
  businessSignUp: ['src/features/subscriptions/organization-form.tsx'],
  cart: ['src/features/cart/cart-view.tsx'],
  checkout: ['src/features/checkout/checkout-view.tsx'],
  express: ['src/features/express-checkout/express-checkout-view.tsx'],
};

/**
 * The messages islands use, by id prefix: the server hands only these to the browser (the
 * whole catalog is the size of the islands' code).
 */
export const ISLAND_MESSAGE_PREFIXES = [
  'shell.',
  'search.',
  'consent.',
  'sharing.',
  'courseLanding.',
  'cart.',
  'course.',
  'subscriptions.business.',
  'price.',
  'locale.',
  'common.',
  'moduleLoadError.reload',
] as const;

/** The messages of islands found on one page only, which only that page's HTML carries. */
const PAGE_MESSAGE_PREFIXES: Partial<Record<PageRouteName, readonly string[]>> = {
  checkout: ['checkout.'],
  express: ['checkout.', 'expressCheckout.'],
};

/** The part of a catalog the islands of `page` use. */
export function islandMessages(
  messages: Messages,
  page?: PageRouteName,
): NonNullable<SsrState['islandMessages']> {
  const prefixes = [...ISLAND_MESSAGE_PREFIXES, ...((page && PAGE_MESSAGE_PREFIXES[page]) ?? [])];
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix))),
  ) as NonNullable<SsrState['islandMessages']>;
}
