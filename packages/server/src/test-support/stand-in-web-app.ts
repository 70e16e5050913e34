import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in build of the web app (an app shell with the CSP nonce slot), so tests that reach
 * pages (the 404 page, short links) pass on a clean checkout where Vite has not run yet.
 */
export function standInWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
  );
  return dir;
}
