import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';

/** The files of one page, as URLs (the web app's `PageAssets`). */
export interface PageAssets {
  stylesheets: string[];
  modulePreloads: string[];
  entry: string;
}

/** The web app's server renderer (packages/web/src/entry-server.tsx), as the server calls it. */
export interface PageRenderer {
  renderPage(request: {
    url: string;
    fetch: typeof fetch;
    cookies: string;
    locale: string;
    nonce: string;
    assetsFor: (page: string | undefined) => PageAssets;
    onError: (error: unknown) => void;
  }): Promise<{ status: number; page: string | undefined; html: Readable }>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The built web app: its browser files (dist/), manifest and server renderer (dist-server/). */
export interface WebBuild {
  renderer: PageRenderer;
  assetsFor: (page: string | undefined) => PageAssets;
}

const ENTRY_SOURCE = 'src/main.tsx';

/**
 * Loads the web build next to `distDir`, or null when it is missing (the server then answers
 * pages with 503 and says how to build). Read once at start: the build never changes under a
 * running server.
 */
export async function loadWebBuild(distDir: string): Promise<WebBuild | null> {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const rendererPath = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(manifestPath) || !existsSync(rendererPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const renderer = (await import(pathToFileURL(rendererPath).href)) as PageRenderer;
  const assets = pageAssetsOf(manifest);
  return { renderer, assetsFor: () => assets };
}

/**
 * The entry module, the modules it imports statically (preloaded so they download in
 * parallel rather than one after another) and every stylesheet of the build: they are small
 * next to the UI library's base styles, and linking them all means no page paints unstyled
 * before its chunk's CSS arrives.
 */
export function pageAssetsOf(manifest: Record<string, ManifestChunk>): PageAssets {
  const entry = manifest[ENTRY_SOURCE];
  if (!entry) throw new Error(`The web manifest has no ${ENTRY_SOURCE} entry.`);
  const url = (file: string) => `/${file}`;
  // Depth-first in import order, a module's imports' stylesheets before its own, as the
  // browser applies them: the UI library's base styles first, the app's overrides after.
  const staticImports: string[] = [];
  const stylesheets: string[] = [];
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (staticImports.includes(imported)) continue;
      staticImports.push(imported);
      visit(imported);
    }
    for (const css of manifest[key]?.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
  };
  visit(ENTRY_SOURCE);
  for (const css of Object.values(manifest).flatMap((chunk) => chunk.css ?? [])) {
    if (!stylesheets.includes(css)) stylesheets.push(css);
  }
  return {
    entry: url(entry.file),
    modulePreloads: staticImports.map((key) => url(manifest[key]!.file)),
    stylesheets: stylesheets.map(url),
  };
}
