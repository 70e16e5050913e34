import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { TaxDetermination, TaxLocation, TaxProvider } from '../tax/tax-provider.js';
import { createRenewalTaxes } from './renewal-taxes.js';
import type { BillingProfileRow, EnrollmentRow } from './subscriptions.repository.js';

// Only the columns the taxes read.
const plan = (subscriberId: number, taxRate = '8.5', taxMode = 'tax_exclusive') =>
  ({ subscriberType: 'organization', subscriberId, taxRate, taxMode }) as EnrollmentRow;
const profile = (
  country: string | null,
  secondaryLocation: string | null = null,
  taxNumber: string | null = null,
) => ({ country, secondaryLocation, taxNumber }) as BillingProfileRow;

const seattle: TaxDetermination = {
  ok: true,
  ratePercent: 10.25,
  mode: 'tax_exclusive',
  jurisdiction: 'US-WA-SEATTLE',
  source: 'test',
  components: [
    { name: 'Sales tax', jurisdiction: 'US-WA', ratePercent: 6.5, source: 'test' },
    { name: 'Sales tax', jurisdiction: 'US-WA-SEATTLE', ratePercent: 3.75, source: 'test' },
  ],
  reverseCharge: null,
};

function taxesWith(determine: (location: TaxLocation) => Promise<TaxDetermination>) {
  const asked: TaxLocation[] = [];
  const tax: TaxProvider = {
    name: 'test',
    determine: (location) => {
      asked.push(location);
      return determine(location);
    },
  };
  const warn = vi.fn();
  const { taxesOf } = createRenewalTaxes({ tax, log: { warn } as unknown as FastifyBaseLogger });
  return { taxesOf, asked, warn };
}

describe('taxesOf', () => {
  it('asks the provider once per billing location and taxes each plan there at its answer', async () => {
    const { taxesOf, asked } = taxesWith(async () => seattle);
    const profiles = new Map([
      ['organization:1', profile('US', '98101')],
      ['organization:2', profile('US', '98101')],
    ]);
    const at = new Date('2030-01-01T00:00:00Z');
    const taxOf = await taxesOf([plan(1), plan(2)], profiles, at);
    expect(asked).toEqual([{ country: 'US', secondaryLocation: '98101', taxNumber: null }]);
    for (const row of [plan(1), plan(2)]) {
      expect(taxOf(row)).toEqual({
        rate: 10.25,
        rates: [6.5, 3.75],
        components: seattle.components,
        note: null,
        mode: 'tax_exclusive',
      });
    }
  });

  it('charges the agreed rate without a breakdown where a plan has no location, or its tax is not determined', async () => {
    const { taxesOf, asked, warn } = taxesWith(async (location) => {
      if (location.country === 'FR') throw new Error('tax service down');
      return { ok: false, error: 'Enter a valid ZIP code.' };
    });
    const profiles = new Map([
      ['organization:1', profile(null)],
      ['organization:2', profile('FR')],
      ['organization:3', profile('US', '00000')],
    ]);
    const taxOf = await taxesOf(
      [plan(1, '20', 'tax_inclusive'), plan(2, '20', 'tax_inclusive'), plan(3), plan(4, '7')],
      profiles,
      new Date(),
    );
    expect(asked.map((location) => location.country)).toEqual(['FR', 'US']);
    expect(warn).toHaveBeenCalledOnce();
    expect(taxOf(plan(1, '20', 'tax_inclusive'))).toEqual({
      rate: 20,
      rates: 20,
      components: null,
      note: null,
      mode: 'tax_inclusive',
    });
    expect(taxOf(plan(2, '20', 'tax_inclusive'))).toMatchObject({ rate: 20, components: null });
    expect(taxOf(plan(3))).toMatchObject({ rate: 8.5, rates: 8.5, mode: 'tax_exclusive' });
    // No billing profile at all.
    expect(taxOf(plan(4, '7'))).toMatchObject({ rate: 7, components: null });
  });

  it('passes on only a valid tax number, and keeps the reverse charge note of a business', async () => {
    const { taxesOf, asked } = taxesWith(async () => ({
      ok: true,
      ratePercent: 0,
      mode: 'tax_inclusive',
      jurisdiction: 'DE',
      source: 'test',
      components: [],
      reverseCharge: { note: 'Reverse charge' },
    }));
    const profiles = new Map([['organization:1', profile('DE', null, 'not a number')]]);
    const taxOf = await taxesOf([plan(1)], profiles, new Date());
    expect(asked).toEqual([{ country: 'DE', secondaryLocation: null, taxNumber: null }]);
    expect(taxOf(plan(1))).toEqual({
      rate: 0,
      rates: [],
      components: [],
      note: 'Reverse charge',
      mode: 'tax_inclusive',
    });
  });
});
