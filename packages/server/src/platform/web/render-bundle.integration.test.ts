import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

const webDir = path.resolve(import.meta.dirname, '../../../../web');
const viteBin = path.join(
  path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);

// The real server-render bundle, built as `NODE_ENV=development npm start` builds it (the
// shell's NODE_ENV reaches the build), beside a stand-in browser build: once, a JSX runtime
// the bundle's React did not have crashed the server when it loaded the bundle.
const webDist = standInWebApp();
const bundleDir = path.join(webDist, '..', 'dist-server');

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [
      viteBin,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      bundleDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: webDir,
      env: { ...process.env, NODE_ENV: 'development', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
  // And loaded, as the server loads it, in a process whose NODE_ENV says development.
  vi.stubEnv('NODE_ENV', 'development');
  server = await startTestServer({ webDistDir: webDist });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  vi.unstubAllEnvs();
});

describe('the server-render bundle built under NODE_ENV=development', () => {
  it('renders pages with the production JSX runtime, whatever NODE_ENV it runs under', async () => {
    const bundle = readFileSync(path.join(bundleDir, 'entry-server.js'), 'utf8');
    expect(bundle).not.toContain('jsxDEV');
    // Nothing in it reads NODE_ENV when it runs: the build decided.
    expect(bundle).not.toMatch(/process\.env(\.NODE_ENV|\[["']NODE_ENV)/);

    const client = createTestClient(server.app);
    const home = await client.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/^<!DOCTYPE html>/i);
    expect(home.body).toContain('TypeScript from First Principles');
    const unknown = await client.get('/no/such/page/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/^<!DOCTYPE html>/i);
  });
});
