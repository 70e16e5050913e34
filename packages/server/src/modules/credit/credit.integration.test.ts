import { money } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { createCreditService, type CreditService } from './credit.service.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let credit: CreditService;
beforeAll(async () => {
  server = await startTestServer();
  credit = createCreditService(server.db);
});
afterAll(() => server.stop());

const HISTORY = '/api-2.0/users/me/credit-history/';

async function signup(n: number) {
  const client = createTestClient(server.app, { ip: `10.5.0.${n}` });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: `Credit User${n}`,
    email: `credit-${n}@example.com`,
    password: 'credit-user-password',
  });
  return { client, userId: response.data.me.id as number };
}

describe('GET /api-2.0/users/me/credit-history/', () => {
  it('needs a signed-in user', async () => {
    const response = await createTestClient(server.app).get(HISTORY);
    expect(response.statusCode).toBe(401);
    expect(response.data.code).toBe('not_authenticated');
  });

  it('lists the ledger newest first, paginated, with signed amounts', async () => {
    const { client, userId } = await signup(1);
    await credit.grant(userId, money(5000, 'USD'), 'Welcome credit');
    await credit.spend(userId, money(1999, 'USD'), 'Order 41', 41);
    await credit.refund(userId, money(1999, 'USD'), 'Refund of order 41', 41);
    const first = await client.get(`${HISTORY}?page_size=2`);
    expect(first.statusCode).toBe(200);
    expect(first.data).toMatchObject({
      count: 3,
      next: `${HISTORY}?page_size=2&page=2`,
      previous: null,
      balance: { amount: 5000, currency: 'USD', price_string: '$50.00' },
    });
    expect(first.data.results).toEqual([
      {
        id: expect.any(Number),
        kind: 'refund',
        amount: { amount: 1999, currency: 'USD', price_string: '$19.99' },
        reason: 'Refund of order 41',
        created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      expect.objectContaining({
        kind: 'spend',
        amount: { amount: -1999, currency: 'USD', price_string: '-$19.99' },
      }),
    ]);
    const second = await client.get(first.data.next);
    expect(second.data.results.map((entry: { kind: string }) => entry.kind)).toEqual(['grant']);
    expect(second.data.next).toBeNull();
  });

  it('shows only the caller’s own entries', async () => {
    const { client } = await signup(2);
    const { data } = await client.get(HISTORY);
    expect(data).toMatchObject({ count: 0, results: [], balance: { amount: 0, price_string: '$0.00' } });
  });
});

describe('spending credit', () => {
  it('refuses to go below zero and writes nothing', async () => {
    const { userId } = await signup(3);
    await credit.grant(userId, money(1000, 'USD'), 'Goodwill');
    await expect(credit.spend(userId, money(1001, 'USD'), 'Too much')).rejects.toMatchObject({
      statusCode: 400,
      code: 'insufficient_credit',
      detail: 'Your account credit ($10.00) does not cover this amount.',
    });
    expect(await credit.balanceOf(userId, 'USD')).toEqual(money(1000, 'USD'));
    expect(await credit.spend(userId, money(1000, 'USD'), 'Exactly all')).toEqual(money(0, 'USD'));
    // Credit in another currency is another balance.
    await expect(credit.spend(userId, money(1, 'EUR'), 'Euro')).rejects.toMatchObject({
      code: 'insufficient_credit',
    });
  });

  it('lets concurrent spends take at most the balance', async () => {
    const { userId } = await signup(4);
    await credit.grant(userId, money(2500, 'USD'), 'Welcome credit');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => credit.spend(userId, money(1000, 'USD'), `Checkout ${i}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(await credit.balanceOf(userId, 'USD')).toEqual(money(500, 'USD'));
  });

  it('never refunds more than was spent on an order', async () => {
    const { userId } = await signup(5);
    await credit.grant(userId, money(3000, 'USD'), 'Welcome credit');
    await credit.spend(userId, money(2000, 'USD'), 'Order 7', 7);
    await expect(credit.refund(userId, money(2001, 'USD'), 'Too much back', 7)).rejects.toMatchObject({
      code: 'refund_exceeds_spend',
    });
    expect(await credit.refund(userId, money(1500, 'USD'), 'Partial refund', 7)).toEqual(money(2500, 'USD'));
    await expect(credit.refund(userId, money(501, 'USD'), 'Rest and more', 7)).rejects.toMatchObject({
      code: 'refund_exceeds_spend',
    });
  });
});
