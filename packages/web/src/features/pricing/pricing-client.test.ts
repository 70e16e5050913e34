import type { PricingResponse } from '@lectern/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test-utils/fake-server';
import { ApiClient } from '../../platform/api';
import { apiPriceFetcher, PricingClient, type FetchPrices } from './pricing-client';

const usd = (amount: number) => ({ amount, currency: 'USD' as const, price_string: `$${amount / 100}` });

function answerFor(ids: readonly number[]): PricingResponse {
  return {
    courses: Object.fromEntries(
      ids.map((id) => [
        String(id),
        { price: usd(id * 100), list_price: usd(id * 100), discount_price: null },
      ]),
    ),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PricingClient', () => {
  it('waits 250 ms, then asks for every requested course in one batch', async () => {
    const fetchPrices = vi.fn<FetchPrices>(async (ids) => answerFor(ids));
    const client = new PricingClient(fetchPrices);
    client.request(1);
    client.request(2);
    client.request(1);
    expect(client.entry(1)?.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(249);
    expect(fetchPrices).not.toHaveBeenCalled();
    client.request(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPrices).toHaveBeenCalledTimes(1);
    expect(fetchPrices).toHaveBeenCalledWith([1, 2, 3]);
    expect(client.entry(2)).toMatchObject({ status: 'loaded', price: usd(200), discountPrice: null });
  });

  it('splits more than 10 courses into batches of 10', async () => {
    const fetchPrices = vi.fn<FetchPrices>(async (ids) => answerFor(ids));
    const client = new PricingClient(fetchPrices);
    for (let id = 1; id <= 23; id += 1) client.request(id);
    await vi.advanceTimersByTimeAsync(250);
    expect(fetchPrices.mock.calls.map(([ids]) => ids.length)).toEqual([10, 10, 3]);
    expect(client.entry(23)?.status).toBe('loaded');
  });

  it('marks the courses of a failed batch as error, and only those', async () => {
    const fetchPrices = vi.fn<FetchPrices>(async (ids) => {
      if (ids.includes(11)) throw new Error('boom');
      return answerFor(ids);
    });
    const onError = vi.fn();
    const client = new PricingClient(fetchPrices, { onError });
    for (let id = 1; id <= 12; id += 1) client.request(id);
    await vi.advanceTimersByTimeAsync(250);
    expect(client.entry(10)?.status).toBe('loaded');
    expect(client.entry(11)?.status).toBe('error');
    expect(client.entry(12)?.status).toBe('error');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('marks a course the answer leaves out as error and can retry it', async () => {
    const fetchPrices = vi
      .fn<FetchPrices>()
      .mockResolvedValueOnce({ courses: {} })
      .mockImplementation(async (ids) => answerFor(ids));
    const client = new PricingClient(fetchPrices);
    client.request(5);
    await vi.advanceTimersByTimeAsync(250);
    expect(client.entry(5)?.status).toBe('error');
    client.request(5);
    await vi.advanceTimersByTimeAsync(250);
    expect(fetchPrices).toHaveBeenCalledTimes(1);
    client.retry(5);
    expect(client.entry(5)?.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(250);
    expect(client.entry(5)?.status).toBe('loaded');
  });

  it('tells subscribers about changes and drops answers that arrive after clear()', async () => {
    let resolve: (value: PricingResponse) => void = () => {};
    const client = new PricingClient(() => new Promise((done) => (resolve = done)));
    const listener = vi.fn();
    client.subscribe(listener);
    client.request(1);
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(250);
    client.clear();
    resolve(answerFor([1]));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.entry(1)).toBeUndefined();
  });
});

describe('apiPriceFetcher', () => {
  it('asks the pricing endpoint for the ids and the price fields', async () => {
    vi.useRealTimers();
    const { fetch, requests } = fakeServer({ 'GET /api-2.0/pricing/': json(answerFor([1, 2])) });
    const fetchPrices = apiPriceFetcher(new ApiClient({ fetch, cookies: () => '' }));
    await expect(fetchPrices([1, 2])).resolves.toEqual(answerFor([1, 2]));
    const url = new URL(requests[0]!.url, 'http://x');
    expect(url.searchParams.get('course_ids')).toBe('1,2');
    expect(url.searchParams.get('fields[pricing_result]')).toBe(
      'price,discount_price,list_price,price_detail,price_serve_tracking_id',
    );
  });
});
