// Subscription tax (issue 17): a renewal after a rate change pays the new rate; an organization
// with a valid VAT number abroad is reverse-charged.
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox, type ServerWithSandbox } from '../../test-support/checkout-server.js';
import { planItem, seattleBilling, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { WORLD_TAX_RATES, type TaxRateRow } from '../tax/rates/world-tax-rates.js';
import { createTableTaxProvider } from '../tax/table-tax-provider.js';

const DAY = 86_400_000;
const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);
// Québec's QST rises from 9.975% to 11% a week from now: after the purchase, before the trial ends.
const CHANGE = Date.now() + 7 * DAY;
const QUEBEC: TaxRateRow[] = [
  {
    country: 'CA',
    region: 'QC',
    name: 'GST',
    jurisdiction: 'CA',
    ratePercent: 5,
    validFrom: '2023-01-01',
    validTo: null,
    source: 'test',
  },
  {
    country: 'CA',
    region: 'QC',
    name: 'QST',
    jurisdiction: 'CA-QC',
    ratePercent: 9.975,
    validFrom: '2023-01-01',
    validTo: dayText(CHANGE - DAY),
    source: 'test',
  },
  {
    country: 'CA',
    region: 'QC',
    name: 'QST',
    jurisdiction: 'CA-QC',
    ratePercent: 11,
    validFrom: dayText(CHANGE),
    validTo: null,
    source: 'test',
  },
];

let main: ServerWithSandbox;
const { newBuyer } = createCheckoutKit(() => main.server);

beforeAll(async () => {
  main = await startServerWithSandbox({
    webhookSecret: 'whsec_subscription_tax',
    server: {
      taxProvider: createTableTaxProvider({
        rates: [
          ...WORLD_TAX_RATES.filter((row) => !(row.country === 'CA' && row.region === 'QC')),
          ...QUEBEC,
        ],
        registrations: { sellerCountry: 'US', registeredIn: 'all' },
      }),
    },
  });
});
afterAll(() => main.close());

async function teamTrial(billing: Record<string, string>, card: string) {
  const owner = await newBuyer(billing.country_code);
  const signUp = await owner.client.post('/api-2.0/business/sign-up/', { organization_name: 'Initech' });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const started = await owner.client.post(
    '/payment/checkout-submit/',
    subscriptionSubmit('Submit', [planItem('team-monthly', 5)], card, {
      billing_address: seattleBilling(billing),
    }),
  );
  expect(started.data, started.body).toMatchObject({ status: 'succeeded' });
  const [enrollment] = rowsOf<{
    id: number;
    unit_price: string;
    tax_rate: string;
    trial_end: Date;
    currency: string;
  }>(
    await main.server.db.execute(
      sql`select id, unit_price, tax_rate, trial_end, currency from subscription_enrollments
          where subscriber_type = 'organization' and created_by = ${owner.id} order by id desc limit 1`,
    ),
  );
  return { ...owner, enrollment: enrollment! };
}

describe('subscription tax', () => {
  it('a renewal after a rate change is charged at the new rate, GST and QST each rounded and on the invoice', async () => {
    const owner = await teamTrial({ country_code: 'CA', secondary_location_info: 'QC' }, 'pm_card_amex');
    expect(Number(owner.enrollment.tax_rate)).toBe(14.975);
    expect(owner.enrollment.currency).toBe('CAD');
    const trialEnd = new Date(owner.enrollment.trial_end).getTime();
    expect(trialEnd).toBeGreaterThan(CHANGE);
    const moved = await owner.client.post(DEV_CLOCK_PATH, {
      advance_to: new Date(trialEnd + 60_000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Cast: PostgreSQL answers bigint columns as text.
    const [charge] = rowsOf<{
      id: number;
      amount: number;
      tax_amount: number;
      status: string;
      tax_lines: unknown;
    }>(
      await main.server.db.execute(
        sql`select id, amount::int as amount, tax_amount::int as tax_amount, status, tax_lines
            from subscription_charges where enrollment_id = ${owner.enrollment.id}`,
      ),
    );
    const price = Number(owner.enrollment.unit_price) * 5;
    const gst = Math.round((price * 5) / 100);
    const qst = Math.round((price * 11) / 100);
    expect(charge).toMatchObject({ status: 'succeeded', tax_amount: gst + qst, amount: price + gst + qst });
    expect(charge!.tax_lines).toEqual([
      { name: 'GST', jurisdiction: 'CA', ratePercent: 5, amount: gst },
      { name: 'QST', jurisdiction: 'CA-QC', ratePercent: 11, amount: qst },
    ]);
    // The organization's invoice states each tax.
    const invoice = await owner.client.get(`/api-2.0/purchase-documents/subscription_charge/${charge!.id}/`);
    expect(invoice.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(invoice.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('GST 5%');
    expect(text).toContain('QST 11%');
  });

  it('an organization in Germany with a valid VAT number is reverse-charged; an invalid number is refused', async () => {
    const refused = await newBuyer('DE');
    await refused.client.post('/api-2.0/business/sign-up/', { organization_name: 'Globex GmbH' });
    const invalid = await refused.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('team-monthly', 5)], 'pm_card_visa', {
        billing_address: seattleBilling({
          country_code: 'DE',
          secondary_location_info: '',
          tax_number: 'DE136695977',
        }),
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.data.field_errors)).toMatch(/valid VAT number for Germany/);

    const owner = await teamTrial(
      { country_code: 'DE', secondary_location_info: '', tax_number: 'DE 136 695 976' },
      'pm_card_visa',
    );
    expect(Number(owner.enrollment.tax_rate)).toBe(0);
    const [profile] = rowsOf<{ tax_number: string }>(
      await main.server.db.execute(
        sql`select tax_number from subscription_billing_profiles where subscriber_type = 'organization'
            order by billing_updated_at desc nulls last limit 1`,
      ),
    );
    expect(profile!.tax_number).toBe('DE136695976');

    // Its first charge, at the trial's end: 0% tax, the legal note and its number on the invoice.
    const trialEnd = new Date(owner.enrollment.trial_end).getTime();
    const moved = await owner.client.post(DEV_CLOCK_PATH, {
      advance_to: new Date(trialEnd + 60_000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [charge] = rowsOf<{ id: number; tax_amount: number; tax_note: string | null }>(
      await main.server.db.execute(
        sql`select id, tax_amount::int as tax_amount, tax_note from subscription_charges
            where enrollment_id = ${owner.enrollment.id}`,
      ),
    );
    expect(charge).toMatchObject({ tax_amount: 0, tax_note: expect.stringMatching(/Article 196/) });
    const invoice = await owner.client.get(`/api-2.0/purchase-documents/subscription_charge/${charge!.id}/`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(invoice.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Reverse charge');
    expect(text).toContain('DE136695976');
  });
});
