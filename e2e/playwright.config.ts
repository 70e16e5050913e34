import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/ensure-chromium.mjs';

// Never fetch Playwright's own browsers: this machine's network is closed; we drive Debian's Chromium.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

// Pick a free port once, in the runner process; workers inherit the variable, so they agree on it.
function freePort(): string {
  const probe =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}
process.env.LECTERN_E2E_PORT ??= freePort();
// The server runs the sandbox payment provider in-process on its own port (gateway.spec.ts).
process.env.LECTERN_E2E_SANDBOX_PORT ??= freePort();
const port = process.env.LECTERN_E2E_PORT;
const sandboxPort = process.env.LECTERN_E2E_SANDBOX_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  // Two cores: one browser per core; the server hashes passwords (argon2) on the same machine.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Sized for a busy two-core machine: with two browsers, the server and axe's scans sharing the
  // cores, a checkout test that takes 16 s alone took over 30 s (axe's scan of the checkout page).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    // A returning visitor who has answered the cookie banner (everything allowed), so flows
    // other than consent's own never meet it; consent.spec.ts starts without this cookie.
    storageState: {
      cookies: [
        {
          name: 'lectern_consent',
          value: encodeURIComponent('C0001:1,C0002:1,C0003:1,C0004:1,C0005:1'),
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Without the background-networking flags Chromium keeps dialling Google hosts that the
      // machine's closed network refuses; --no-sandbox because tests may run as root.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Builds nothing: the root `test:e2e` script runs scripts/build.mjs first.
    command: 'node support/start-server.mjs',
    url: `${baseURL}/readyz`,
    env: { ...process.env, PORT: port, SANDBOX_PORT: sandboxPort } as Record<string, string>,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM (not the default SIGKILL) so start-server.mjs can remove its temp data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
