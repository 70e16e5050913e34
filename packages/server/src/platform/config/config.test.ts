import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SELLER, loadConfig, productionProblems } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.brandName).toBe('Lectern');
    expect(config.env).toBe('development');
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be/);
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/db' });
  });

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
  });

  it('enables external sources and disables third-party marketing by default', () => {
    expect(loadConfig({}).thirdParty).toEqual({
      externalSourcesEnabled: true,
      thirdPartyMarketingEnabled: false,
    });
  });

  it('reads the third-party switches with the boolean words of platform §5', () => {
    expect(
      loadConfig({ EXTERNAL_SOURCES_ENABLED: 'Off', THIRD_PARTY_MARKETING_ENABLED: 'enabled' }).thirdParty,
    ).toEqual({ externalSourcesEnabled: false, thirdPartyMarketingEnabled: true });
    expect(
      loadConfig({ EXTERNAL_SOURCES_ENABLED: '0', THIRD_PARTY_MARKETING_ENABLED: '1' }).thirdParty,
    ).toEqual({
      externalSourcesEnabled: false,
      thirdPartyMarketingEnabled: true,
    });
    // Empty means unset, as for the other variables.
    expect(loadConfig({ EXTERNAL_SOURCES_ENABLED: '' }).thirdParty.externalSourcesEnabled).toBe(true);
    expect(() => loadConfig({ EXTERNAL_SOURCES_ENABLED: 'yes' })).toThrow(
      /EXTERNAL_SOURCES_ENABLED: EXTERNAL_SOURCES_ENABLED must be one of 0, 1, true, false, on, off, enabled, disabled/,
    );
  });

  it('names the seller of receipts: the brand, demo address and tax id outside production, support@ the public host', () => {
    expect(
      loadConfig({ BRAND_NAME: 'Acme Courses', PUBLIC_URL: 'https://learn.example.com' }).seller,
    ).toEqual({
      name: 'Acme Courses',
      address: DEMO_SELLER.address,
      taxId: DEMO_SELLER.taxId,
      supportEmail: 'support@learn.example.com',
    });
    expect(loadConfig({}).seller.supportEmail).toBe('support@localhost');
    // Production omits what is not configured.
    expect(loadConfig({ NODE_ENV: 'production' }).seller).toMatchObject({ address: null, taxId: null });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SELLER_NAME: 'Acme Learning LLC',
        SELLER_ADDRESS: '1 Main St\nSpringfield',
        SELLER_TAX_ID: 'US 12-3456789',
        SUPPORT_EMAIL: 'help@acme.test',
      }).seller,
    ).toEqual({
      name: 'Acme Learning LLC',
      address: '1 Main St\nSpringfield',
      taxId: 'US 12-3456789',
      supportEmail: 'help@acme.test',
    });
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL must be an e-mail/);
  });

  it('takes the tax from the rates table by default; TAX_PROVIDER=stripe_tax asks a tax service', () => {
    expect(loadConfig({}).tax).toEqual({
      provider: 'table',
      serviceUrl: null,
      serviceKey: null,
      timeoutMs: 2000,
      sellerCountry: 'US',
      registeredIn: 'all',
    });
    expect(loadConfig({ SELLER_COUNTRY: 'de', TAX_REGISTERED_COUNTRIES: 'au, nz,CH' }).tax).toMatchObject({
      sellerCountry: 'DE',
      registeredIn: ['AU', 'NZ', 'CH'],
    });
    expect(() => loadConfig({ SELLER_COUNTRY: 'Germany' })).toThrow(/SELLER_COUNTRY must be a two-letter/);
    expect(() => loadConfig({ TAX_REGISTERED_COUNTRIES: 'AU,Japan' })).toThrow(/TAX_REGISTERED_COUNTRIES/);
    expect(
      loadConfig({
        TAX_PROVIDER: 'stripe_tax',
        TAX_SERVICE_URL: 'https://tax.example.com/stripe/',
        TAX_SERVICE_KEY: ' sk_live_tax ',
        TAX_SERVICE_TIMEOUT_MS: '500',
      }).tax,
    ).toMatchObject({
      provider: 'stripe_tax',
      serviceUrl: 'https://tax.example.com/stripe',
      serviceKey: 'sk_live_tax',
      timeoutMs: 500,
    });
    // Empty means unset: the payment provider's API and key (resolved by the tax module).
    expect(loadConfig({ TAX_SERVICE_URL: '', TAX_SERVICE_KEY: '' }).tax).toMatchObject({
      serviceUrl: null,
      serviceKey: null,
    });
    try {
      loadConfig({
        TAX_PROVIDER: 'avalara',
        TAX_SERVICE_URL: 'tax.example.com',
        TAX_SERVICE_TIMEOUT_MS: '50',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/TAX_PROVIDER: TAX_PROVIDER must be one of table, stripe_tax/);
      expect(problems).toMatch(/TAX_SERVICE_URL: TAX_SERVICE_URL must be an absolute http\(s\) URL/);
      expect(problems).toMatch(
        /TAX_SERVICE_TIMEOUT_MS: TAX_SERVICE_TIMEOUT_MS must be between 100 and 10000/,
      );
    }
    expect(() => loadConfig({ TAX_SERVICE_TIMEOUT_MS: 'soon' })).toThrow(
      /TAX_SERVICE_TIMEOUT_MS must be a number of milliseconds/,
    );
  });

  it("refuses the sandbox's key for the tax service in production", () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENTS_API_URL: 'https://api.stripe.com',
      PAYMENTS_SECRET_KEY: 'sk_live_1',
      PAYMENTS_PUBLISHABLE_KEY: 'pk_live_1',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_1',
      TAX_PROVIDER: 'stripe_tax',
    };
    expect(productionProblems(loadConfig(production))).toEqual([]);
    expect(
      productionProblems(loadConfig({ ...production, TAX_SERVICE_KEY: 'sk_test_lectern_sandbox' })),
    ).toEqual([
      "TAX_SERVICE_KEY: the sandbox's default key cannot be used in production; set your provider's key",
    ]);
  });

  it('names every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT: PORT must be a number/);
      expect(problems).toMatch(/DATABASE_URL: DATABASE_URL must start with postgres/);
      expect(problems).toMatch(/NODE_ENV: NODE_ENV must be one of development, test, production/);
    }
  });
});
