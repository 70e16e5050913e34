import { useUserContext } from '../../app/user-context/use-user-context';

/**
 * The site's public origin (`https://learn.example.com`): the root URL the user context's
 * configuration gives (the server's PUBLIC_URL, so the server's render and the browser's agree),
 * resolved against the page's own address; the page's origin when the context names none.
 */
export function publicOrigin(root: string | undefined, here: string | undefined): string {
  for (const [url, base] of [
    [root, here],
    [here, undefined],
  ] as const) {
    if (!url) continue;
    try {
      return new URL(url, base).origin;
    } catch {
      // A relative root without a page address (no window): try the next.
    }
  }
  return '';
}

/** The public origin for absolute addresses (canonical links, Open Graph, structured data). */
export function usePublicOrigin(): string {
  const context = useUserContext();
  const root = context.isLoaded ? context.config?.urls.root : undefined;
  return publicOrigin(root, globalThis.location?.href);
}
