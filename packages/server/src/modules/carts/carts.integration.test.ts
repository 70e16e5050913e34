import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient, type TestResponse } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { createCatalogService, type CatalogService } from '../catalog/catalog.service.js';
import { createCouponsService } from '../coupons/coupons.service.js';
import { createCreditService } from '../credit/credit.service.js';
import { createOrdersService } from '../orders/orders.service.js';
import { createCartsService, type CartRequest } from './carts.service.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CART = '/api-2.0/shopping-carts/me/';
// Seeded catalog: course 1 "TypeScript from First Principles" (owned by the demo learner,
// USD 19.99), 2 (29.99), 3 (49.99), 5 is free.
const course = (id: number, type: 'course' | 'license' | 'gift' = 'course') => ({
  id,
  buyable_object_type: type,
});
const ids = (items: { buyable: { id: number; buyable_object_type: string } }[]) =>
  items.map((item) => `${item.buyable.buyable_object_type}:${item.buyable.id}`);

let ipCounter = 0;
/** A fresh signed-up user with an empty cart (own address, so the signup limit never bites). */
async function newUser(): Promise<TestClient> {
  ipCounter += 1;
  const client = createTestClient(server.app, {
    ip: `10.3.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`,
  });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: `Cart Tester ${ipCounter}`,
    email: `cart-tester-${ipCounter}-${Date.now()}@example.com`,
    password: 'cart-tester-password',
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return client;
}

const newVisitor = () => {
  ipCounter += 1;
  return createTestClient(server.app, { ip: `10.4.${Math.floor(ipCounter / 200)}.${ipCounter % 200}` });
};

const etagOf = (response: TestResponse) => response.headers.etag as string;
const ifMatch = (etag: string | undefined): { headers: Record<string, string> } => ({
  headers: etag === undefined ? {} : { 'if-match': etag },
});

/** The cart API as the browser's cart client uses it: every write sends the last ETag. */
function cartClient(client: TestClient) {
  let etag: string | undefined;
  const keep = (response: TestResponse) => {
    if (response.statusCode === 200) etag = etagOf(response);
    return response;
  };
  return {
    client,
    get etag() {
      return etag;
    },
    fetch: async () => keep(await client.get(CART)),
    add: async (list: string, buyables: ReturnType<typeof course>[], context?: string) =>
      keep(
        await client.post(`${CART}${list}/`, { buyables, ...(context ? { context } : {}) }, ifMatch(etag)),
      ),
    remove: async (list: string, id: number, type = 'course') =>
      keep(await client.delete(`${CART}${list}/?boId=${id}&boType=${type}`, ifMatch(etag))),
    applyCodes: async (codes: string[]) =>
      keep(await client.post(`${CART}discounts/`, { codes }, ifMatch(etag))),
    removeCodes: async (codes?: string[]) =>
      keep(
        await client.delete(`${CART}discounts/${codes ? `?codes=${codes.join(',')}` : ''}`, ifMatch(etag)),
      ),
    express: async (buyables: ReturnType<typeof course>[], codes?: string[]) =>
      keep(await client.post(`${CART}express/`, { buyables, ...(codes ? { codes } : {}) }, ifMatch(etag))),
  };
}

