import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { PAGE_ISLAND_MODULES } from './src/app/islands/island-pages';
import { precompileMessages } from './src/i18n/precompile-messages-plugin';
import { pruneUnusedMantineCss } from './src/platform/styles/prune-mantine-css-plugin';

const API_SERVER = 'http://localhost:3000';

// The chunks of the islands the server preloads with the runtime (PAGE_ISLAND_MODULES), by
// the name the build gives them (the module's file name, then its hash).
const serverPreloadedIslandChunk = new RegExp(
  `^assets/(${Object.values(PAGE_ISLAND_MODULES)
    .flat()
    .map((module) => module.replace(/^.*\//, '').replace(/\.tsx?$/, ''))
    .join('|')})-[\\w-]+\\.js$`,
);

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always the production build the server serves, whatever NODE_ENV the shell has
  // (`NODE_ENV=development npm start` builds before it starts): Vite reads NODE_ENV after this
  // file, and with `development` it compiles JSX for React's development runtime (`jsxDEV`),
  // which the render bundle's production React (the `define` below) does not have.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // Message catalogs ship as ICU ASTs, and the bundle without the ICU parser; the stylesheet
    // without the rules of Mantine components the app does not use.
    plugins: [react(), precompileMessages(), pruneUnusedMantineCss()],
    // Resolve @lectern/domain to its TypeScript source, so no build of it is needed first.
    resolve: {
      conditions: ['source', 'module', 'browser', 'development|production'],
      // zod with its eval probe off, wherever it is imported (see the module).
      alias: [
        {
          find: /^zod$/,
          replacement: fileURLToPath(new URL('./src/platform/zod-without-eval.ts', import.meta.url)),
        },
      ],
    },
    // The server's render bundle is self-contained: @lectern/domain from source, and React in its
    // production build whatever NODE_ENV the server runs with.
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    ssr: {
      noExternal: true,
      resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
    },
    server: {
      // Every server path the app calls outside the page routes (the root-based calls of platform §7).
      proxy: {
        '/api-2.0': API_SERVER,
        // The GraphQL endpoints (/api/2022-03/graphql/, /api/2024-01/graphql/).
        '/api/': API_SERVER,
        '/payment/checkout-info': API_SERVER,
        '/payment/checkout-submit': API_SERVER,
        '/payment/checkout-result': API_SERVER,
        '/payment-vendor': API_SERVER,
        '/privacy': API_SERVER,
        '/visits': API_SERVER,
        '/s/': API_SERVER,
        '/healthz': API_SERVER,
      },
    },
    build: {
      // The browser build goes to dist/ (served as static files); the server's render bundle
      // (`vite build --ssr src/entry-server.tsx`) to dist-server/, which is never served.
      outDir: isSsrBuild ? 'dist-server' : 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      // The server renders every page's document itself and finds each page's files here.
      manifest: !isSsrBuild,
      // The CSP forbids inline scripts and data: URLs are not worth the exception.
      assetsInlineLimit: 0,
      // One stylesheet for every page: fewer render-blocking requests than one per chunk.
      cssCodeSplit: false,
      modulePreload: {
        // The islands runtime need not list what the islands the server preloads import: the
        // server preloads it too, and every list costs the runtime's download on every page.
        resolveDependencies: (filename, deps, { hostId }) =>
          /(^|\/)islands-[\w-]+\.js$/.test(hostId) && serverPreloadedIslandChunk.test(filename) ? [] : deps,
      },
      rolldownOptions: {
        // The single-page app's entry, and the islands' (public pages, see src/islands.tsx).
        input: isSsrBuild ? undefined : { main: 'src/main.tsx', islands: 'src/islands.tsx' },
      },
    },
  };
});
