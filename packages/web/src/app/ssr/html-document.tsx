import { mantineHtmlProps } from '@mantine/core';
import type { ReactNode } from 'react';
import faviconUrl from '../../assets/favicon.svg';
import { scriptJson, type PageAssets } from './ssr-state';

/**
 * The page's first use of Intl loads ICU's data for its locale: about 150-200 ms of main
 * thread on a phone (Lighthouse's 4× slowdown), one long task wherever it comes. Done here,
 * before the stylesheet, it runs while the stylesheet downloads, when the main thread has
 * nothing else to do; the islands' and the app's formatting then start warm.
 */
export const warmUpIntlScript = (locale: string) =>
  `try{Intl.NumberFormat.supportedLocalesOf(${scriptJson(locale)})}catch(e){}`;

export interface HtmlDocumentProps {
  /** BCP 47, e.g. `ja-JP`: `<html lang>` is right in the server's HTML. */
  locale: string;
  /** This response's CSP nonce; Mantine's style tags read it from the meta tag in the browser. */
  nonce: string;
  assets: PageAssets;
  children: ReactNode;
}

/**
 * The whole HTML document, rendered by React on the server and hydrated as the document in
 * the browser, so pages can put their `<title>`, `<meta>` and `<link>` tags anywhere (React
 * hoists them into the head). Stylesheets come before anything paints; the page's own chunk
 * is preloaded so hydration does not wait for it.
 */
export function HtmlDocument({ locale, nonce, assets, children }: HtmlDocumentProps) {
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="csp-nonce" content={nonce} />
        {/* The browser hides a nonce once the page has loaded, so the app's hydration of the
            whole document sees none here: that difference is expected. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: warmUpIntlScript(locale) }}
        />
        <link rel="icon" type="image/svg+xml" href={faviconUrl} />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modulePreloads.map((href) => (
          // Low: the stylesheets and the page's main picture come first, the code after.
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