describe('GET /api-2.0/shopping-carts/me/', () => {
  it('gives a visitor without a cart an empty one, without creating anything', async () => {
    const visitor = newVisitor();
    const response = await visitor.get(`${CART}?sessionState=abc&utm_source=x`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"0"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.data).toEqual({
      cart: [],
      express: [],
      saved_for_later: [],
      wishlist: [],
      cart_unseen_count: 0,
      express_unseen_count: 0,
      saved_for_later_unseen_count: 0,
      wishlist_unseen_count: 0,
      discount_attempts: [],
      user: null,
      available_coupon_info: {
        coupons: [{ code: 'LECTERN10', description: '10% off everything', ends_at: null }],
      },
    });
    expect(visitor.jar.has('lectern_visitor')).toBe(false);
  });

  it('shows a signed-in user with their credit', async () => {
    const learner = createTestClient(server.app);
    await learner.login('learner@example.com');
    const response = await learner.get(CART);
    expect(response.data.user).toEqual({
      id: expect.any(Number),
      credit: { amount: 2500, currency: 'USD', price_string: '$25.00' },
    });
  });

  it('prices items in the price country currency, with list and purchase price', async () => {
    const visitor = cartClient(newVisitor());
    visitor.client.jar.set('price_country', 'JP');
    await visitor.add('cart', [course(2), course(5)]);
    const { data } = await visitor.fetch();
    const [free, paid] = data.cart;
    expect(paid.buyable).toEqual({
      id: 2,
      buyable_object_type: 'course',
      course: {
        id: 2,
        title: 'Modern React with Hooks and Suspense',
        url: '/course/modern-react-with-hooks-and-suspense/',
        image_url: null,
        visible_instructors: [{ display_name: expect.any(String) }],
      },
    });
    expect(paid.list_price).toEqual({ amount: 4500, currency: 'JPY', price_string: '¥4,500' });
    expect(paid.purchase_price).toEqual(paid.list_price);
    expect(paid.current_discount).toBeNull();
    expect(free.list_price).toEqual({ amount: 0, currency: 'JPY', price_string: 'Free' });
  });

  it('uses a constant number of queries, however many items the cart holds', async () => {
    const client = await newUser();
    const user = cartClient(client);
    await user.add('cart', [course(2)]);
    await user.applyCodes(['LECTERN10']);
    await user.fetch(); // marks the item seen, so both measured reads do the same work
    // Both drivers (PGlite, node-postgres pool) send every statement through `query`.
    const client$ = (server.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client$.query;
    const countQueries = async () => {
      let queries = 0;
      client$.query = function (this: unknown, ...args: unknown[]) {
        queries += 1;
        return original.apply(this, args);
      };
      try {
        expect((await user.fetch()).statusCode).toBe(200);
      } finally {
        client$.query = original;
      }
      return queries;
    };
    const withOne = await countQueries();
    await user.add(
      'cart',
      [3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((id) => course(id)),
    );
    await user.add(
      'wishlist',
      [21, 22, 23, 24, 25].map((id) => course(id)),
    );
    await user.fetch();
    const withMany = await countQueries();
    expect(withMany).toBe(withOne);
    expect(withOne).toBeLessThanOrEqual(7);
  });
});

describe('ETags and If-Match', () => {
  it('creates the cart on the first write without If-Match, with a visitor cookie', async () => {
    const visitor = newVisitor();
    const response = await visitor.post(`${CART}cart/`, { buyables: [course(2)] });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    expect(visitor.jar.get('lectern_visitor')).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    expect(ids(response.data.cart)).toEqual(['course:2']);
    const again = await visitor.get(CART);
    expect(again.headers.etag).toBe(response.headers.etag);
  });

  it('refuses a write without If-Match once the cart exists (428), and a stale one (412)', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const before = visitor.etag!;

    const missing = await visitor.client.post(`${CART}wishlist/`, { buyables: [course(3)] });
    expect(missing.statusCode).toBe(428);
    expect(missing.data.code).toBe('precondition_required');
    expect(missing.data.detail).toMatch(/If-Match/);

    const stale = await visitor.client.post(
      `${CART}wishlist/`,
      { buyables: [course(3)] },
      ifMatch('"stale"'),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.data.code).toBe('precondition_failed');
    expect(stale.headers.etag).toBe(before);

    const { data, headers } = await visitor.fetch();
    expect(headers.etag).toBe(before);
    expect(data.wishlist).toEqual([]);
  });

  it('answers every write with the new ETag, which the next write must use', async () => {
    const visitor = cartClient(newVisitor());
    const first = await visitor.add('cart', [course(2)]);
    const second = await visitor.add('wishlist', [course(3)]);
    expect(second.statusCode).toBe(200);
    expect(etagOf(second)).not.toBe(etagOf(first));
    const replay = await visitor.client.post(
      `${CART}wishlist/`,
      { buyables: [course(4)] },
      ifMatch(etagOf(first)),
    );
    expect(replay.statusCode).toBe(412);
    // Weak forms and lists of tags match too; `*` matches any existing cart.
    const weak = await visitor.client.delete(
      `${CART}wishlist/?boId=3&boType=course`,
      ifMatch(`W/${etagOf(second)}`),
    );
    expect(weak.statusCode).toBe(200);
    const star = await visitor.client.post(`${CART}wishlist/`, { buyables: [course(3)] }, ifMatch('*'));
    expect(star.statusCode).toBe(200);
  });

  it('lets exactly one of two racing writes with the same If-Match through (409 or 412 for the other)', async () => {
    for (let round = 0; round < 6; round++) {
      const visitor = cartClient(newVisitor());
      await visitor.add('cart', [course(2)]);
      const etag = visitor.etag!;
      const [a, b] = await Promise.all([
        visitor.client.post(`${CART}wishlist/`, { buyables: [course(3)] }, ifMatch(etag)),
        visitor.client.post(`${CART}saved_for_later/`, { buyables: [course(4)] }, ifMatch(etag)),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([409, 412]).toContain(codes[1]);
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.data.code).toBe(loser.statusCode === 409 ? 'conflict' : 'precondition_failed');
      const { data } = await visitor.fetch();
      // Exactly one change landed.
      expect(data.wishlist.length + data.saved_for_later.length).toBe(1);
      expect(ids(data.cart)).toEqual(['course:2']);
    }
  });

  it('answers 409 to a write whose compare-and-swap loses to a write that passed the same If-Match check', async () => {
    // Hold write A between its If-Match check and its write (while it loads course data),
    // let write B run to the end, then release A.
    const catalog = createCatalogService(server.db);
    let hold: Promise<void> | null = null;
    let arrived!: () => void;
    const paused = new Promise<void>((resolve) => (arrived = resolve));
    const gated: CatalogService = {
      ...catalog,
      async cartCourses(ids, currency) {
        if (hold) {
          arrived();
          await hold;
        }
        return catalog.cartCourses(ids, currency);
      },
    };
    const carts = createCartsService({
      db: server.db,
      catalog: gated,
      coupons: createCouponsService(server.db),
      credit: createCreditService(server.db),
      orders: createOrdersService(server.db),
    });
    const request: CartRequest = {
      owner: { visitorId: '5b4c1d5e-0000-4000-8000-000000000409' },
      userId: null,
      pricing: { country: 'US', currency: 'USD', locale: 'en_US', intlLocale: 'en-US' },
    };
    const created = await carts.addToList(request, 'cart', [course(2)], null);
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const a = carts.addToList({ ...request, ifMatch: created.etag }, 'wishlist', [course(3)], null);
    await paused;
    hold = null;
    const b = await carts.addToList(
      { ...request, ifMatch: created.etag },
      'saved_for_later',
      [course(4)],
      null,
    );
    release();
    await expect(a).rejects.toMatchObject({ statusCode: 409, code: 'conflict' });
    const after = await carts.read(request);
    expect(after.etag).toBe(b.etag);
    expect(ids(after.body.wishlist)).toEqual([]);
    expect(ids(after.body.saved_for_later)).toEqual(['course:4']);
  });

  it('answers 412 when a remembered snapshot went stale through another server instance', async () => {
    // Two services on one database stand for two server instances. Instance A remembers the
    // cart it wrote; instance B changes it; A's next write names A's (now stale) version.
    const instance = () =>
      createCartsService({
        db: server.db,
        catalog: createCatalogService(server.db),
        coupons: createCouponsService(server.db),
        credit: createCreditService(server.db),
        orders: createOrdersService(server.db),
      });
    const [a, b] = [instance(), instance()];
    const request: CartRequest = {
      owner: { visitorId: '5b4c1d5e-0000-4000-8000-000000000412' },
      userId: null,
      pricing: { country: 'US', currency: 'USD', locale: 'en_US', intlLocale: 'en-US' },
    };
    const first = await a.addToList(request, 'cart', [course(2)], null);
    const second = await b.addToList({ ...request, ifMatch: first.etag }, 'cart', [course(3)], null);
    await expect(
      a.addToList({ ...request, ifMatch: first.etag }, 'wishlist', [course(4)], null),
    ).rejects.toMatchObject({ statusCode: 412, headers: { etag: second.etag } });
    // Nothing was lost: A's retry with the current ETag keeps B's change.
    const retried = await a.addToList({ ...request, ifMatch: second.etag }, 'wishlist', [course(4)], null);
    expect(ids(retried.body.cart)).toEqual(['course:3', 'course:2']);
    expect(ids(retried.body.wishlist)).toEqual(['course:4']);
    expect((await b.read(request)).etag).toBe(retried.etag);
  });

  it('lets the client resolve a conflict the platform §4 way: refetch, then retry', async () => {
    const client = await newUser();
    const tabA = cartClient(client);
    const tabB = cartClient(client);
    await tabA.fetch();
    await tabB.fetch();
    expect((await tabA.add('cart', [course(2)])).statusCode).toBe(200);
    const conflict = await tabB.add('wishlist', [course(3)]);
    expect(conflict.statusCode).toBe(412);
    await tabB.fetch();
    expect((await tabB.add('wishlist', [course(3)])).statusCode).toBe(200);
    const { data } = await tabA.fetch();
    expect(ids(data.cart)).toEqual(['course:2']);
    expect(ids(data.wishlist)).toEqual(['course:3']);
  });
});

describe('lists', () => {
  it('adds without duplicates and takes an item added to the cart off the wishlist and saved-for-later', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('wishlist', [course(2), course(3)]);
    await visitor.add('saved_for_later', [course(2)]);
    const response = await visitor.add('cart', [course(2), course(2)], 'course_landing_page');
    expect(ids(response.data.cart)).toEqual(['course:2']);
    expect(ids(response.data.wishlist)).toEqual(['course:3']);
    expect(response.data.saved_for_later).toEqual([]);
    const again = await visitor.add('cart', [course(2)]);
    expect(etagOf(again)).toBe(etagOf(response)); // nothing changed, same version
    expect(ids(again.data.cart)).toEqual(['course:2']);
  });

  it('moves an item between lists: add to the target, then remove from the source', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2), course(3)]);
    await visitor.add('wishlist', [course(3)]);
    const moved = await visitor.remove('cart', 3);
    expect(ids(moved.data.cart)).toEqual(['course:2']);
    expect(ids(moved.data.wishlist)).toEqual(['course:3']);
    // and back: adding to the cart already takes it off the wishlist; the removal is then a no-op
    await visitor.add('cart', [course(3)]);
    const back = await visitor.remove('wishlist', 3);
    expect(back.statusCode).toBe(200);
    expect(ids(back.data.cart)).toEqual(['course:3', 'course:2']);
    expect(back.data.wishlist).toEqual([]);
  });

  it('counts items added since the list was last fetched as unseen', async () => {
    const visitor = cartClient(newVisitor());
    const added = await visitor.add('cart', [course(2), course(3)]);
    expect(added.data.cart_unseen_count).toBe(2);
    await visitor.add('wishlist', [course(4)]);
    const first = await visitor.fetch();
    expect(first.data).toMatchObject({ cart_unseen_count: 2, wishlist_unseen_count: 1 });
    const second = await visitor.fetch();
    expect(second.data).toMatchObject({ cart_unseen_count: 0, wishlist_unseen_count: 0 });
    expect(etagOf(second)).toBe(etagOf(first)); // seeing is not a change
    const more = await visitor.add('cart', [course(6)]);
    expect(more.data.cart_unseen_count).toBe(1);
  });

  it('keeps licenses and gifts apart from the course itself', async () => {
    const visitor = cartClient(newVisitor());
    const response = await visitor.add('cart', [course(2), course(2, 'gift'), course(2, 'license')]);
    expect(ids(response.data.cart).sort()).toEqual(['course:2', 'gift:2', 'license:2']);
    const gift = response.data.cart.find(
      (item: { buyable: { buyable_object_type: string } }) => item.buyable.buyable_object_type === 'gift',
    );
    expect(gift.buyable.course.title).toBe('Modern React with Hooks and Suspense');
    const removed = await visitor.remove('cart', 2, 'gift');
    expect(ids(removed.data.cart).sort()).toEqual(['course:2', 'license:2']);
  });

  it('refuses a course the user owns in the cart and express, naming it; a gift of it is fine', async () => {
    const learner = cartClient(createTestClient(server.app));
    await learner.client.login('learner@example.com');
    await learner.fetch();
    const before = learner.etag;
    for (const list of ['cart', 'express']) {
      const response =
        list === 'cart' ? await learner.add('cart', [course(1)]) : await learner.express([course(1)]);
      expect(response.statusCode).toBe(400);
      expect(response.data.detail).toMatch(/You already own “TypeScript from First Principles”/);
      expect(response.data.field_errors['buyables.0.id']).toHaveLength(1);
    }
    expect((await learner.fetch()).headers.etag).toBe(before);
    const gift = await learner.add('cart', [course(1, 'gift')]);
    expect(gift.statusCode).toBe(200);
    expect(ids(gift.data.cart)).toContain('gift:1');
    await learner.remove('cart', 1, 'gift');
  });

  it('refuses unknown and unpublished courses', async () => {
    await server.db.execute(sql`update courses set is_published = false where id = 63`);
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const before = visitor.etag;
    const response = await visitor.add('cart', [course(3), course(99_999), course(63)]);
    expect(response.statusCode).toBe(400);
    expect(response.data.code).toBe('validation_error');
    expect(response.data.field_errors).toEqual({
      'buyables.1.id': ['There is no course with id 99999.'],
      'buyables.2.id': ['There is no course with id 63.'],
    });
    const { data, headers } = await visitor.fetch();
    expect(headers.etag).toBe(before);
    expect(ids(data.cart)).toEqual(['course:2']);
    await server.db.execute(sql`update courses set is_published = true where id = 63`);
  });

  it('holds at most 100 items per list', async () => {
    const visitor = cartClient(newVisitor());
    const courses = Array.from({ length: 64 }, (_, i) => course(i + 1));
    const gifts = Array.from({ length: 36 }, (_, i) => course(i + 1, 'gift'));
    expect((await visitor.add('cart', courses)).statusCode).toBe(200);
    const full = await visitor.add('cart', gifts);
    expect(full.statusCode).toBe(200);
    expect(full.data.cart).toHaveLength(100);
    const over = await visitor.add('cart', [course(40, 'gift')]);
    expect(over.statusCode).toBe(400);
    expect(over.data.field_errors.buyables).toEqual(['A list holds at most 100 items.']);
    expect((await visitor.fetch()).data.cart).toHaveLength(100);
    // The wishlist is a list of its own.
    expect((await visitor.add('wishlist', [course(40, 'gift')])).statusCode).toBe(200);
  });

  it('refuses bad bodies with field errors and changes nothing', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const etag = visitor.etag!;
    const post = (url: string, body: unknown) => visitor.client.post(url, body, ifMatch(etag));
    const cases: [TestResponse, Record<string, string[]>][] = [
      [await post(`${CART}cart/`, { buyables: [course(3)], extra: 1 }), { extra: ['Unknown field.'] }],
      [await post(`${CART}cart/`, {}), { buyables: ['This field is required.'] }],
      [await post(`${CART}cart/`, { buyables: [] }), { buyables: ['Send at least one buyable.'] }],
      [
        await post(`${CART}cart/`, { buyables: [{ id: 'x', buyable_object_type: 'course' }] }),
        { 'buyables.0.id': ['id must be a course id.'] },
      ],
      [
        await post(`${CART}cart/`, { buyables: [{ id: 3, buyable_object_type: 'bundle' }] }),
        { 'buyables.0.buyable_object_type': ['buyable_object_type must be one of course, license, gift.'] },
      ],
      [
        await post(`${CART}checkout/`, { buyables: [course(3)] }),
        { list: ['list must be one of cart, express, saved_for_later, wishlist.'] },
      ],
      [
        await post(`${CART}discounts/`, { codes: ['no spaces'] }),
        { 'codes.0': [expect.stringMatching(/4 to 255/) as unknown as string] },
      ],
      [
        await post(`${CART}discounts/`, { codes: 'LECTERN10' }),
        { codes: ['codes must be a list of codes.'] },
      ],
    ];
    for (const [response, fieldErrors] of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.data.code).toBe('validation_error');
      expect(response.data.field_errors).toEqual(fieldErrors);
    }
    const removal = await visitor.client.delete(`${CART}cart/?boId=abc&boType=course`, ifMatch(etag));
    expect(removal.statusCode).toBe(400);
    expect(removal.data.field_errors.boId).toEqual(['boId must be a course id.']);
    const { data, headers } = await visitor.fetch();
    expect(headers.etag).toBe(etag);
    expect(ids(data.cart)).toEqual(['course:2']);
    expect(data.discount_attempts).toEqual([]);
  });
});

