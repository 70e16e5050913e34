/** The placeholder the server replaces with a per-request nonce in index.html. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The style nonce of this page, from `<meta name="csp-nonce">`. The CSP allows only
 * `<style>` tags that carry it, so Mantine stamps it on the tags it creates. Returns an
 * empty string when the page has no nonce (the Vite dev server does not replace it).
 */
export function readCspNonce(doc: Document | undefined = globalThis.document): string {
  const content = doc?.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
  return content === CSP_NONCE_PLACEHOLDER ? '' : content;
}
