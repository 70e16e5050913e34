import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox.js';
import { sandboxApi } from '../testing/sandbox-api.js';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxApi>;

beforeAll(async () => {
  sandbox = await startSandbox();
  api = sandboxApi(sandbox);
});
afterAll(() => sandbox.close());
afterEach(() => api.post('/v1/sandbox/reset'));

const calculation = (
  address: Record<string, string>,
  options: { behavior?: 'exclusive' | 'inclusive'; taxIds?: { type: string; value: string }[] } = {},
) =>
  api.post('/v1/tax/calculations', {
    currency: 'usd',
    line_items: [
      {
        amount: '100000',
        reference: 'course',
        tax_code: 'txcd_20060158',
        tax_behavior: options.behavior ?? 'exclusive',
      },
    ],
    customer_details: {
      address,
      address_source: 'billing',
      ...(options.taxIds ? { tax_ids: options.taxIds } : {}),
    },
    expand: ['line_items'],
  });

describe('POST /v1/tax/calculations (sandbox rates)', () => {
  it("answers a US ZIP in Stripe's shape: one breakdown per state, each jurisdiction on the line", async () => {
    const response = await calculation({ country: 'US', postal_code: '98101' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      object: 'tax.calculation',
      currency: 'usd',
      amount_total: 110_350,
      tax_amount_exclusive: 10_350,
      tax_amount_inclusive: 0,
      livemode: false,
      customer_details: { address: { country: 'US', postal_code: '98101' }, address_source: 'billing' },
      tax_breakdown: [
        {
          amount: 10_350,
          inclusive: false,
          taxable_amount: 100_000,
          taxability_reason: 'standard_rated',
          tax_rate_details: {
            country: 'US',
            state: 'WA',
            percentage_decimal: '10.35',
            tax_type: 'sales_tax',
          },
        },
      ],
    });
    expect(response.body.id).toMatch(/^taxcalc_/);
    const [line] = response.body.line_items.data;
    expect(line).toMatchObject({
      object: 'tax.calculation_line_item',
      reference: 'course',
      amount_tax: 10_350,
    });
    expect(
      line.tax_breakdown.map((entry: { jurisdiction: { level: string; display_name: string } }) => [
        entry.jurisdiction.level,
        entry.jurisdiction.display_name,
      ]),
    ).toEqual([
      ['state', 'Washington'],
      ['city', 'SEATTLE'],
    ]);
  });

  it('Quebec: GST and QST as two breakdown entries', async () => {
    const response = await calculation({ country: 'CA', state: 'QC' });
    expect(response.body.tax_amount_exclusive).toBe(14_975);
    expect(
      response.body.tax_breakdown.map((entry: { tax_rate_details: Record<string, unknown> }) => [
        entry.tax_rate_details.tax_type,
        entry.tax_rate_details.state,
        entry.tax_rate_details.percentage_decimal,
      ]),
    ).toEqual([
      ['gst', null, '5.0'],
      ['qst', 'QC', '9.975'],
    ]);
  });

  it('takes the VAT out of an inclusive price; a VAT number makes it a reverse charge', async () => {
    const consumer = await calculation({ country: 'DE' }, { behavior: 'inclusive' });
    expect(consumer.body).toMatchObject({
      amount_total: 100_000,
      tax_amount_inclusive: 15_966,
      tax_breakdown: [{ inclusive: true, tax_rate_details: { percentage_decimal: '19.0', tax_type: 'vat' } }],
    });
    const business = await calculation(
      { country: 'DE' },
      { behavior: 'inclusive', taxIds: [{ type: 'eu_vat', value: 'DE123456789' }] },
    );
    expect(business.body).toMatchObject({
      tax_amount_inclusive: 0,
      tax_breakdown: [
        { amount: 0, taxability_reason: 'reverse_charge', tax_rate_details: { tax_type: 'vat' } },
      ],
    });
  });

  it('elsewhere the sandbox seller does not collect', async () => {
    const response = await calculation({ country: 'BR' }, { behavior: 'inclusive' });
    expect(response.body.tax_breakdown).toEqual([
      expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting' }),
    ]);
  });

  it('refuses a location it cannot place, and bad parameters, as Stripe does', async () => {
    const unplaceable: Record<string, string>[] = [
      { country: 'US', postal_code: '00000' },
      { country: 'US', postal_code: 'abc' },
      { country: 'CA', state: 'XX' },
      { country: 'IN' },
    ];
    for (const address of unplaceable) {
      const response = await calculation(address);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        type: 'invalid_request_error',
        code: 'customer_tax_location_invalid',
      });
    }
    const missing = await api.post('/v1/tax/calculations', { currency: 'usd' });
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'line_items' });
    const unknown = await api.post('/v1/tax/calculations', {
      currency: 'usd',
      line_items: [{ amount: '100', colour: 'red' }],
    });
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][colour]' });
  });

  it('sandbox faults: a 500 postal code, a hanging one, and the tax_calculations control', async () => {
    expect((await calculation({ country: 'US', postal_code: '99990' })).status).toBe(500);

    await api.post('/v1/sandbox/faults', { hang_ms: '100' });
    await expect(calculation({ country: 'US', postal_code: '99999' })).rejects.toThrow();

    await api.post('/v1/sandbox/faults', { tax_calculations: 'fail', fail_status: '503' });
    expect((await calculation({ country: 'DE' })).status).toBe(503);
    // Payments are not affected.
    expect((await api.post('/v1/customers', { email: 'tax@example.com' })).status).toBe(200);

    await api.post('/v1/sandbox/faults', { tax_calculations: 'normal' });
    expect((await calculation({ country: 'DE' })).status).toBe(200);
  });
});
