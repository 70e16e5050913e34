import { PAGE_ROUTES, type PageRouteName } from '@lectern/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { PageHandle } from './page-handle';
import { AppLayout } from '../shell/app-layout';
import { pages } from './page-modules';
import { RouteError } from './route-error';

const pageRoutes = (Object.keys(PAGE_ROUTES) as PageRouteName[]).map((name) => {
  const Page = pages[name];
  const handle: PageHandle = { page: name };
  return { path: PAGE_ROUTES[name], element: <Page />, handle } satisfies RouteObject;
});

/** Every page inside the shell; anything else is the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Render errors of a page stay inside the shell.
        errorElement: <RouteError />,
        children: [...pageRoutes, { path: '*', element: <pages.notFound /> }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
