import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TaxServiceUnavailableError, type TaxLocation } from '../tax-provider.js';
import { createStripeTaxProvider, ONLINE_COURSE_TAX_CODE } from './stripe-tax-provider.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

// A local stand-in for the tax service: each test says how it answers; every request is kept.
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: (response: ServerResponse, request: Received) => void;

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(body),
      };
      received.push(entry);
      answer(response, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
});

const provider = (options: { timeoutMs?: number; now?: () => number } = {}) =>
  createStripeTaxProvider({ baseUrl: `${baseUrl}/`, apiKey: 'sk_test_tax', timeoutMs: 2000, ...options });
const NOW = new Date('2026-06-01T12:00:00Z');

const topLevel = (
  percentage: string,
  taxType: string | null,
  options: { state?: string | null; reason?: string; inclusive?: boolean; country?: string } = {},
) => ({
  amount: Math.round(Number(percentage) * 1000),
  inclusive: options.inclusive ?? false,
  taxable_amount: 100_000,
  taxability_reason: options.reason ?? 'standard_rated',
  tax_rate_details: {
    country: options.country ?? 'US',
    flat_amount: null,
    percentage_decimal: percentage,
    rate_type: 'percentage',
    state: options.state ?? null,
    tax_type: taxType,
  },
});
const jurisdictionLine = (
  level: string,
  name: string,
  state: string | null,
  rate: { percentage: string; taxType: string; displayName: string } | null,
  options: { reason?: string; country?: string } = {},
) => ({
  amount: rate ? Math.round(Number(rate.percentage) * 1000) : 0,
  jurisdiction: { country: options.country ?? 'US', display_name: name, level, state },
  sourcing: 'destination',
  tax_rate_details: rate
    ? { display_name: rate.displayName, percentage_decimal: rate.percentage, tax_type: rate.taxType }
    : null,
  taxability_reason: options.reason ?? 'standard_rated',
  taxable_amount: rate ? 100_000 : 0,
});
const calculation = (taxBreakdown: unknown[], lineBreakdown?: unknown[]) => ({
  id: 'taxcalc_test_1',
  object: 'tax.calculation',
  amount_total: 110_350,
  currency: 'usd',
  customer: null,
  expires_at: 1_900_000_000,
  livemode: false,
  tax_amount_exclusive: 10_350,
  tax_amount_inclusive: 0,
  tax_breakdown: taxBreakdown,
  tax_date: 1_780_315_200,
  ...(lineBreakdown
    ? {
        line_items: {
          object: 'list',
          has_more: false,
          url: '/v1/tax/calculations/taxcalc_test_1/line_items',
          data: [
            {
              id: 'tax_li_1',
              object: 'tax.calculation_line_item',
              reference: 'course',
              tax_breakdown: lineBreakdown,
            },
          ],
        },
      }
    : {}),
});

const sales = (percentage: string) => ({
  percentage,
  taxType: 'sales_tax',
  displayName: 'Sales and Use Tax',
});

const SEATTLE = calculation(
  [topLevel('10.35', 'sales_tax', { state: 'WA' })],
  [
    jurisdictionLine('state', 'Washington', 'WA', sales('6.5')),
    jurisdictionLine('county', 'KING', 'WA', null, { reason: 'not_subject_to_tax' }),
    jurisdictionLine('city', 'SEATTLE', 'WA', sales('2.45')),
    jurisdictionLine('district', 'Regional Transit Authority', 'WA', sales('1.4')),
  ],
);

