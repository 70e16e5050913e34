import { setNonce } from 'get-nonce';

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

/**
 * Gives this page's nonce to the libraries that add `<style>` tags through `get-nonce` (the
 * scroll lock of Mantine's modals, react-remove-scroll): without it the CSP blocks the tag each
 * time a dialog opens, and the console says so. Called once by each entry, before anything renders.
 */
export function shareCspNonce(doc: Document | undefined = globalThis.document): void {
  const nonce = readCspNonce(doc);
  if (nonce) setNonce(nonce);
}
