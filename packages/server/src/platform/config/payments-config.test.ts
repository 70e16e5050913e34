import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionProblems } from './config.js';

describe('payments configuration', () => {
  it('runs the sandbox in-process on 3001 with its well-known keys by default', () => {
    const { payments } = loadConfig({});
    expect(payments).toEqual({
      apiUrl: 'http://127.0.0.1:3001',
      sandbox: { port: 3001, host: '127.0.0.1' },
      secretKey: 'sk_test_lectern_sandbox',
      publishableKey: 'pk_test_lectern_sandbox',
      webhookSecret: 'whsec_lectern_sandbox',
      publicUrl: 'http://localhost:3001',
    });
  });

  it('follows SANDBOX_PORT and PAYMENTS_PUBLIC_URL', () => {
    const { payments } = loadConfig({
      SANDBOX_PORT: '4100',
      PAYMENTS_PUBLIC_URL: 'https://pay.example.com/',
    });
    expect(payments).toMatchObject({
      apiUrl: 'http://127.0.0.1:4100',
      sandbox: { port: 4100, host: '127.0.0.1' },
      publicUrl: 'https://pay.example.com',
    });
  });

  it('keeps the sandbox on loopback whatever HOST the server listens on; SANDBOX_HOST moves it', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).payments.sandbox).toEqual({ port: 3001, host: '127.0.0.1' });
    // The server reaches a sandbox on every interface through loopback, and one on an address there.
    expect(loadConfig({ SANDBOX_HOST: '0.0.0.0' }).payments).toMatchObject({
      apiUrl: 'http://127.0.0.1:3001',
      sandbox: { port: 3001, host: '0.0.0.0' },
      publicUrl: 'http://localhost:3001',
    });
    expect(loadConfig({ SANDBOX_HOST: '10.0.0.5' }).payments.apiUrl).toBe('http://10.0.0.5:3001');
    expect(loadConfig({ SANDBOX_HOST: '::1' }).payments.apiUrl).toBe('http://[::1]:3001');
    expect(() => loadConfig({ SANDBOX_HOST: ' ' })).toThrow(/SANDBOX_HOST must not be empty/);
  });

  it('uses a provider elsewhere when PAYMENTS_API_URL is set', () => {
    const { payments } = loadConfig({
      PAYMENTS_API_URL: 'https://api.stripe.com',
      PAYMENTS_SECRET_KEY: 'sk_live_x',
    });
    expect(payments).toMatchObject({
      apiUrl: 'https://api.stripe.com',
      sandbox: null,
      secretKey: 'sk_live_x',
    });
  });

  it('names bad payment settings', () => {
    try {
      loadConfig({ SANDBOX_PORT: 'x', PAYMENTS_API_URL: 'https://api.stripe.com/v1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/SANDBOX_PORT: SANDBOX_PORT must be a number/);
      expect(problems).toMatch(
        /PAYMENTS_API_URL: PAYMENTS_API_URL must be an http\(s\) origin without a path/,
      );
    }
  });

  it('refuses the sandbox default keys in production only', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    const problems = productionProblems(
      loadConfig({ NODE_ENV: 'production', PAYMENTS_API_URL: 'https://api.stripe.com' }),
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^PAYMENTS_SECRET_KEY: the sandbox's default key cannot be used in production/,
    );
    const configured = loadConfig({
      NODE_ENV: 'production',
      PAYMENTS_API_URL: 'https://api.stripe.com',
      PAYMENTS_SECRET_KEY: 'sk_live_1',
      PAYMENTS_PUBLISHABLE_KEY: 'pk_live_1',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(productionProblems(configured)).toEqual([]);
  });

  it('refuses to run the built-in sandbox in production, even with keys of its own', () => {
    const keys = {
      NODE_ENV: 'production',
      PAYMENTS_SECRET_KEY: 'sk_live_1',
      PAYMENTS_PUBLISHABLE_KEY: 'pk_live_1',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(productionProblems(loadConfig(keys))).toEqual([
      "PAYMENTS_API_URL: production needs your payment provider's API, e.g. https://api.stripe.com (the built-in sandbox runs only outside production)",
    ]);
    // Named first, beside the default keys, when both are missing.
    expect(productionProblems(loadConfig({ NODE_ENV: 'production' }))[0]).toMatch(/^PAYMENTS_API_URL: /);
    // Outside production the sandbox is the default.
    expect(productionProblems(loadConfig({ ...keys, NODE_ENV: 'development' }))).toEqual([]);
  });
});
