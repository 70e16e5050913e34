// The server's side of server rendering: `npm run build` bundles this file for Node (Vite's
// SSR build, into dist-server/) and the Lectern server imports it to answer page requests.
import { PassThrough, Readable } from 'node:stream';
import { CONSENT_COOKIE, type PageRouteName, type UserContextResponse } from '@lectern/domain';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app';
import { IslandPageContext } from './app/islands/island-page';
import { islandMessages, isIslandPage, PAGE_ISLAND_MODULES } from './app/islands/island-pages';
import { islandsStarterScript } from './app/islands/islands-starter';
import { createQueryClient } from './app/providers/query-client';
import { prefetchPage } from './app/routing/page-prefetch';
import { pageAt, preloadPage } from './app/routing/preload-page';
import { appRoutes } from './app/routing/routes';
import { HtmlDocument } from './app/ssr/html-document';
import {
  scriptJson,
  ssrStateScript,
  userContextScript,
  type PageAssets,
  type SsrState,
} from './app/ssr/ssr-state';
import { fetchUserContext, USER_CONTEXT_QUERY_KEY } from './app/user-context/user-context-api';
import { userContextQuery } from './app/user-context/user-context-query';
import { fetchCartSeed } from './features/cart/cart-client';
import { createCartClient } from './features/cart/cart-provider';
import { fetchUserCookiePreferences } from './features/consent/consent-api';
import { renderedConsentSnapshot, type RenderedConsentAnswer } from './features/consent/consent-controller';
import { createConsentController } from './features/consent/consent-provider';
import { PricingClient, apiPriceFetcher } from './features/pricing/pricing-client';
import { loadMessages } from './i18n/load-messages';
import { createApiClient } from './platform/api';
import { parseCookies } from './platform/cookies';

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
  assetsFor: (
    page: PageRouteName | undefined,
    hydration: 'app' | 'islands',
    /** The source modules of the page's islands, preloaded with the entry (PAGE_ISLAND_MODULES). */
    islandModules?: readonly string[],
  ) => PageAssets;
  onError: (error: unknown) => void;
  /**
   * The request carries nothing of a visitor's own (no session, visitor, cart or consent
   * cookie): an anonymous public page rendered for it may be shared with the next such
   * request of the same URL and language (`PageRenderResult.shared`).
   */
  shareable?: boolean;
}

/**
 * An anonymous islands page as every visitor who sends nothing personal gets it: the whole
 * HTML with a placeholder for the response's CSP nonce and one for the visitor's own context
 * (each visitor has their own visitor id), filled per response by renderSharedPage.
 */
export interface SharedPage {
  html: string;
  nonceToken: string;
  contextToken: string;
  /** The context the page was rendered with, less the visitor's own part. */
  contextKey: string;
}

export interface PageRenderResult {
  /** 404 when what the page shows is missing (an unknown course); unknown paths are the server's. */
  status: number;
  /** The page chosen for the URL, if any (for the server's logs and caching rules). */
  page: PageRouteName | undefined;
  html: Readable;
  /** Present when the page may be shared (see PageRenderRequest.shareable). */
  shared: SharedPage | null;
}

// Routes without loaders: one handler serves every request.
const handler = createStaticHandler(appRoutes);

/** The API as the visitor calls it, in-process through the server, for one page request. */
const pageApi = (request: PageRenderRequest) =>
  createApiClient({
    fetch: request.fetch,
    cookies: () => request.cookies,
    navigatorLanguage: () => request.locale,
    checkPaths: false,
  });

/**
 * Renders a page to HTML: the user's context, the page's data and the prices first (with the
 * same API the browser uses, so both agree), then the whole document, then a stream of it. It
 * waits for every boundary before sending, so crawlers and browsers without JavaScript get
 * the complete page; each render takes a few milliseconds, so streaming earlier would gain
 * little.
 */
