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

/** How a page is hydrated: whole, as the single-page app, or only its islands. */
export type PageHydration = 'app' | 'islands';

/**
 * The files of a page for its way of hydrating; `islandModules` are the source modules of
 * the islands the page hydrates at once (their code is preloaded with the entry's).
 */
export type PageAssetsLookup = (
  page: string | undefined,
  hydration: PageHydration,
  islandModules?: readonly string[],
) => PageAssets;

/** One page request as the renderer takes it (its `PageRenderRequest`). */
export interface PageRenderRequest {
  url: string;
  fetch: typeof fetch;
  cookies: string;
  locale: string;
  nonce: string;
  assetsFor: PageAssetsLookup;
  onError: (error: unknown) => void;
  /** The request carries nothing of the visitor's own: the page may be shared. */
  shareable?: boolean;
}

/** An anonymous page the renderer allows to be shared (its `SharedPage`); opaque here. */
export type SharedPage = object;

/** The web app's server renderer (packages/web/src/entry-server.tsx), as the server calls it. */
export interface PageRenderer {
  renderPage(
    request: PageRenderRequest,
  ): Promise<{ status: number; page: string | undefined; html: Readable; shared?: SharedPage | null }>;
  /** The shared page filled for this request, or null when it must be rendered for it. */
  renderSharedPage(shared: SharedPage, request: PageRenderRequest): Promise<string | null>;
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
  assetsFor: PageAssetsLookup;
}

/** The browser entry of each way of hydrating a page. */
const ENTRY_SOURCES: Record<PageHydration, string> = {
  app: 'src/main.tsx',
  islands: 'src/islands.tsx',
};

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
  const assets = { app: pageAssetsOf(manifest, 'app'), islands: pageAssetsOf(manifest, 'islands') };
  // A handful of pages name island modules: each set's files are worked out once.
  const withIslands = new Map<string, PageAssets>();
  return {
    renderer,
    assetsFor: (_page, hydration, islandModules = []) => {
      if (islandModules.length === 0) return assets[hydration];
      const key = `${hydration}:${islandModules.join(',')}`;
      let found = withIslands.get(key);
      if (!found) {
        found = pageAssetsOf(manifest, hydration, islandModules);
        withIslands.set(key, found);
      }
      return found;
    },
  };
}

/**
 * The entry module of the page's way of hydrating, the modules it imports statically and
 * those of the page's islands (preloaded so they download in parallel rather than one after
 * another), and every
 * stylesheet of the build, in the same order for both entries: they are small next to the UI
 * library's base styles, and linking them all means no page paints unstyled before its
 * chunk's CSS arrives.
 */
export function pageAssetsOf(
  manifest: Record<string, ManifestChunk>,
  hydration: PageHydration,
  islandModules: readonly string[] = [],
): PageAssets {
  const source = ENTRY_SOURCES[hydration];
  const entry = manifest[source];
  if (!entry) throw new Error(`The web manifest has no ${source} entry.`);
  const url = (file: string) => `/${file}`;
  const preloads = staticImportsOf(manifest, source);
  // The page's islands' modules, which the entry would only import once it has run.
  for (const module of islandModules) {
    if (!manifest[module]) continue;
    for (const key of [module, ...staticImportsOf(manifest, module)])
      if (key !== source && !preloads.includes(key)) preloads.push(key);
  }
  return {
    entry: url(entry.file),
    modulePreloads: preloads.map((key) => url(manifest[key]!.file)),
    stylesheets: stylesheetsOf(manifest).map(url),
  };
}

function staticImportsOf(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const found: string[] = [];
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (found.includes(imported)) continue;
      found.push(imported);
      visit(imported);
    }
  };
  visit(source);
  return found;
}

/**
 * Depth-first from the app's entry in import order, a module's imports' stylesheets before
 * its own, as the browser applies them (the UI library's base styles first, the app's
 * overrides after); then the rest of the build's.
 */
function stylesheetsOf(manifest: Record<string, ManifestChunk>): string[] {
  const stylesheets: string[] = [];
  const add = (css: string) => {
    if (!stylesheets.includes(css)) stylesheets.push(css);
  };
  const seen = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
    for (const css of manifest[key]?.css ?? []) add(css);
  };
  visit(ENTRY_SOURCES.app);
  for (const css of Object.values(manifest).flatMap((chunk) => chunk.css ?? [])) add(css);
  // The build's one stylesheet (`cssCodeSplit: false`) is an entry of its own.
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.css')) add(chunk.file);
  return stylesheets;
}
