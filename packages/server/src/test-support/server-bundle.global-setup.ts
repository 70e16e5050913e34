import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import { SERVER_BUNDLE_ENV } from './server-process.js';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
// Under the root node_modules, so the bundle's imports of packages resolve as the sources' do
// (and nothing of it is linted, formatted or committed).
const CACHE_DIR = path.resolve(SERVER_ROOT, '../../node_modules/.cache');

/**
 * Vitest global setup of the integration project that starts server processes: the server
 * (`src/main.ts` with the workspace packages' sources) bundled into one file by esbuild, which
 * `startServerProcess` runs with plain Node. Run from source through tsx, a process spent about
 * 3 s more CPU starting (8.9 s against 5.7 s, measured on this two-core machine): tsx resolves
 * and transforms some 400 modules one by one on its loader thread. Packages stay imports; each
 * source's `import.meta.dirname` is written in as its own folder (migrations, assets and the web
 * build are found beside the sources). Without esbuild (it comes with tsx and Vite) processes
 * run through tsx as before.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[SERVER_BUNDLE_ENV]) return async () => {};
  let esbuild: typeof Esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return async () => {};
  }
  await mkdir(CACHE_DIR, { recursive: true });
  const folder = await mkdtemp(path.join(CACHE_DIR, 'lectern-server-'));
  const outfile = path.join(folder, 'main.mjs');
  try {
    await esbuild.build({
      entryPoints: [path.join(SERVER_ROOT, 'src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['source'],
      logLevel: 'error',
      plugins: [
        {
          name: 'lectern-sources-only',
          setup(build) {
            // Our workspace packages are bundled from source; every other package stays an import.
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@lectern/') ? undefined : { path: args.path, external: true },
            );
            build.onLoad({ filter: /\.ts$/ }, async (args) => ({
              contents: (await readFile(args.path, 'utf8')).replaceAll(
                'import.meta.dirname',
                JSON.stringify(path.dirname(args.path)),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  process.env[SERVER_BUNDLE_ENV] = outfile;
  return async () => {
    delete process.env[SERVER_BUNDLE_ENV];
    await rm(folder, { recursive: true, force: true });
  };
}
