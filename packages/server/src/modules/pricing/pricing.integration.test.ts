import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const PRICING = '/api-2.0/pricing/';
const ALL_FIELDS = 'price,discount_price,list_price,price_detail,price_serve_tracking_id';

describe('GET /api-2.0/pricing/', () => {
  it('keys up to 10 courses by id, with every field by default', async () => {
    const response = await createTestClient(server.app).get(`${PRICING}?course_ids=1,2,3,4,5,6,7,8,9,10`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.data.courses)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const price = { amount: 2999, currency: 'USD', price_string: '$29.99' };
    expect(response.data.courses['2']).toEqual({
      price,
      discount_price: null,
      list_price: price,
      price_detail: { list_price: price, discount_percent: 0, discount_code: null },
      price_serve_tracking_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    });
    expect(response.data.courses['5'].price).toEqual({ amount: 0, currency: 'USD', price_string: 'Free' });
    const trackingIds = new Set(
      Object.values(response.data.courses).map(
        (c) => (c as { price_serve_tracking_id: string }).price_serve_tracking_id,
      ),
    );
    expect(trackingIds.size).toBe(1);
    const again = await createTestClient(server.app).get(`${PRICING}?course_ids=2`);
    expect(again.data.courses['2'].price_serve_tracking_id).not.toBe([...trackingIds][0]);
  });

  it('returns only the requested fields', async () => {
    const response = await createTestClient(server.app).get(
      `${PRICING}?course_ids=2,3&fields[pricing_result]=price,list_price`,
    );
    expect(response.data.courses['3']).toEqual({
      price: { amount: 4999, currency: 'USD', price_string: '$49.99' },
      list_price: { amount: 4999, currency: 'USD', price_string: '$49.99' },
    });
  });

  it('refuses more than 10 ids, malformed ids and unknown fields', async () => {
    const client = createTestClient(server.app);
    const tooMany = await client.get(`${PRICING}?course_ids=1,2,3,4,5,6,7,8,9,10,11`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.data.field_errors).toEqual({ course_ids: ['Send at most 10 course ids.'] });
    for (const ids of ['1,x', '0', '-3', '1,,2', '1.5']) {
      const bad = await client.get(`${PRICING}?course_ids=${ids}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.data.field_errors.course_ids).toEqual([
        'course_ids must be positive integers separated by commas.',
      ]);
    }
    const missing = await client.get(PRICING);
    expect(missing.data.field_errors.course_ids).toEqual([
      'course_ids is required: a comma-separated list of course ids.',
    ]);
    const field = await client.get(`${PRICING}?course_ids=1&fields[pricing_result]=price,cost`);
    expect(field.statusCode).toBe(400);
    expect(field.data.field_errors['fields[pricing_result]'][0]).toMatch(/^Unknown field "cost"/);
  });

  it('leaves out unknown and unpublished courses', async () => {
    const response = await createTestClient(server.app).get(`${PRICING}?course_ids=2,9999`);
    expect(Object.keys(response.data.courses)).toEqual(['2']);
  });

  it('prices in yen without decimals for Japan', async () => {
    const client = createTestClient(server.app);
    client.jar.set('price_country', 'JP');
    const { data } = await client.get(`${PRICING}?course_ids=2&fields[pricing_result]=price`);
    expect(data.courses['2'].price).toEqual({ amount: 4500, currency: 'JPY', price_string: '¥4,500' });
  });

  it('prices in euros for Germany, formatted for the locale', async () => {
    const client = createTestClient(server.app);
    client.jar.set('price_country', 'DE');
    const english = await client.get(`${PRICING}?course_ids=2&fields[pricing_result]=${ALL_FIELDS}`);
    expect(english.data.courses['2'].price).toEqual({
      amount: 2799,
      currency: 'EUR',
      price_string: '€27.99',
    });
    const german = await client.get(`${PRICING}?course_ids=2&fields[pricing_result]=price`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(german.data.courses['2'].price.price_string).toBe('27,99\u00a0€');
  });
});
