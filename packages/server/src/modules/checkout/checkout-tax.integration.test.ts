import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAID_A,
  PAID_B,
  createCheckoutKit,
  infoBody,
  methodSubmit,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox, type ServerWithSandbox } from '../../test-support/checkout-server.js';
import type { TestClient } from '../../test-support/test-client.js';
import { createStripeTaxProvider } from '../tax/stripe-tax/stripe-tax-provider.js';
import { CHECKOUT_PATHS } from './checkout.routes.js';

// Tax at checkout (issue 17): US combined local rates, Canada's separate taxes, business
// buyers' reverse charge, and an external tax service that is down.

const { info: INFO, submit: SUBMIT } = CHECKOUT_PATHS;
let main: ServerWithSandbox;
const kit = createCheckoutKit(() => main.server);

beforeAll(async () => {
  main = await startServerWithSandbox({ webhookSecret: 'whsec_tax_test' });
});
afterAll(() => main.close());

type Billing = { country_code: string; secondary_location_info?: string | null; tax_number?: string | null };

/** Buys `ids` by card at `billing`; answers the order row with its tax columns. */
async function buyByCard(client: TestClient, userId: number, ids: number[], billing: Billing) {
  const info = await client.post(INFO, infoBody(ids, billing));
  expect(info.statusCode).toBe(200);
  const card = info.data.data.checkout_config.payment_methods.find(
    (method: { type: string }) => method.type === 'card',
  );
  const submitted = await client.post(
    SUBMIT,
    methodSubmit(
      ids,
      { method_id: card.method_id, vendor: card.vendor, type: 'card' },
      { payment_method_id: 'pm_card_visa' },
      billing as never,
    ),
  );
  expect(submitted.data.status, JSON.stringify(submitted.data)).toBe('succeeded');
  const [order] = rowsOf<{
    id: number;
    tax_amount: string;
    tax_lines: unknown;
    tax_note: string | null;
    tax_number: string | null;
  }>(
    await main.server.db.execute(
      sql`select id, tax_amount, tax_lines, tax_note, tax_number from orders where user_id = ${userId} order by id desc limit 1`,
    ),
  );
  return { summary: info.data.data.order_summary, order: order! };
}

async function invoiceText(client: TestClient, orderId: number) {
  const response = await client.get(`/api-2.0/purchase-documents/order/${orderId}/`);
  expect(response.statusCode).toBe(200);
  const proxy = await getDocumentProxy(new Uint8Array(response.rawPayload));
  return (await extractText(proxy, { mergePages: true })).text;
}

