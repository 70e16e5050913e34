import { BILLING_COUNTRIES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import {
  ratesInForce,
  WORLD_TAX_RATES,
  WORLD_TAX_RATES_CHECKED_ON,
  type TaxRateRow,
} from './world-tax-rates.js';

const rows = WORLD_TAX_RATES;
const TODAY = '2026-11-26';
const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The combined rate (sum of the components) for 'FR' or 'CA-QC' on `day`. */
const combined = (key: string, day: string): number => {
  const [country = '', region = null] = key.split('-');
  const sum = ratesInForce(rows, country, region, day).reduce((total, r) => total + r.ratePercent, 0);
  return Math.round(sum * 1000) / 1000;
};

const label = (r: TaxRateRow) => `${r.country}${r.region ? `-${r.region}` : ''} ${r.name} ${r.validFrom}`;

/** Combined rates on 2026-11-26; every other country (except US) is 0. */
// prettier-ignore
const EXPECTED_NOW: Record<string, number> = {
  // EU and territories in the EU / Finnish VAT area
  AT: 20, BE: 21, BG: 20, HR: 25, CY: 19, CZ: 21, DK: 25, EE: 24, FI: 25.5, FR: 20, DE: 19, GR: 24, HU: 27, IE: 23,
  IT: 22, LV: 21, LT: 21, LU: 17, MT: 18, NL: 21, PL: 23, PT: 23, RO: 21, SK: 23, SI: 22, ES: 21, SE: 25, MC: 20, AX: 25.5,
  // Rest of Europe
  GB: 20, IM: 20, JE: 5, NO: 25, IS: 24, CH: 8.1, LI: 8.1, AL: 20, RS: 20, MK: 18, ME: 21, MD: 20, UA: 20, BY: 20, RU: 22,
  // Caucasus, Central Asia, Middle East, North Africa
  AM: 20, GE: 18, AZ: 18, KZ: 16, UZ: 12, KG: 12, TJ: 14, TR: 20, SA: 15, AE: 5, BH: 10, OM: 5, EG: 14, MA: 20,
  // Sub-Saharan Africa
  ZA: 15, KE: 16, NG: 7.5, GH: 20, TZ: 18, UG: 18, RW: 18, ZM: 16, ZW: 15.5, CM: 19.25, CI: 18, BJ: 18, ET: 15, MU: 15,
  // Asia and Oceania
  IN: 18, BD: 15, NP: 2, LK: 18, JP: 10, KR: 10, TW: 5, SG: 9, MY: 8, TH: 7, VN: 5, PH: 12, ID: 11, KH: 10, AU: 10, NZ: 15,
  // Canada, by province
  'CA-AB': 5, 'CA-BC': 12, 'CA-MB': 12, 'CA-NB': 15, 'CA-NL': 15, 'CA-NS': 14, 'CA-NT': 5, 'CA-NU': 5, 'CA-ON': 13,
  'CA-PE': 15, 'CA-QC': 14.975, 'CA-SK': 11, 'CA-YT': 5,
  // Latin America and the Caribbean
  MX: 16, CO: 19, CL: 19, UY: 22, PY: 10, CR: 13, EC: 15, PE: 18, BB: 17.5, BS: 10, GP: 8.5, MQ: 8.5, RE: 8.5,
};

describe('WORLD_TAX_RATES rows', () => {
  it.each(rows.map((r) => [label(r), r] as const))('%s is found on its own days', (_, r) => {
    expect(ratesInForce(rows, r.country, r.region, r.validFrom)).toContain(r);
    if (r.validTo !== null) {
      expect(r.validTo >= r.validFrom).toBe(true);
      expect(ratesInForce(rows, r.country, r.region, r.validTo)).toContain(r);
      const after = ratesInForce(rows, r.country, r.region, nextDay(r.validTo));
      expect(after).not.toContain(r);
      expect(after.filter((other) => other.name === r.name)).toHaveLength(1);
    }
  });

  it.each(rows.map((r) => [label(r), r] as const))('%s is well formed', (_, r) => {
    expect(r.country).toMatch(/^[A-Z]{2}$/);
    expect(r.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (r.validTo !== null) expect(r.validTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.ratePercent).toBeGreaterThanOrEqual(0);
    expect(r.ratePercent).toBeLessThanOrEqual(30);
    expect(r.source.trim()).not.toBe('');
    expect(r.name.trim()).not.toBe('');
    expect(r.jurisdiction.trim()).not.toBe('');
    if (r.ratePercent === 0) expect(r.note?.trim()).toBeTruthy();
    if (r.country === 'CA') expect(PROVINCES).toContain(r.region);
    else expect(r.region).toBeNull();
    if (r.registrationThreshold) {
      expect(r.registrationThreshold.amount).toBeGreaterThan(0);
      expect(r.registrationThreshold.currency).toMatch(/^[A-Z]{3}$/);
      expect(r.registrationThreshold.basis.trim()).not.toBe('');
    }
  });

  it('has no overlapping validity for the same country, region and name', () => {
    const groups = new Map<string, TaxRateRow[]>();
    for (const r of rows) {
      const key = `${r.country}|${r.region}|${r.name}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    for (const [key, group] of groups) {
      const sorted = [...group].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
      for (let i = 1; i < sorted.length; i++) {
        const previous = sorted[i - 1]!;
        expect(previous.validTo, key).not.toBeNull();
        expect(previous.validTo! < sorted[i]!.validFrom, key).toBe(true);
      }
    }
  });

  it('has at most one current row per country, region and name', () => {
    const current = rows.filter((r) => r.validTo === null).map((r) => `${r.country}|${r.region}|${r.name}`);
    expect(new Set(current).size).toBe(current.length);
  });

  it('covers every billing country except the US, and no other code', () => {
    const ids = BILLING_COUNTRIES.map((c) => c.id);
    for (const id of ids) {
      if (id === 'US') continue;
      if (id === 'CA') continue;
      expect(ratesInForce(rows, id, null, TODAY).length, id).toBeGreaterThan(0);
    }
    expect(rows.some((r) => r.country === 'US')).toBe(false);
    expect(rows.every((r) => ids.includes(r.country))).toBe(true);
  });

  it('gives every Canadian province the GST/HST and its provincial component', () => {
    for (const province of PROVINCES) {
      const inForce = ratesInForce(rows, 'CA', province, TODAY);
      const federal = inForce.filter((r) => r.name === 'GST' || r.name === 'HST');
      expect(federal, province).toHaveLength(1);
      if (federal[0]!.name === 'GST') expect(federal[0]!.jurisdiction).toBe('CA');
      else expect(federal[0]!.jurisdiction).toBe(`CA-${province}`);
    }
    expect(ratesInForce(rows, 'CA', null, TODAY)).toEqual([]);
  });

  it('is dated by its check day', () => {
    expect(WORLD_TAX_RATES_CHECKED_ON).toBe(TODAY);
  });
});

describe('rate for the country and date', () => {
  it.each(Object.entries(EXPECTED_NOW))('%s on 2026-11-26 is %s percent', (key, rate) => {
    expect(combined(key, TODAY)).toBe(rate);
  });

  it('is 0% with a reason everywhere else', () => {
    const others = BILLING_COUNTRIES.map((c) => c.id).filter(
      (id) => id !== 'US' && id !== 'CA' && !(id in EXPECTED_NOW),
    );
    for (const id of others) {
      const inForce = ratesInForce(rows, id, null, TODAY);
      expect(combined(id, TODAY), id).toBe(0);
      expect(
        inForce.every((r) => r.note),
        id,
      ).toBe(true);
    }
  });

  it.each([
    ['FI', '2024-08-31', 24],
    ['FI', '2024-09-01', 25.5],
    ['CA-NS', '2025-03-31', 15],
    ['CA-NS', '2025-04-01', 14],
    ['EE', '2023-12-31', 20],
    ['EE', '2024-01-01', 22],
    ['EE', '2025-06-30', 22],
    ['EE', '2025-07-01', 24],
    ['SK', '2024-12-31', 20],
    ['SK', '2025-01-01', 23],
    ['RO', '2025-07-31', 19],
    ['RO', '2025-08-01', 21],
    ['LU', '2023-06-15', 16],
    ['LU', '2024-01-01', 17],
    ['CH', '2023-12-31', 7.7],
    ['CH', '2024-01-01', 8.1],
    ['SG', '2023-12-31', 8],
    ['SG', '2024-01-01', 9],
    ['MY', '2024-02-29', 6],
    ['MY', '2024-03-01', 8],
    ['TR', '2023-07-09', 18],
    ['TR', '2023-07-10', 20],
    ['EC', '2024-03-31', 12],
    ['EC', '2024-04-01', 15],
    ['KZ', '2025-12-31', 12],
    ['KZ', '2026-01-01', 16],
    ['PH', '2025-06-01', 0],
    ['PH', '2025-06-02', 12],
    ['PE', '2024-09-30', 0],
    ['PE', '2024-10-01', 18],
    ['MA', '2023-12-31', 0],
    ['MA', '2024-01-01', 20],
    ['ZW', '2024-12-31', 15],
    ['ZW', '2025-01-01', 15.5],
    ['CA-QC', '2023-01-01', 14.975],
  ])('%s on %s is %s percent', (key, day, rate) => {
    expect(combined(key, day)).toBe(rate);
  });

  it('returns the Canadian components separately, in table order', () => {
    expect(ratesInForce(rows, 'CA', 'QC', TODAY).map((r) => [r.name, r.jurisdiction, r.ratePercent])).toEqual(
      [
        ['GST', 'CA', 5],
        ['QST', 'CA-QC', 9.975],
      ],
    );
    expect(ratesInForce(rows, 'CA', 'BC', TODAY).map((r) => [r.name, r.ratePercent])).toEqual([
      ['GST', 5],
      ['PST', 7],
    ]);
  });

  it('carries thresholds and reverse-charge notes where the law has them', () => {
    const now = (country: string) => ratesInForce(rows, country, null, TODAY)[0]!;
    expect(now('AU').registrationThreshold).toMatchObject({ amount: 75000, currency: 'AUD' });
    expect(now('NZ').registrationThreshold).toMatchObject({ amount: 60000, currency: 'NZD' });
    expect(now('CH').registrationThreshold).toMatchObject({ amount: 100000, currency: 'CHF' });
    expect(now('NO').registrationThreshold).toMatchObject({ amount: 50000, currency: 'NOK' });
    expect(now('JP').registrationThreshold).toMatchObject({ amount: 10000000, currency: 'JPY' });
    expect(ratesInForce(rows, 'CA', 'ON', TODAY)[0]!.registrationThreshold).toMatchObject({ amount: 30000 });
    expect(now('DE').businessReverseChargeNote).toContain('Article 196');
    expect(now('GB').businessReverseChargeNote).toContain('s. 8');
    expect(now('AU').businessReverseChargeNote).toContain('84-5');
    expect(now('DE').registrationThreshold).toBeUndefined();
  });

  it('finds nothing outside the table', () => {
    expect(ratesInForce(rows, 'FR', null, '2022-12-31')).toEqual([]);
    expect(ratesInForce(rows, 'US', null, TODAY)).toEqual([]);
    expect(ratesInForce(rows, 'FR', 'QC', TODAY)).toEqual([]);
  });
});