describe('express ("Buy now")', () => {
  it('replaces the express list and applies codes valid for it', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(3)]);
    const first = await visitor.express([course(2)]);
    expect(ids(first.data.express)).toEqual(['course:2']);
    const second = await visitor.express([course(1)], ['typescript50']);
    expect(ids(second.data.express)).toEqual(['course:1']);
    expect(ids(second.data.cart)).toEqual(['course:3']);
    expect(second.data.discount_attempts).toEqual([{ code: 'TYPESCRIPT50', status: 'valid' }]);
    expect(second.data.express[0]).toMatchObject({
      list_price: { amount: 1999 },
      // 50% of 19.99 is 9.995: the saving rounds half up to 10.00.
      purchase_price: { amount: 999, price_string: '$9.99' },
      current_discount: { code: 'TYPESCRIPT50', saving_price: { amount: 1000, price_string: '$10.00' } },
    });
    const other = await visitor.express([course(2)], ['TYPESCRIPT50']);
    expect(ids(other.data.express)).toEqual(['course:2']);
    // Still stored from before, but it does not lower course 2's price.
    expect(other.data.express[0].current_discount).toBeNull();
  });

  it('refuses a code for another course with the platform §8 sentence', async () => {
    const visitor = cartClient(newVisitor());
    const response = await visitor.express([course(2)], ['TYPESCRIPT50']);
    expect(response.data.discount_attempts).toEqual([
      {
        code: 'TYPESCRIPT50',
        status: 'invalid',
        detail:
          'The coupon code entered is not valid for this course. Perhaps you used the wrong coupon code?',
      },
    ]);
    expect((await visitor.fetch()).data.discount_attempts).toEqual([]);
  });
});

