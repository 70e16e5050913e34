import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config.js';
import { paymentsConfigFor, startTestSandbox, type Sandbox } from '../../../test-support/payments-sandbox.js';
import { TaxServiceUnavailableError, type TaxProvider } from '../tax-provider.js';
import { taxProviderFromConfig } from '../tax-provider-from-config.js';

let sandbox: Sandbox;
let provider: TaxProvider;

const faults = (settings: Record<string, string>) =>
  fetch(`${sandbox.url}/v1/sandbox/${Object.keys(settings).length ? 'faults' : 'reset'}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(settings),
  });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // The tax service defaults to the payment provider: here, this test's sandbox.
  const config = {
    // Long enough for a busy machine's first answers, short enough for the hang test below.
    ...loadConfig({ TAX_PROVIDER: 'stripe_tax', TAX_SERVICE_TIMEOUT_MS: '2000' }),
    payments: paymentsConfigFor(sandbox),
  };
  provider = taxProviderFromConfig(config, { cacheTtlMs: 0 });
});
afterAll(() => sandbox.close());
afterEach(() => faults({}));

const NOW = new Date();

describe('the Stripe Tax provider against the sandbox gateway', () => {
  it('reads the sandbox rates: US jurisdictions, Canada GST + QST, a VAT reverse charge', async () => {
    expect(provider.name).toBe('stripe_tax');
    expect(await provider.determine({ country: 'US', secondaryLocation: '98101' }, NOW)).toMatchObject({
      ok: true,
      ratePercent: 10.35,
      mode: 'tax_exclusive',
      jurisdiction: 'US-WA',
      components: [
        { name: 'Sales tax', jurisdiction: 'US-WA', ratePercent: 6.5 },
        { name: 'Sales tax', jurisdiction: 'US-WA-SEATTLE', ratePercent: 3.85 },
      ],
      reverseCharge: null,
    });
    expect(await provider.determine({ country: 'CA', secondaryLocation: 'QC' }, NOW)).toMatchObject({
      ratePercent: 14.975,
      jurisdiction: 'CA-QC',
      components: [
        { name: 'GST', jurisdiction: 'CA', ratePercent: 5 },
        { name: 'QST', jurisdiction: 'CA-QC', ratePercent: 9.975 },
      ],
    });
    expect(await provider.determine({ country: 'DE', secondaryLocation: null }, NOW)).toMatchObject({
      ratePercent: 19,
      mode: 'tax_inclusive',
      components: [{ name: 'VAT', jurisdiction: 'DE', ratePercent: 19 }],
    });
    expect(
      await provider.determine({ country: 'FR', secondaryLocation: null, taxNumber: 'FR40303265045' }, NOW),
    ).toMatchObject({
      ratePercent: 0,
      components: [],
      reverseCharge: { note: expect.stringMatching(/^Reverse charge/) },
    });
    expect(await provider.determine({ country: 'BR', secondaryLocation: null }, NOW)).toMatchObject({
      ok: true,
      ratePercent: 0,
      components: [],
      source: expect.stringMatching(/^Stripe Tax calculation taxcalc_\w+ \(not_collecting\)$/),
    });
  });

  it("an address the sandbox cannot place is the country's checkout message", async () => {
    expect(await provider.determine({ country: 'US', secondaryLocation: '00000' }, NOW)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.invalidZip,
    });
  });

  it('sandbox outages: a 500, a hang past the timeout, the tax_calculations control', async () => {
    await expect(provider.determine({ country: 'US', secondaryLocation: '99990' }, NOW)).rejects.toThrow(
      /^Stripe Tax answered HTTP 500/,
    );
    await expect(provider.determine({ country: 'US', secondaryLocation: '99999' }, NOW)).rejects.toThrow(
      'Stripe Tax did not answer within 2000 ms',
    );
    await faults({ tax_calculations: 'fail', fail_status: '503' });
    await expect(provider.determine({ country: 'DE', secondaryLocation: null }, NOW)).rejects.toBeInstanceOf(
      TaxServiceUnavailableError,
    );
  });
});
