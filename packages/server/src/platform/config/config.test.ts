import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SELLER, loadConfig } from './config.js';

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

  it('names every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT: PORT must be a number/);
      expect(problems).toMatch(/DATABASE_URL: DATABASE_URL must start with postgres/);
      expect(problems).toMatch(/NODE_ENV/);
    }
  });
});