describe('the Stripe Tax provider', () => {
  it('asks for one course line at the buyer address, form-encoded with the bearer key', async () => {
    answer = json(200, SEATTLE);
    await provider().determine({ country: 'us', secondaryLocation: '981011234' }, NOW);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/tax/calculations');
    expect(request!.headers.authorization).toBe('Bearer sk_test_tax');
    expect(request!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).toEqual({
      currency: 'usd',
      'line_items[0][amount]': '100000',
      'line_items[0][reference]': 'course',
      'line_items[0][tax_code]': ONLINE_COURSE_TAX_CODE,
      'line_items[0][tax_behavior]': 'exclusive',
      'customer_details[address][country]': 'US',
      'customer_details[address][postal_code]': '98101-1234',
      'customer_details[address_source]': 'billing',
      tax_date: String(NOW.getTime() / 1000),
      'expand[0]': 'line_items',
    });
  });

  it('a US ZIP: one component per levied jurisdiction, adding up exactly', async () => {
    answer = json(200, SEATTLE);
    expect(await provider().determine({ country: 'US', secondaryLocation: '98101' }, NOW)).toEqual({
      ok: true,
      ratePercent: 10.35,
      mode: 'tax_exclusive',
      jurisdiction: 'US-WA',
      source: 'Stripe Tax calculation taxcalc_test_1',
      components: [
        {
          name: 'Sales tax',
          jurisdiction: 'US-WA',
          ratePercent: 6.5,
          source: 'Stripe Tax calculation taxcalc_test_1',
        },
        {
          name: 'Sales tax',
          jurisdiction: 'US-WA-SEATTLE',
          ratePercent: 2.45,
          source: 'Stripe Tax calculation taxcalc_test_1',
        },
        {
          name: 'Sales tax',
          jurisdiction: 'US-WA-REGIONAL-TRANSIT-AUTHORITY',
          ratePercent: 1.4,
          source: 'Stripe Tax calculation taxcalc_test_1',
        },
      ],
      reverseCharge: null,
    });
  });

  it("Quebec: GST and QST as two components; the province is sent as the address's state", async () => {
    answer = json(
      200,
      calculation(
        [topLevel('5.0', 'gst', { country: 'CA' }), topLevel('9.975', 'qst', { country: 'CA', state: 'QC' })],
        [
          jurisdictionLine(
            'country',
            'Canada',
            null,
            { percentage: '5.0', taxType: 'gst', displayName: 'GST' },
            { country: 'CA' },
          ),
          jurisdictionLine(
            'state',
            'Quebec',
            'QC',
            { percentage: '9.975', taxType: 'qst', displayName: 'QST' },
            { country: 'CA' },
          ),
        ],
      ),
    );
    const found = await provider().determine({ country: 'CA', secondaryLocation: 'qc' }, NOW);
    expect(received[0]!.form.get('customer_details[address][state]')).toBe('QC');
    expect(received[0]!.form.get('customer_details[address][postal_code]')).toBeNull();
    expect(found).toMatchObject({
      ok: true,
      ratePercent: 14.975,
      mode: 'tax_exclusive',
      jurisdiction: 'CA-QC',
      components: [
        { name: 'GST', jurisdiction: 'CA', ratePercent: 5 },
        { name: 'QST', jurisdiction: 'CA-QC', ratePercent: 9.975 },
      ],
    });
  });

  it('without expanded line items, one component per entry of the breakdown', async () => {
    answer = json(
      200,
      calculation([
        topLevel('5.0', 'gst', { country: 'CA' }),
        topLevel('9.975', 'qst', { country: 'CA', state: 'QC' }),
      ]),
    );
    const found = await provider().determine({ country: 'CA', secondaryLocation: 'QC' }, NOW);
    expect(found).toMatchObject({
      ratePercent: 14.975,
      components: [
        { name: 'GST', jurisdiction: 'CA', ratePercent: 5 },
        { name: 'QST', jurisdiction: 'CA-QC', ratePercent: 9.975 },
      ],
    });
  });

  it("a business buyer's VAT number: sent as eu_vat; reverse_charge is 0% with the EU note", async () => {
    answer = json(
      200,
      calculation(
        [topLevel('0.0', 'vat', { country: 'DE', reason: 'reverse_charge', inclusive: true })],
        [
          jurisdictionLine(
            'country',
            'Germany',
            null,
            { percentage: '0.0', taxType: 'vat', displayName: 'USt.' },
            { country: 'DE', reason: 'reverse_charge' },
          ),
        ],
      ),
    );
    const found = await provider().determine(
      { country: 'DE', secondaryLocation: null, taxNumber: '123456789' },
      NOW,
    );
    expect(Object.fromEntries(received[0]!.form)).toMatchObject({
      'line_items[0][tax_behavior]': 'inclusive',
      'customer_details[tax_ids][0][type]': 'eu_vat',
      'customer_details[tax_ids][0][value]': 'DE123456789',
    });
    expect(found).toEqual({
      ok: true,
      ratePercent: 0,
      mode: 'tax_inclusive',
      jurisdiction: 'DE',
      source: 'Stripe Tax calculation taxcalc_test_1 (reverse_charge)',
      components: [],
      reverseCharge: {
        note: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
      },
    });
  });

  it('an address the service cannot place is the checkout message of the country', async () => {
    answer = json(400, {
      error: {
        type: 'invalid_request_error',
        code: 'customer_tax_location_invalid',
        param: 'customer_details[address]',
        message: "We could not determine the customer's tax location based on the provided customer address.",
      },
    });
    expect(await provider().determine({ country: 'US', secondaryLocation: '00000' }, NOW)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.invalidZip,
    });
    expect(await provider().determine({ country: 'CA', secondaryLocation: 'NU' }, NOW)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.selectProvince,
    });
  });

  it('a location the domain already refuses is answered without asking', async () => {
    expect(await provider().determine({ country: 'US', secondaryLocation: '981' }, NOW)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.invalidZip,
    });
    expect(received).toHaveLength(0);
  });

  describe('a service that cannot answer throws TaxServiceUnavailableError', () => {
    const unavailable = async (location: TaxLocation = { country: 'DE', secondaryLocation: null }) => {
      const error = await provider({ timeoutMs: 200 })
        .determine(location, NOW)
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(error).toBeInstanceOf(TaxServiceUnavailableError);
      return (error as Error).message;
    };

    it('a timeout, quickly', async () => {
      answer = () => {}; // never answers
      const started = performance.now();
      expect(await unavailable()).toBe('Stripe Tax did not answer within 200 ms');
      expect(performance.now() - started).toBeLessThan(1500);
    });

    it('5xx, 401 and 429', async () => {
      answer = json(500, { error: { type: 'api_error', message: 'Something went wrong.' } });
      expect(await unavailable()).toBe('Stripe Tax answered HTTP 500: Something went wrong.');
      answer = json(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***tax' },
      });
      expect(await unavailable()).toMatch(/^Stripe Tax answered HTTP 401: Invalid API Key/);
      answer = json(429, {
        error: { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests.' },
      });
      expect(await unavailable()).toBe('Stripe Tax answered HTTP 429 (rate_limit): Too many requests.');
    });

    it('another 400 (a request the service refuses) is no answer either', async () => {
      answer = json(400, {
        error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid tax_date.' },
      });
      expect(await unavailable()).toBe('Stripe Tax answered HTTP 400 (parameter_invalid): Invalid tax_date.');
    });

    it('a body that is not JSON, or not a tax calculation', async () => {
      answer = json(200, '<html>Bad gateway</html>');
      expect(await unavailable()).toMatch(/^Stripe Tax answered HTTP 200 with a body that is not JSON/);
      answer = json(200, {
        ...SEATTLE,
        tax_breakdown: [
          { ...topLevel('10.35', 'sales_tax'), tax_rate_details: { percentage_decimal: 10.35 } },
        ],
      });
      expect(await unavailable({ country: 'US', secondaryLocation: '98101' })).toMatch(
        /^Stripe Tax answered a malformed calculation: tax_breakdown\.0\.tax_rate_details\./,
      );
      answer = json(200, { object: 'list', data: [] });
      expect(await unavailable()).toMatch(/^Stripe Tax answered a malformed calculation: /);
    });

    it('a tax on top of a price sent tax-inclusive', async () => {
      answer = json(200, calculation([topLevel('19.0', 'vat', { country: 'DE', inclusive: false })]));
      expect(await unavailable()).toMatch(/tax on top of the price, which was sent tax-inclusive/);
    });

    it('a service that is not there', async () => {
      const closed = createStripeTaxProvider({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 1000 });
      await expect(closed.determine({ country: 'DE', secondaryLocation: null }, NOW)).rejects.toThrow(
        /^Stripe Tax could not be reached: /,
      );
    });
  });

  it('reuses an answer for the same place and day for a few minutes; failures are asked again', async () => {
    let clock = 0;
    const cached = provider({ now: () => clock });
    answer = json(200, SEATTLE);
    const seattle = { country: 'US', secondaryLocation: '98101' };
    await Promise.all([cached.determine(seattle, NOW), cached.determine(seattle, NOW)]);
    await cached.determine({ ...seattle, secondaryLocation: ' 98101 ' }, NOW);
    expect(received).toHaveLength(1);
    await cached.determine(seattle, new Date('2026-06-02T12:00:00Z'));
    expect(received).toHaveLength(2);
    clock += 5 * 60 * 1000;
    await cached.determine(seattle, NOW);
    expect(received).toHaveLength(3);

    answer = json(503, { error: { type: 'api_error', message: 'down' } });
    const berlin = { country: 'DE', secondaryLocation: null };
    await expect(cached.determine(berlin, NOW)).rejects.toBeInstanceOf(TaxServiceUnavailableError);
    answer = json(200, calculation([topLevel('19.0', 'vat', { country: 'DE', inclusive: true })]));
    expect(await cached.determine(berlin, NOW)).toMatchObject({
      ok: true,
      ratePercent: 19,
      components: [{ name: 'VAT' }],
    });
    expect(received).toHaveLength(5);
  });
});
