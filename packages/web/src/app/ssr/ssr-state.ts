import type { UserContextResponse } from '@lectern/domain';
import type { DehydratedState } from '@tanstack/react-query';
import type { MessageFormatElement } from 'react-intl';
import type { CartSeed } from '../../features/cart/cart-client';
import type { ConsentSnapshot, RenderedConsentAnswer } from '../../features/consent/consent-controller';
import type { CoursePriceEntry } from '../../features/pricing/pricing-client';

/**
 * What the server's render hands to the browser's, so hydration starts from exactly the
 * data the HTML was made from: the query cache, the prices shown, the locale, and the page's
 * assets (the document lists them, so the browser must render the same list).
 */
export interface SsrState {
  /** BCP 47 locale the page was rendered in, e.g. `pt-BR`. */
  locale: string;
  queries: DehydratedState;
  prices: [number, CoursePriceEntry][];
  /** The visitor's cart as the server read it (absent when that read failed). */
  cart?: CartSeed;
  /** The consent the page was rendered with (renderedConsentSnapshot). */
  consent?: ConsentSnapshot;
  /** A signed-in user's choice as the server read it for the page (the browser does not ask again). */
  consentAnswer?: RenderedConsentAnswer;
  assets: PageAssets;
  /**
   * On a page hydrated as islands (app/islands): the user's context, set by its own statement
   * (userContextScript) so a page shared between anonymous visitors gets each one's own.
   */
  userContext?: UserContextResponse;
  /**
   * On a page hydrated as islands (app/islands): the messages its islands use. The whole
   * catalog is loaded with the single-page app instead.
   */
  islandMessages?: Record<string, string> | Record<string, MessageFormatElement[]>;
}

/** The files a page needs from the web build, as URLs. */
export interface PageAssets {
  /** Render-blocking stylesheets, in order. */
  stylesheets: string[];
  /** Modules to fetch at once: the entry's imports and the current page's chunk. */
  modulePreloads: string[];
  /** The entry module, started by the document. */
  entry: string;
}

/** The global the server's inline bootstrap script sets (the only inline script, with the nonce). */
export const SSR_STATE_GLOBAL = '__lecternSsrState';

declare global {
  interface Window {
    [SSR_STATE_GLOBAL]?: SsrState;
  }
}

/**
 * A value as JavaScript for an inline script. JSON is valid JavaScript; `<` is escaped so no
 * string in the data can close the script element, and U+2028/2029 so old parsers cannot
 * break a line.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The bootstrap script's source. */
export function ssrStateScript(state: SsrState): string {
  return `window.${SSR_STATE_GLOBAL}=${scriptJson(state)};`;
}

/** The statement that sets an islands page's user context: `json` is its scriptJson. */
export function userContextScript(json: string): string {
  return `window.${SSR_STATE_GLOBAL}.userContext=${json};`;
}

/** The state of a server-rendered page, or null in a page the server did not render. */
export function readSsrState(): SsrState | null {
  return globalThis.window?.[SSR_STATE_GLOBAL] ?? null;
}
