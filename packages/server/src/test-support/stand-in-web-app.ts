import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fingerprinted asset of the stand-in build, to test how assets are served. */
export const STAND_IN_ASSET = '/assets/app-1a2b3c.js';

// The renderer's whole contract (see platform/web/web-build.ts): a document with the nonce,
// shared (with a placeholder for the nonce) when the request allows it.
const STAND_IN_RENDERER = `import { Readable } from 'node:stream';
const TOKEN = 'stand-in-nonce-token';
const documentWith = (nonce, entry) =>
  '<!doctype html><html><head><meta name="csp-nonce" content="' + nonce + '">' +
  '<script type="module" src="' + entry + '" nonce="' + nonce + '"></script></head>' +
  '<body><div id="root"></div></body></html>';
export async function renderPage({ nonce, assetsFor, shareable }) {
  const { entry } = assetsFor(undefined, 'app');
  const shared = shareable ? { html: documentWith(TOKEN, entry) } : null;
  return { status: 200, page: undefined, html: Readable.from([documentWith(nonce, entry)]), shared };
}
export async function renderSharedPage(shared, { nonce }) {
  return shared.html.replaceAll(TOKEN, nonce);
}
`;

/**
 * A stand-in build of the web app (its manifest, one asset, and a server renderer answering
 * every page with an empty document carrying the CSP nonce, shared between requests that
 * send nothing personal), so tests that reach pages (the
 * 404 page, short links) pass on a clean checkout where Vite has not run yet. Returns the
 * directory to pass as `webDistDir`.
 */
export function standInWebApp(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lectern-web-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(dist, STAND_IN_ASSET), 'console.log("app")');
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: STAND_IN_ASSET.slice(1), isEntry: true },
      'src/islands.tsx': { file: STAND_IN_ASSET.slice(1), isEntry: true },
    }),
  );
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), STAND_IN_RENDERER);
  return dist;
}