describe('discount codes', () => {
  it('applies valid codes, reports invalid, expired and sold-out ones and does not keep them', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2), course(3)]);
    const response = await visitor.applyCodes(['lectern10', 'NOSUCHCODE', 'EXPIRED2020', 'SOLDOUT']);
    expect(response.statusCode).toBe(200);
    expect(response.data.discount_attempts).toEqual([
      { code: 'LECTERN10', status: 'valid' },
      { code: 'NOSUCHCODE', status: 'invalid', detail: 'NOSUCHCODE is invalid, and has been removed.' },
      { code: 'EXPIRED2020', status: 'expired', detail: 'EXPIRED2020 is expired, and has been removed.' },
      { code: 'SOLDOUT', status: 'sold_out', detail: 'SOLDOUT is sold out, and has been removed.' },
    ]);
    const [three, two] = response.data.cart;
    expect(two).toMatchObject({
      list_price: { amount: 2999, price_string: '$29.99' },
      purchase_price: { amount: 2699, price_string: '$26.99' },
      current_discount: {
        code: 'LECTERN10',
        saving_price: { amount: 300, currency: 'USD', price_string: '$3.00' },
      },
    });
    expect(three.purchase_price.amount).toBe(4499);
    const later = await visitor.fetch();
    expect(later.data.discount_attempts).toEqual([{ code: 'LECTERN10', status: 'valid' }]);
  });

  it('gives each item the best code that applies to it', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(1, 'gift'), course(2)]);
    const response = await visitor.applyCodes(['LECTERN10', 'TYPESCRIPT50', 'SPRING1299']);
    expect(response.data.discount_attempts.map((a: { status: string }) => a.status)).toEqual([
      'valid',
      'valid',
      'valid',
    ]);
    const [react, typescript] = response.data.cart;
    // TypeScript 19.99: 50% (9.99) beats 10% (17.99) and the Tier 1 price (19.99, no saving).
    expect(typescript.current_discount.code).toBe('TYPESCRIPT50');
    expect(typescript.purchase_price.amount).toBe(999);
    // React 29.99: the Tier 1 price (19.99) beats 10% (26.99); TYPESCRIPT50 does not cover it.
    expect(react.current_discount).toEqual({
      code: 'SPRING1299',
      saving_price: { amount: 1000, currency: 'USD', price_string: '$10.00' },
    });
    expect(react.purchase_price).toEqual({ amount: 1999, currency: 'USD', price_string: '$19.99' });
  });

  it('refuses a code that lowers no price in the cart, with the platform §8 sentence', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const response = await visitor.applyCodes(['TYPESCRIPT50']);
    expect(response.data.discount_attempts).toEqual([
      {
        code: 'TYPESCRIPT50',
        status: 'invalid',
        detail:
          'The coupon code entered is not valid for this course. Perhaps you used the wrong coupon code?',
      },
    ]);
  });

  it('removes some codes, or all of them', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(1, 'gift'), course(2)]);
    await visitor.applyCodes(['LECTERN10', 'TYPESCRIPT50', 'SPRING1299']);
    const some = await visitor.removeCodes(['spring1299', 'LECTERN10']);
    expect(some.data.discount_attempts).toEqual([{ code: 'TYPESCRIPT50', status: 'valid' }]);
    expect(some.data.cart[0].current_discount).toBeNull();
    const all = await visitor.removeCodes();
    expect(all.data.discount_attempts).toEqual([]);
    expect(all.data.cart.every((item: { current_discount: unknown }) => item.current_discount === null)).toBe(
      true,
    );
  });

  it('reports a code that expired or sold out since it was applied once, then drops it', async () => {
    const coupons = createCouponsService(server.db);
    await coupons.create({
      code: 'FADING15',
      discount: { kind: 'percentage', percent: 15 },
      endsAt: new Date(Date.now() + 1500),
    });
    await coupons.create({ code: 'LASTONE20', discount: { kind: 'percentage', percent: 20 }, usageLimit: 1 });
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const applied = await visitor.applyCodes(['FADING15', 'LASTONE20']);
    expect(applied.data.discount_attempts.map((a: { status: string }) => a.status)).toEqual([
      'valid',
      'valid',
    ]);
    expect((await visitor.fetch()).data.cart[0].current_discount.code).toBe('LASTONE20');
    const etag = visitor.etag;

    expect(await coupons.reserve('LASTONE20', null, 'someone-elses-checkout')).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const first = await visitor.fetch();
    expect(first.data.discount_attempts).toEqual([
      { code: 'FADING15', status: 'expired', detail: 'FADING15 is expired, and has been removed.' },
      { code: 'LASTONE20', status: 'sold_out', detail: 'LASTONE20 is sold out, and has been removed.' },
    ]);
    expect(first.data.cart[0].current_discount).toBeNull();
    expect(etagOf(first)).not.toBe(etag);
    const second = await visitor.fetch();
    expect(second.data.discount_attempts).toEqual([]);
  });

  it('limits failed code attempts with 429', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const bad = Array.from({ length: 10 }, (_, i) => `WRONG${i}`);
    expect((await visitor.applyCodes(bad)).statusCode).toBe(200);
    expect((await visitor.applyCodes(bad.map((code) => `${code}X`))).statusCode).toBe(200);
    const blocked = await visitor.applyCodes(['LECTERN10']);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.data.code).toBe('rate_limited');
  });

  it('counts only refused codes: valid ones are given back', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    for (let i = 0; i < 25; i++) expect((await visitor.applyCodes(['LECTERN10'])).statusCode).toBe(200);
    const bad = Array.from({ length: 10 }, (_, i) => `NOPE${i}`);
    expect((await visitor.applyCodes(bad)).statusCode).toBe(200);
    expect((await visitor.applyCodes(bad.map((code) => `${code}X`))).statusCode).toBe(200);
    expect((await visitor.applyCodes(['NOPE99'])).statusCode).toBe(429);
  });

  it('a burst of concurrent requests gets no more code attempts than the limit', async () => {
    const visitor = cartClient(newVisitor());
    await visitor.add('cart', [course(2)]);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, n) =>
        visitor.client.post(
          `${CART}discounts/`,
          { codes: Array.from({ length: 10 }, (_, i) => `BURST${n}X${i}`) },
          ifMatch(visitor.etag),
        ),
      ),
    );
    // 20 refused codes per owner: two requests of ten are answered, the others refused unseen.
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 429, 429]);
  });
});

