/** What Chromium's Network Information API tells of the connection (absent elsewhere). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether a page the visitor may never open is worth downloading now: not when they asked the
 * browser to save data, nor on a 2G connection, where it would compete with what they are
 * looking at. Without the API (Firefox, Safari) nothing says no.
 */
export function mayPrefetch(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/** The browser's connection hints, where it has them. */
export function browserConnection(): ConnectionHints | undefined {
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/**
 * A prefetcher of page documents for `doc`: each URL gets one `<link rel="prefetch">`, however
 * often the visitor comes back to its card, and the page itself none. The browser keeps what
 * it fetched for a few minutes for the navigation that follows (even with `no-cache`).
 */
export function createDocumentPrefetcher(doc: Document): (url: string) => boolean {
  const requested = new Set<string>();
  return (url) => {
    const href = new URL(url, doc.baseURI).href;
    if (requested.has(href) || href === doc.location.href) return false;
    requested.add(href);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', 'document');
    link.href = url;
    doc.head.append(link);
    return true;
  };
}

let pagePrefetcher: ((url: string) => boolean) | null = null;

/** Prefetches a page of this site for the current document (at most once per URL). */
export function prefetchDocument(url: string): boolean {
  // Made on first use: the module is also loaded by the server's render, which has no document.
  pagePrefetcher ??= createDocumentPrefetcher(document);
  return pagePrefetcher(url);
}
