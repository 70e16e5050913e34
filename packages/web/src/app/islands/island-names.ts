/** The name of every part of a page that may be hydrated as an island (app/islands). */
export const ISLAND_NAMES = [
  'header-search',
  'cart-link',
  'user-menu',
  'language-picker',
  'cookie-settings',
  'consent-ui',
  'purchase-card',
  'course-share',
  'course-card',
  'search-sort',
  'organization-form',
  'cart',
  'checkout',
  'express-checkout',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];

export function isIslandName(name: string | undefined): name is IslandName {
  return (ISLAND_NAMES as readonly (string | undefined)[]).includes(name);
}
