import { PAGE_ROUTES, safeNextPath } from '@lectern/domain';

export type AuthPage = 'login' | 'signup';

/** `/join/login-popup/?next=/cart/`: the auth page that returns to `next` afterwards. */
export function authPath(page: AuthPage, next: string): string {
  return `${PAGE_ROUTES[page]}?${new URLSearchParams({ next: safeNextPath(next) }).toString()}`;
}

export function isAuthPage(pathname: string): boolean {
  return pathname === PAGE_ROUTES.login || pathname === PAGE_ROUTES.signup;
}

/**
 * Where an auth link on the current page should return to: the page itself, or the
 * `next` it already carries when we are on an auth page (so links never nest).
 */
export function returnPathFor(location: { pathname: string; search: string }): string {
  if (isAuthPage(location.pathname)) return safeNextPath(new URLSearchParams(location.search).get('next'));
  return `${location.pathname}${location.search}`;
}