describe('tax at checkout', () => {
  it('US: the combined state and city rate of the ZIP, each tax rounded on its own, one summary row', async () => {
    const { client, id } = await kit.newBuyer('US');
    const response = await client.post(
      INFO,
      infoBody([PAID_A, PAID_B], { country_code: 'US', secondary_location_info: '98101' }),
    );
    const { tax_config: tax, order_summary: summary } = response.data.data;
    expect(tax).toMatchObject({ tax_rate: 10.55, tax_breakdown_type: 'tax_exclusive', error: null });
    const subtotal = summary.subtotal.amount;
    const state = Math.round((subtotal * 6.5) / 100);
    const city = Math.round((subtotal * 4.05) / 100);
    expect(tax.total_tax_amount).toBe(state + city);
    expect(summary.total.amount).toBe(subtotal + state + city);
    // The US summary shows the combined rate as one row.
    expect(summary.tax_lines).toEqual([
      expect.objectContaining({
        name: 'Tax',
        rate: 10.55,
        amount: expect.objectContaining({ amount: state + city }),
      }),
    ]);
    const { order } = await buyByCard(client, id, [PAID_A, PAID_B], {
      country_code: 'US',
      secondary_location_info: '98101-1234',
    });
    expect(order.tax_lines).toEqual([
      { name: 'State sales tax', jurisdiction: 'US-WA', ratePercent: 6.5, amount: state },
      { name: 'City sales tax', jurisdiction: 'US-WA-SEATTLE', ratePercent: 4.05, amount: city },
    ]);
    const text = await invoiceText(client, order.id);
    expect(text).toContain('State sales tax 6.5%');
    expect(text).toContain('City sales tax 4.05%');
  });

  it('Canada (Québec): GST and QST as separate lines on the summary, the order and the invoice', async () => {
    const { client, id } = await kit.newBuyer('CA');
    const billing = { country_code: 'CA', secondary_location_info: 'QC' };
    const response = await client.post(INFO, infoBody([PAID_A], billing));
    const { tax_config: tax, order_summary: summary } = response.data.data;
    expect(tax).toMatchObject({ tax_rate: 14.975, currency: 'CAD', tax_breakdown_type: 'tax_exclusive' });
    const subtotal = summary.subtotal.amount;
    const gst = Math.round((subtotal * 5) / 100);
    const qst = Math.round((subtotal * 9.975) / 100);
    expect(
      summary.tax_lines.map((line: { name: string; rate: number; amount: { amount: number } }) => [
        line.name,
        line.rate,
        line.amount.amount,
      ]),
    ).toEqual([
      ['GST', 5, gst],
      ['QST', 9.975, qst],
    ]);
    expect(summary.tax.amount).toBe(gst + qst);
    const { order } = await buyByCard(client, id, [PAID_A], billing);
    expect(Number(order.tax_amount)).toBe(gst + qst);
    const text = await invoiceText(client, order.id);
    expect(text).toMatch(/GST 5% on CA\$\d+\.\d\d CA\$\d+\.\d\d/);
    expect(text).toContain('QST 9.975%');
  });

  it('a business buyer in France with a valid VAT number is reverse-charged: 0% and the legal note', async () => {
    const { client, id } = await kit.newBuyer('FR');
    const consumer = await client.post(INFO, infoBody([PAID_A], { country_code: 'FR' }));
    expect(consumer.data.data.tax_config.tax_rate).toBe(20);
    const billing = { country_code: 'FR', tax_number: 'fr 40 303 265 045' };
    const business = await client.post(INFO, infoBody([PAID_A], billing as never));
    const summary = business.data.data.order_summary;
    expect(business.data.data.tax_config.tax_rate).toBe(0);
    expect(summary.tax.amount).toBe(0);
    expect(summary.tax_note).toMatch(/Reverse charge/);
    // Tax-inclusive prices: the business pays the price without the French VAT in it.
    expect(summary.total.amount).toBe(consumer.data.data.order_summary.total.amount);
    const { order } = await buyByCard(client, id, [PAID_A], billing);
    expect(Number(order.tax_amount)).toBe(0);
    expect(order.tax_number).toBe('FR40303265045');
    expect(order.tax_note).toMatch(/Article 196/);
    const text = await invoiceText(client, order.id);
    expect(text).toContain('FR40303265045');
    expect(text).toContain('Reverse charge');
  });

  it('an invalid VAT number is a 400 on its field, and nothing is bought', async () => {
    const { client, id } = await kit.newBuyer('DE');
    const billing = { country_code: 'DE', tax_number: 'DE136695977' };
    const info = await client.post(INFO, infoBody([PAID_A], billing as never));
    expect(info.statusCode).toBe(400);
    expect(info.data.field_errors['billing_address.tax_number'][0]).toMatch(/valid VAT number for Germany/);
    const submit = await client.post(
      SUBMIT,
      methodSubmit(
        [PAID_A],
        { method_id: 2, vendor: 'CardToken', type: 'card' },
        { payment_method_id: 'pm_card_visa' },
        billing as never,
      ),
    );
    expect(submit.statusCode).toBe(400);
    expect(await kit.orderCount(id)).toBe(0);
  });
});

describe('an external tax service that does not answer', () => {
  let silent: Server;
  let down: ServerWithSandbox;
  const downKit = createCheckoutKit(() => down.server);

  beforeAll(async () => {
    // Accepts connections and never answers: the provider's timeout decides.
    silent = createHttpServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    down = await startServerWithSandbox({
      webhookSecret: 'whsec_tax_down',
      server: {
        taxProvider: createStripeTaxProvider({
          baseUrl: `http://127.0.0.1:${port}`,
          apiKey: 'sk_test_tax',
          timeoutMs: 200,
        }),
      },
    });
  });
  afterAll(async () => {
    await down.close();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('checkout refuses with missing_tax_config: never a silent 0%, nothing charged', async () => {
    const { client, id } = await downKit.newBuyer('US');
    const billing = { country_code: 'US', secondary_location_info: '98101' };
    const info = await client.post(INFO, infoBody([PAID_A], billing));
    expect(info.statusCode).toBe(503);
    expect(info.data).toMatchObject({ code: 'missing_tax_config', detail: CHECKOUT_MESSAGES.taxUnavailable });
    const submit = await client.post(
      SUBMIT,
      methodSubmit(
        [PAID_A],
        { method_id: 2, vendor: 'CardToken', type: 'card' },
        { payment_method_id: 'pm_card_visa' },
        billing,
      ),
    );
    expect(submit.statusCode).toBe(503);
    expect(submit.data.code).toBe('missing_tax_config');
    expect(await downKit.orderCount(id)).toBe(0);
    const [attempts] = rowsOf<{ n: number }>(
      await down.server.db.execute(
        sql`select count(*)::int as n from payment_attempts where user_id = ${id}`,
      ),
    );
    expect(Number(attempts!.n)).toBe(0);
  });
});
