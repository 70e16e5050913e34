// The server's side of server rendering: `npm run build` bundles this file for Node (Vite's
// SSR build, into dist-server/) and the Lectern server imports it to answer page requests.
import { PassThrough, type Readable } from 'node:stream';
import type { PageRouteName } from '@lectern/domain';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app';
import { IslandPageContext } from './app/islands/island-page';
import { islandMessages, isIslandPage } from './app/islands/island-pages';
import { islandsStarterScript } from './app/islands/islands-starter';
import { createQueryClient } from './app/providers/query-client';
import { prefetchPage } from './app/routing/page-prefetch';
import { pageAt, preloadPage } from './app/routing/preload-page';
import { appRoutes } from './app/routing/routes';
import { HtmlDocument } from './app/ssr/html-document';
import { ssrStateScript, type PageAssets, type SsrState } from './app/ssr/ssr-state';
import { USER_CONTEXT_QUERY_KEY } from './app/user-context/user-context-api';
import { userContextQuery } from './app/user-context/user-context-query';
import { PricingClient, apiPriceFetcher } from './features/pricing/pricing-client';
import { loadMessages } from './i18n/load-messages';
import { createApiClient } from './platform/api';

export type { PageAssets } from './app/ssr/ssr-state';

/** One page request, as the Lectern server hands it over. */
export interface PageRenderRequest {
  /** Absolute URL of the page, e.g. `http://localhost:3000/course/x/?p=2`. */
  url: string;
  /** Calls the server's own API in-process, with the visitor's cookies and headers. */
  fetch: typeof fetch;
  /** The request's Cookie header. */
  cookies: string;
  /** The negotiated BCP 47 locale (cookie, then Accept-Language). */
  locale: string;
  /** This response's CSP nonce. */
  nonce: string;
  /** The page's stylesheets and modules, from the build's manifest, for its way of hydrating. */
  assetsFor: (page: PageRouteName | undefined, hydration: 'app' | 'islands') => PageAssets;
  onError: (error: unknown) => void;
}

export interface PageRenderResult {
  /** 404 when what the page shows is missing (an unknown course); unknown paths are the server's. */
  status: number;
  /** The page chosen for the URL, if any (for the server's logs and caching rules). */
  page: PageRouteName | undefined;
  html: Readable;
}

// Routes without loaders: one handler serves every request.
const handler = createStaticHandler(appRoutes);

/**
 * Renders a page to HTML: the user's context, the page's data and the prices first (with the
 * same API the browser uses, so both agree), then the whole document, then a stream of it. It
 * waits for every boundary before sending, so crawlers and browsers without JavaScript get
 * the complete page; each render takes a few milliseconds, so streaming earlier would gain
 * little.
 */
export async function renderPage(request: PageRenderRequest): Promise<PageRenderResult> {
  const url = new URL(request.url);
  const api = createApiClient({
    fetch: request.fetch,
    cookies: () => request.cookies,
    navigatorLanguage: () => request.locale,
    checkPaths: false,
  });
  const queryClient = createQueryClient();
  const pricing = new PricingClient(apiPriceFetcher(api), { onError: request.onError });

  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Unexpected router response for ${url.pathname}`);
  const page = pageAt(url.pathname);

  // All at once: only the context's answer sets a first visitor's id, which the page's reads
  // do not need.
  const [messages, , , prefetch] = await Promise.all([
    loadMessages(request.locale),
    preloadPage(page),
    queryClient.fetchQuery(userContextQuery(api)),
    prefetchPage(page, { api, queryClient, pricing, params: context.matches.at(-1)?.params ?? {}, url }),
  ]);

  // Public pages are hydrated as islands (decision 0026): only the user's context and the
  // islands' messages travel with them; other pages hydrate whole, from all of their data.
  const islands = isIslandPage(page);
  const assets = request.assetsFor(page, islands ? 'islands' : 'app');
  const state: SsrState = {
    locale: request.locale,
    queries: islands
      ? dehydrate(queryClient, {
          shouldDehydrateQuery: (query) => query.queryKey[0] === USER_CONTEXT_QUERY_KEY[0],
        })
      : dehydrate(queryClient),
    prices: pricing.loadedEntries(),
    assets,
    ...(islands ? { islandMessages: islandMessages(messages) } : {}),
  };
  const islandPage = islands ? { pathname: url.pathname, search: url.search } : null;
  const router = createStaticRouter(handler.dataRoutes, context);

  return new Promise<PageRenderResult>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <HtmlDocument
        locale={request.locale}
        nonce={request.nonce}
        // An islands page's code is started by its inline starter, after the page has loaded.
        assets={islands ? { ...assets, modulePreloads: [] } : assets}
      >
        <IslandPageContext value={islandPage}>
          <App
            api={api}
            queryClient={queryClient}
            locale={request.locale}
            messages={messages}
            cspNonce={request.nonce}
            pricingClient={pricing}
            pages={<StaticRouterProvider router={router} context={context} hydrate={false} />}
          />
        </IslandPageContext>
      </HtmlDocument>,
      {
        nonce: request.nonce,
        // React moves a large finished boundary out of line (behind a script that puts it in
        // place); everything is ready before sending, so each page stays in document order and
        // reads right without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        ...(islands
          ? {
              bootstrapScriptContent:
                ssrStateScript(state) + islandsStarterScript(assets.entry, assets.modulePreloads),
            }
          : { bootstrapScriptContent: ssrStateScript(state), bootstrapModules: [assets.entry] }),
        onAllReady() {
          const html = new PassThrough();
          stream.pipe(html);
          resolve({ status: prefetch.status, page, html });
        },
        onShellError: reject,
        onError: request.onError,
      },
    );
  });
}
