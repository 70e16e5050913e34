import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // Resolve @lectern/domain to its TypeScript source, so no build of it is needed first.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    // Every server path the app calls outside the page routes (the root-based calls of platform §7).
    proxy: {
      '/api-2.0': API_SERVER,
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
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The CSP forbids inline scripts and data: URLs are not worth the exception.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Modules must run in import order even across chunks: src/platform/strict-csp.ts has
      // to configure zod before @lectern/domain (in a shared chunk) builds its schemas.
      output: { strictExecutionOrder: true },
    },
  },
});
