import { lazyPage } from '../start-up/lazy-page';

/**
 * Every page is its own chunk, fetched on first visit (start-up step 4). A page whose chunk
 * fails to load shows the reload banner instead (see `lazyPage`).
 */
export const pages = {
  home: lazyPage('home', () => import('../../features/home/home-page').then((module) => module.HomePage)),
  login: lazyPage('auth.login', () =>
    import('../../features/auth/login-page').then((module) => module.LoginPage),
  ),
  signup: lazyPage('auth.signup', () =>
    import('../../features/auth/signup-page').then((module) => module.SignupPage),
  ),
  notFound: lazyPage('not-found', () =>
    import('../../features/not-found/not-found-page').then((module) => module.NotFoundPage),
  ),
};