export async function renderPage(request: PageRenderRequest): Promise<PageRenderResult> {
  const url = new URL(request.url);
  const api = pageApi(request);
  const queryClient = createQueryClient();
  const pricing = new PricingClient(apiPriceFetcher(api), { onError: request.onError });

  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Unexpected router response for ${url.pathname}`);
  const page = pageAt(url.pathname);

  // All at once: only the context's answer sets a first visitor's id, which the page's reads
  // do not need.
  const [messages, , consentAnswer, prefetch, cartSeed] = await Promise.all([
    loadMessages(request.locale),
    preloadPage(page),
    // A signed-in user's consent choice is on the server: read for the page, so the banner is
    // right in the first HTML.
    queryClient.fetchQuery(userContextQuery(api)).then(({ me }) =>
      me?.is_authenticated
        ? fetchUserCookiePreferences(api).then(
            (answer): RenderedConsentAnswer => ({ userId: me.id, answer }),
            (error: unknown) => {
              request.onError(error);
              return undefined;
            },
          )
        : undefined,
    ),
    prefetchPage(page, { api, queryClient, pricing, params: context.matches.at(-1)?.params ?? {}, url }),
    // The header's count and the cart page are right in the first HTML; without it they load after.
    fetchCartSeed(api).catch((error: unknown) => {
      request.onError(error);
      return undefined;
    }),
  ]);
  const cart = createCartClient(api, cartSeed);
  const userContext = queryClient.getQueryData<UserContextResponse>(USER_CONTEXT_QUERY_KEY);
  // The consent banner, when it is to be shown, is in the first HTML (no late paint, no shift).
  const consent = userContext
    ? renderedConsentSnapshot(
        parseCookies(request.cookies).get(CONSENT_COOKIE),
        userContext,
        undefined,
        consentAnswer?.answer,
      )
    : undefined;

  // Public pages are hydrated as islands (decision 0026): only the user's context and the
  // islands' messages travel with them; other pages hydrate whole, from all of their data.
  const islands = isIslandPage(page);
  const assets = islands
    ? request.assetsFor(page, 'islands', (page && PAGE_ISLAND_MODULES[page]) ?? [])
    : request.assetsFor(page, 'app');
  // The page's code is started by the inline starter once the page has loaded; the document
  // itself preloads none of it.
  const documentAssets: PageAssets = { ...assets, modulePreloads: [] };
  const state: SsrState = {
    locale: request.locale,
    queries: dehydrate(queryClient, { shouldDehydrateQuery: () => !islands }),
    prices: pricing.loadedEntries(),
    ...(cartSeed ? { cart: cartSeed } : {}),
    ...(consent ? { consent } : {}),
    ...(consentAnswer ? { consentAnswer } : {}),
    assets: documentAssets,
    ...(islands ? { islandMessages: islandMessages(messages, page) } : {}),
  };
  const share =
    request.shareable === true &&
    islands &&
    prefetch.status === 200 &&
    userContext !== undefined &&
    userContext.me?.is_authenticated === false;
  // A page to share is rendered with placeholders, filled in for this response as for later ones.
  const tokens = share ? { nonce: placeholder('nonce'), context: placeholder('context') } : null;
  const bootstrap =
    ssrStateScript(state) +
    (islands ? userContextScript(tokens?.context ?? scriptJson(userContext ?? null)) : '') +
    islandsStarterScript(assets.entry, assets.modulePreloads, { paintFirst: islands });
  const islandPage = islands ? { pathname: url.pathname, search: url.search } : null;
  const router = createStaticRouter(handler.dataRoutes, context);

  return new Promise<PageRenderResult>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <HtmlDocument locale={request.locale} nonce={tokens?.nonce ?? request.nonce} assets={documentAssets}>
        <IslandPageContext value={islandPage}>
          <App
            api={api}
            queryClient={queryClient}
            locale={request.locale}
            messages={messages}
            cspNonce={tokens?.nonce ?? request.nonce}
            pricingClient={pricing}
            cartClient={cart}
            consentController={createConsentController(api, consent, consentAnswer)}
            pages={<StaticRouterProvider router={router} context={context} hydrate={false} />}
          />
        </IslandPageContext>
      </HtmlDocument>,
      {
        nonce: tokens?.nonce ?? request.nonce,
        // React moves a large finished boundary out of line (behind a script that puts it in
        // place); everything is ready before sending, so each page stays in document order and
        // reads right without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        bootstrapScriptContent: bootstrap,
        onAllReady() {
          const html = new PassThrough();
          stream.pipe(html);
          if (!tokens || !userContext) {
            resolve({ status: prefetch.status, page, html, shared: null });
            return;
          }
          textOf(html).then((text) => {
            const shared: SharedPage = {
              html: text,
              nonceToken: tokens.nonce,
              contextToken: tokens.context,
              contextKey: sharedContextKey(userContext),
            };
            const filled = fillSharedPage(shared, request.nonce, userContext);
            resolve({ status: prefetch.status, page, html: Readable.from([filled]), shared });
          }, reject);
        },
        onShellError: reject,
        onError: request.onError,
      },
    );
  });
}

/** A placeholder no page text can guess. */
const placeholder = (what: string) => `lectern-${what}-${crypto.randomUUID()}`;

/** The context's part that is the same for every anonymous visitor (all but their visit). */
const sharedContextKey = (context: UserContextResponse) => JSON.stringify({ ...context, visiting: null });

function fillSharedPage(shared: SharedPage, nonce: string, context: UserContextResponse): string {
  // Functions as replacements: a `$` in the data must not be read as a pattern.
  return shared.html
    .replaceAll(shared.nonceToken, () => nonce)
    .replace(shared.contextToken, () => scriptJson(context));
}

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A shared page (PageRenderResult.shared) for another request that sends nothing personal:
 * this visitor's context is read (which starts their visit, as any page does), and the page
 * is filled with it and the response's nonce. Null when the context differs from the one
 * the page was rendered with beyond the visit (another price country or language, a signed-in
 * user, an experiment): the page must then be rendered for this request.
 */
export async function renderSharedPage(
  shared: SharedPage,
  request: PageRenderRequest,
): Promise<string | null> {
  const api = pageApi(request);
  const context = await fetchUserContext(api);
  if (context.me?.is_authenticated !== false || sharedContextKey(context) !== shared.contextKey) return null;
  return fillSharedPage(shared, request.nonce, context);
}
