import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, PaymentsSandboxError, startPaymentsSandbox } from './app.js';

const runMain = (env: Record<string, string>) =>
  spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
    {
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-main-')), ...env },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );

describe('starting the server with payments', () => {
  it('refuses to start in production with the sandbox default keys, in one line', () => {
    const result = runMain({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://lectern@127.0.0.1:1/lectern',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^lectern: Invalid configuration: PAYMENTS_API_URL: /);
    expect(result.stderr).toMatch(
      /; PAYMENTS_SECRET_KEY: the sandbox's default key cannot be used in production/,
    );
  });

  it('refuses to start in production without a payment provider, before anything else starts', () => {
    // Keys of its own do not make the built-in sandbox a provider for real buyers.
    const result = runMain({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://lectern@127.0.0.1:1/lectern',
      PAYMENTS_SECRET_KEY: 'sk_live_1',
      PAYMENTS_PUBLISHABLE_KEY: 'pk_live_1',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(result.status).toBe(1);
    // One line, naming the variable; the unreachable database is never tried.
    expect(result.stderr.trim().split('\n')).toEqual([
      "lectern: Invalid configuration: PAYMENTS_API_URL: production needs your payment provider's API, e.g. https://api.stripe.com (the built-in sandbox runs only outside production)",
    ]);
  });

  it('runs the in-process sandbox on loopback, whatever interface the server listens on', async () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      SANDBOX_PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-main-')),
      LOG_LEVEL: 'silent',
    });
    const started = await startPaymentsSandbox(config);
    try {
      expect(started?.sandbox.app.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    } finally {
      await started?.close();
    }
  });

  it('never starts the in-process sandbox in production', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SANDBOX_PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-main-')),
    });
    await expect(startPaymentsSandbox(config)).rejects.toThrow(PaymentsSandboxError);
  });
});
