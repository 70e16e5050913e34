import type { ComponentType } from 'react';
import { ConsentUi } from '../../features/consent/consent-ui';
import { HeaderSearch } from '../../features/search/header-search';
import { HeaderCartLink } from '../shell/cart-link';
import type { IslandName } from './island-names';

/**
 * How the browser's island runtime gets each island's component: the header's and the consent
 * banner's come with the runtime; the others load only where they are (the course page's) or
 * when first used (a signed-in user's menu, the footer's). Each name loads the component its
 * Island was rendered with.
 */
export const ISLAND_LOADERS: Record<
  IslandName,
  () => ComponentType<object> | Promise<ComponentType<object>>
> = {
  'header-search': () => HeaderSearch as ComponentType<object>,
  'cart-link': () => HeaderCartLink,
  'language-picker': () =>
    import('../../features/locale/language-picker').then(
      (module) => module.LanguagePicker as ComponentType<object>,
    ),
  'cookie-settings': () =>
    import('../../features/consent/cookie-settings-button').then((module) => module.CookieSettingsButton),
  'consent-ui': () => ConsentUi,
  'user-menu': () => import('../shell/user-menu').then((module) => module.UserMenu),
  'purchase-card': () =>
    import('../../features/course-landing/purchase-card').then(
      (module) => module.PurchaseCard as ComponentType<object>,
    ),
  'search-sort': () =>
    import('../../features/search/search-sort-control').then(
      (module) => module.SearchSortControl as ComponentType<object>,
    ),
  'organization-form': () =>
    import('../../features/subscriptions/organization-form').then(
      (module) => module.OrganizationForm as ComponentType<object>,
    ),
  cart: () => import('../../features/cart/cart-view').then((module) => module.CartView),
  checkout: () => import('../../features/checkout/checkout-view').then((module) => module.CheckoutView),
  'express-checkout': () =>
    import('../../features/express-checkout/express-checkout-view').then(
      (module) => module.ExpressCheckoutView,
    ),
  'course-share': () =>
    import('../../features/course-landing/course-share-button').then(
      (module) => module.CourseShareButton as ComponentType<object>,
    ),
  // One per course card; its hover behaviour and quick view box load at the visitor's first intent.
  'course-card': () =>
    import('../../features/course-quick-view/course-card-intent').then(
      (module) => module.CourseCardIntent as ComponentType<object>,
    ),
};