describe('owners', () => {
  it('never shows or changes another user’s lists', async () => {
    const a = cartClient(await newUser());
    const b = cartClient(await newUser());
    await a.add('cart', [course(2)]);
    await a.add('wishlist', [course(3)]);
    await a.applyCodes(['LECTERN10']);
    const seenByB = await b.fetch();
    expect(seenByB.data.cart).toEqual([]);
    expect(seenByB.data.wishlist).toEqual([]);
    expect(seenByB.data.discount_attempts).toEqual([]);
    expect(seenByB.data.user.id).not.toBe((await a.fetch()).data.user.id);
    // A's ETag means nothing on B's cart.
    const forged = await b.client.delete(`${CART}cart/?boId=2&boType=course`, ifMatch(a.etag));
    expect(forged.statusCode).toBe(412);
    await b.add('cart', [course(4)]);
    await b.remove('cart', 2);
    expect(ids((await a.fetch()).data.cart)).toEqual(['course:2']);
    expect(ids((await b.fetch()).data.cart)).toEqual(['course:4']);
  });

  it('keeps visitor carts apart', async () => {
    const one = cartClient(newVisitor());
    const two = cartClient(newVisitor());
    await one.add('cart', [course(2)]);
    await two.add('cart', [course(3)]);
    expect(ids((await one.fetch()).data.cart)).toEqual(['course:2']);
    expect(ids((await two.fetch()).data.cart)).toEqual(['course:3']);
    expect(one.client.jar.get('lectern_visitor')).not.toBe(two.client.jar.get('lectern_visitor'));
  });

  it('merges a visitor’s cart into the account on signup and login', async () => {
    const browser = cartClient(newVisitor());
    await browser.add('cart', [course(2), course(1)]);
    await browser.add('wishlist', [course(3)]);
    await browser.applyCodes(['LECTERN10']);
    const signup = await browser.client.post('/api-2.0/auth/signup/', {
      name: 'Merge Visitor',
      email: `merge-${Date.now()}@example.com`,
      password: 'merge-visitor-password',
    });
    expect(signup.statusCode).toBe(201);
    const merged = await browser.fetch();
    expect(merged.data.user).not.toBeNull();
    expect(ids(merged.data.cart)).toEqual(['course:1', 'course:2']);
    expect(ids(merged.data.wishlist)).toEqual(['course:3']);
    expect(merged.data.discount_attempts).toEqual([{ code: 'LECTERN10', status: 'valid' }]);
    // The visitor cart is gone: after logout the same browser has an empty cart.
    await browser.client.post('/api-2.0/auth/logout/');
    expect((await browser.fetch()).data.cart).toEqual([]);

    // Logging in as the learner brings the visitor's items but not a course the learner owns,
    // and an item moved to the cart leaves the learner's wishlist.
    const learnerTab = cartClient(createTestClient(server.app));
    await learnerTab.client.login('learner@example.com');
    await learnerTab.fetch();
    await learnerTab.add('wishlist', [course(7)]);
    await browser.fetch();
    await browser.add('cart', [course(1), course(7)]);
    await browser.add('saved_for_later', [course(8)]);
    await browser.client.login('learner@example.com');
    const learner = await browser.fetch();
    expect(ids(learner.data.cart)).toContain('course:7');
    expect(ids(learner.data.cart)).not.toContain('course:1');
    expect(ids(learner.data.wishlist)).not.toContain('course:7');
    expect(ids(learner.data.saved_for_later)).toContain('course:8');
    // clean up the learner's cart for other tests
    await browser.remove('cart', 7);
    await browser.remove('saved_for_later', 8);
  });
});
