import type { ComponentType } from 'react';
import { CookieSettingsButton } from '../../features/consent/cookie-settings-button';
import { ConsentUi } from '../../features/consent/consent-ui';
import { LanguagePicker } from '../../features/locale/language-picker';
import { HeaderSearch } from '../../features/search/header-search';
import { HeaderCartLink } from '../shell/cart-link';
import type { IslandName } from './island-names';

/**
 * How the browser's island runtime gets each island's component: those of every page's header
 * and footer with the runtime, the others (a signed-in user's menu, the course page's) only on
 * the pages that have them. Each name loads the component its Island was rendered with.
 */
export const ISLAND_LOADERS: Record<
  IslandName,
  () => ComponentType<object> | Promise<ComponentType<object>>
> = {
  'header-search': () => HeaderSearch as ComponentType<object>,
  'cart-link': () => HeaderCartLink,
  'language-picker': () => LanguagePicker as ComponentType<object>,
  'cookie-settings': () => CookieSettingsButton,
  'consent-ui': () => ConsentUi,
  'user-menu': () => import('../shell/user-menu').then((module) => module.UserMenu),
  'purchase-card': () =>
    import('../../features/course-landing/purchase-card').then(
      (module) => module.PurchaseCard as ComponentType<object>,
    ),
  'course-share': () =>
    import('../../features/course-landing/course-share-button').then(
      (module) => module.CourseShareButton as ComponentType<object>,
    ),
};
