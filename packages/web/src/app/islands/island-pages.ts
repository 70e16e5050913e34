import type { PageRouteName } from '@lectern/domain';
import type { Messages } from '../../i18n/load-messages';
import type { SsrState } from '../ssr/ssr-state';

/**
 * The public pages and the cart hydrated as islands (decision 0026): their HTML is whole from
 * the server and only their interactive parts load code, within the public pages' JavaScript
 * budget; so is the 404 page (undefined). Every other page is hydrated whole, as the
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

/** The part of a catalog the islands use. */
export function islandMessages(messages: Messages): NonNullable<SsrState['islandMessages']> {
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) =>
      ISLAND_MESSAGE_PREFIXES.some((prefix) => id.startsWith(prefix)),
    ),
  ) as NonNullable<SsrState['islandMessages']>;
}
