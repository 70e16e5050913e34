import { CART_CACHE_EXPIRY_MS, CART_REFETCH_INTERVAL_MS } from '@lectern/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../platform/api';
import { courseItem, fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, type FakeHandler } from '../../test-utils/fake-server';
import { CartClient, type CartClientOptions } from './cart-client';
import { CART_STORAGE_KEY, saveCartState } from './cart-storage';
import { emptyCartState } from './cart-state';

const CART = '/api-2.0/shopping-carts/me/';

function setUp({
  userId = 7 as number | null,
  routes = {} as Record<string, FakeHandler | FakeHandler[]>,
  options = {} as Partial<CartClientOptions>,
  cart = fakeCartServer({ userId }),
} = {}) {
  const server = fakeServer({ ...cart.routes, ...routes });
  const api = new ApiClient({ fetch: server.fetch, cookies: () => 'csrftoken=tok' });
  const client = new CartClient({ api, storage: localStorage, watchStorage: () => () => {}, ...options });
  const writes = () => server.requests.filter((request) => request.method !== 'GET');
  const calls = () => server.requests.map((request) => `${request.method} ${request.path}`);
  return { client, cart, requests: server.requests, writes, calls, userId };
}

/** Connects and waits for the first fetch. */
async function connected(setup: ReturnType<typeof setUp>) {
  const disconnect = setup.client.connect(setup.userId);
  await vi.waitFor(() => expect(setup.client.getSnapshot().status).not.toBe('notReady'));
  return disconnect;
}

const emptyResponse = () => ({
  cart: [],
  express: [],
  saved_for_later: [],
  wishlist: [],
  cart_unseen_count: 0,
  express_unseen_count: 0,
  saved_for_later_unseen_count: 0,
  wishlist_unseen_count: 0,
  discount_attempts: [],
  user: { id: 7, credit: { amount: 0, currency: 'USD' as const, price_string: '$0.00' } },
  available_coupon_info: { coupons: [] },
});

const ids = (items: { buyable: { id: number } }[]) => items.map((item) => item.buyable.id);

afterEach(() => {
  vi.useRealTimers();
});

describe('CartClient storage status and cache', () => {
  it('is ready at once, without a request, for a visitor with no ETag', () => {
    const setup = setUp({ userId: null });
    setup.client.connect(null);
    expect(setup.client.getSnapshot().status).toBe('ready');
    expect(setup.requests).toHaveLength(0);
  });

  it('fetches for a user: notReady, then ready, and caches the state with its ETag', async () => {
    const setup = setUp();
    setup.cart.lists.cart.push(courseItem(1));
    setup.client.connect(7);
    expect(setup.client.getSnapshot().status).toBe('notReady');
    await vi.waitFor(() => expect(setup.client.getSnapshot().status).toBe('ready'));
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([1]);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as {
      state: { etag: string; userId: number };
    };
    expect(stored.state).toMatchObject({ etag: '"cart-v1"', userId: 7 });
    expect(setup.requests[0]?.url).toBe(CART);
  });

  it('starts from the cart the server rendered the page with: ready, shown, no fetch, kept', () => {
    const response = { ...emptyResponse(), cart: [courseItem(3)] };
    const setup = setUp({ options: { seed: { response, etag: '"cart-v9"' } } });
    expect(setup.client.getInitialSnapshot().status).toBe('ready');
    expect(ids(setup.client.getInitialSnapshot().lists.cart)).toEqual([3]);
    setup.client.connect(7);
    expect(setup.client.getSnapshot().status).toBe('ready');
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([3]);
    expect(setup.requests).toHaveLength(0);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as {
      state: { etag: string; userId: number };
    };
    expect(stored.state).toMatchObject({ etag: '"cart-v9"', userId: 7 });
  });

  it("fetches when the server's cart was another user's (the user changed since)", async () => {
    const setup = setUp({ options: { seed: { response: emptyResponse(), etag: '"cart-v9"' } } });
    setup.cart.lists.cart.push(courseItem(1));
    setup.client.connect(8);
    await vi.waitFor(() => expect(setup.requests).toHaveLength(1));
    expect(setup.requests[0]?.url).toBe(CART);
  });

  it('is unAvailable when the first fetch fails', async () => {
    const setup = setUp({
      routes: { [`GET ${CART}`]: json({ detail: 'down', code: 'internal_error' }, 500) },
    });
    setup.client.connect(7);
    await vi.waitFor(() => expect(setup.client.getSnapshot().status).toBe('unAvailable'));
  });

  it("shows the cached state, sends its ETag as sessionState, and ignores another user's or an expired cache", async () => {
    const cached = {
      ...emptyCartState(7),
      etag: '"old"',
      lists: { ...emptyCartState(7).lists, cart: [courseItem(9)] },
    };
    saveCartState(localStorage, cached, Date.now());
    const first = setUp();
    first.client.connect(7);
    expect(ids(first.client.getSnapshot().lists.cart)).toEqual([9]);
    await vi.waitFor(() => expect(first.client.getSnapshot().status).toBe('ready'));
    expect(first.requests[0]?.url).toBe(`${CART}?sessionState=%22old%22`);

    saveCartState(localStorage, cached, Date.now());
    const other = setUp({ userId: 8 });
    other.client.connect(8);
    expect(other.client.getSnapshot().lists.cart).toEqual([]);
    await vi.waitFor(() => expect(other.client.getSnapshot().status).toBe('ready'));
    expect(other.requests[0]?.url).toBe(CART);

    saveCartState(localStorage, cached, Date.now() - CART_CACHE_EXPIRY_MS - 1);
    const expired = setUp();
    expired.client.connect(7);
    expect(expired.client.getSnapshot().lists.cart).toEqual([]);
  });

  it("forgets a signed-in user's cached cart when a visitor connects", () => {
    saveCartState(localStorage, { ...emptyCartState(7), etag: '"v1"' }, Date.now());
    const setup = setUp({ userId: null });
    setup.client.connect(null);
    expect(setup.client.getSnapshot().status).toBe('ready');
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('refetches every 90 minutes', async () => {
    vi.useFakeTimers();
    const setup = setUp();
    const disconnect = setup.client.connect(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(setup.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CART_REFETCH_INTERVAL_MS - 1);
    expect(setup.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(setup.requests).toHaveLength(2);
    expect(setup.requests[1]?.url).toBe(`${CART}?sessionState=%22cart-v1%22`);
    disconnect();
    await vi.advanceTimersByTimeAsync(CART_REFETCH_INTERVAL_MS);
    expect(setup.requests).toHaveLength(2);
  });

  it('takes over the state another tab stored for the same user', async () => {
    let onStored: (raw: string | null) => void = () => {};
    const setup = setUp({
      options: {
        watchStorage: (onChange) => {
          onStored = onChange;
          return () => {};
        },
      },
    });
    await connected(setup);
    const newer = {
      ...emptyCartState(7),
      etag: '"cart-v9"',
      lists: { ...emptyCartState(7).lists, wishlist: [courseItem(4)] },
    };
    onStored(JSON.stringify({ savedAt: Date.now(), state: newer }));
    expect(ids(setup.client.getSnapshot().lists.wishlist)).toEqual([4]);
    expect(setup.client.getSnapshot().state.etag).toBe('"cart-v9"');
    onStored(JSON.stringify({ savedAt: Date.now(), state: { ...newer, userId: 8, etag: '"x"' } }));
    expect(setup.client.getSnapshot().state.etag).toBe('"cart-v9"');
  });
});

describe('CartClient request queue', () => {
  it('sends If-Match with the stored ETag on every write and stores each new ETag', async () => {
    const setup = setUp();
    await connected(setup);
    await setup.client.addToList('cart', [courseItem(1)], 'course_landing_page');
    await setup.client.applyCodes(['lectern10']);
    await setup.client.removeFromList('cart', courseItem(1).buyable);
    expect(setup.writes().map((request) => request.headers['If-Match'])).toEqual([
      '"cart-v1"',
      '"cart-v2"',
      '"cart-v3"',
    ]);
    expect(setup.writes()[0]?.body).toEqual({
      buyables: [{ id: 1, buyable_object_type: 'course' }],
      context: 'course_landing_page',
    });
    expect(setup.writes()[1]?.body).toEqual({ codes: ['LECTERN10'] });
    expect(setup.writes()[2]?.url).toBe(`${CART}cart/?boId=1&boType=course`);
    expect(setup.client.getSnapshot().state.etag).toBe('"cart-v4"');
  });

  it('runs requests one at a time, in the order they were made', async () => {
    const cart = fakeCartServer();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const postCart = cart.routes[`POST ${CART}cart/`] as Exclude<FakeHandler, Response>;
    const setup = setUp({
      cart,
      routes: { [`POST ${CART}cart/`]: async (request) => (await gate, postCart(request)) },
    });
    await connected(setup);
    const first = setup.client.addToList('cart', [courseItem(1)]);
    const second = setup.client.addToList('wishlist', [courseItem(2)]);
    const third = setup.client.applyCodes(['LECTERN10']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setup.calls()).toEqual([`GET ${CART}`, `POST ${CART}cart/`]);
    expect(setup.client.getSnapshot().busy).toBe(true);
    release();
    await Promise.all([first, second, third]);
    expect(setup.calls()).toEqual([
      `GET ${CART}`,
      `POST ${CART}cart/`,
      `POST ${CART}wishlist/`,
      `POST ${CART}discounts/`,
    ]);
    expect(setup.client.getSnapshot().busy).toBe(false);
  });

  it('fetches the ETag first when a visitor writes before having one', async () => {
    const setup = setUp({ userId: null });
    setup.client.connect(null);
    await setup.client.addToList('cart', [courseItem(3)]);
    expect(setup.calls()).toEqual([`GET ${CART}`, `POST ${CART}cart/`]);
    expect(setup.writes()[0]?.headers['If-Match']).toBe('"cart-v1"');
  });
});

describe('CartClient conflicts', () => {
  it('refetches after a 412 and retries with the fresh ETag, keeping both changes', async () => {
    const setup = setUp();
    await connected(setup);
    setup.cart.changeElsewhere(({ lists }) => lists.cart.push(courseItem(5)));
    await setup.client.addToList('cart', [courseItem(6)]);
    expect(setup.calls()).toEqual([`GET ${CART}`, `POST ${CART}cart/`, `GET ${CART}`, `POST ${CART}cart/`]);
    expect(setup.writes().map((request) => request.headers['If-Match'])).toEqual(['"cart-v1"', '"cart-v2"']);
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([5, 6]);
  });

  it('retries a 409 too, up to 3 times, then rejects', async () => {
    const setup = setUp();
    await connected(setup);
    for (let i = 0; i < 4; i += 1) setup.cart.failNext('POST', `${CART}wishlist/`, 409);
    await expect(setup.client.addToList('wishlist', [courseItem(1)])).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(setup.writes()).toHaveLength(4);
    expect(setup.requests.filter((request) => request.method === 'GET')).toHaveLength(5);
    expect(setup.client.getSnapshot().lists.wishlist).toEqual([]);
  });

  it('counts a conflicting add as done when the refetched cart already has the items', async () => {
    const setup = setUp();
    await connected(setup);
    setup.cart.changeElsewhere(({ lists }) => lists.cart.push(courseItem(1)));
    await setup.client.addToList('cart', [courseItem(1)]);
    expect(setup.writes()).toHaveLength(1);
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([1]);
  });

  it('counts a conflicting removal as done when the item is gone, and codes when they are reported', async () => {
    const setup = setUp();
    setup.cart.lists.cart.push(courseItem(1));
    await connected(setup);
    setup.cart.changeElsewhere(({ lists }) => lists.cart.splice(0));
    await setup.client.removeFromList('cart', courseItem(1).buyable);
    expect(setup.writes()).toHaveLength(1);

    setup.cart.changeElsewhere((state) => (state.codes = ['LECTERN10']));
    await expect(setup.client.applyCodes(['LECTERN10'])).resolves.toEqual([
      { code: 'LECTERN10', status: 'valid' },
    ]);
    expect(setup.writes()).toHaveLength(2);
  });

  it('rejects other failures at once', async () => {
    const setup = setUp();
    await connected(setup);
    setup.cart.failNext('POST', `${CART}cart/`, 400);
    await expect(setup.client.addToList('cart', [courseItem(1)])).rejects.toMatchObject({ statusCode: 400 });
    expect(setup.writes()).toHaveLength(1);
  });
});

describe('CartClient pending changes', () => {
  it('shows an add at once and drops it when the server refuses', async () => {
    const setup = setUp();
    await connected(setup);
    setup.cart.failNext('POST', `${CART}cart/`, 500);
    const adding = setup.client.addToList('cart', [courseItem(1)]);
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([1]);
    expect(setup.client.getSnapshot().pendingKeys.cart.has('course:1')).toBe(true);
    await expect(adding).rejects.toMatchObject({ statusCode: 500 });
    expect(setup.client.getSnapshot().lists.cart).toEqual([]);
    expect(setup.client.getSnapshot().pendingKeys.cart.size).toBe(0);
  });

  it('hides a removal at once and brings the item back when it fails', async () => {
    const setup = setUp();
    setup.cart.lists.cart.push(courseItem(1), courseItem(2));
    await connected(setup);
    setup.cart.failNext('DELETE', `${CART}cart/`, 500);
    const removing = setup.client.removeFromList('cart', courseItem(1).buyable);
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([2]);
    await expect(removing).rejects.toMatchObject({ statusCode: 500 });
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([1, 2]);
  });

  it('counts per buyable: an add and a removal of the same item cancel out until they settle', async () => {
    const setup = setUp();
    await connected(setup);
    const adding = setup.client.addToList('wishlist', [courseItem(3)]);
    const removing = setup.client.removeFromList('wishlist', courseItem(3).buyable);
    expect(setup.client.getSnapshot().lists.wishlist).toEqual([]);
    await Promise.all([adding, removing]);
    expect(setup.client.getSnapshot().lists.wishlist).toEqual([]);
  });
});

describe('CartClient moves', () => {
  it('adds to the target first, then removes from the source, showing the move at once', async () => {
    const setup = setUp();
    setup.cart.lists.cart.push(courseItem(1));
    await connected(setup);
    const moving = setup.client.moveItem(
      setup.client.getSnapshot().lists.cart[0]!,
      'cart',
      'saved_for_later',
    );
    expect(setup.client.getSnapshot().lists.cart).toEqual([]);
    expect(ids(setup.client.getSnapshot().lists.saved_for_later)).toEqual([1]);
    await moving;
    expect(setup.calls().slice(1)).toEqual([`POST ${CART}saved_for_later/`, `DELETE ${CART}cart/`]);
    expect(setup.client.getSnapshot().state.lists.cart).toEqual([]);
    expect(ids(setup.client.getSnapshot().state.lists.saved_for_later)).toEqual([1]);
  });

  it('skips the removal when adding already took the item out of the source', async () => {
    const setup = setUp();
    setup.cart.lists.wishlist.push(courseItem(2));
    await connected(setup);
    await setup.client.moveItem(courseItem(2), 'wishlist', 'cart');
    expect(setup.calls().slice(1)).toEqual([`POST ${CART}cart/`]);
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([2]);
    expect(setup.client.getSnapshot().lists.wishlist).toEqual([]);
  });

  it('leaves the item where it was when the add fails, and in both lists when the removal fails', async () => {
    const setup = setUp();
    setup.cart.lists.cart.push(courseItem(1));
    await connected(setup);
    setup.cart.failNext('POST', `${CART}wishlist/`, 500);
    await expect(setup.client.moveItem(courseItem(1), 'cart', 'wishlist')).rejects.toMatchObject({
      statusCode: 500,
    });
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([1]);
    expect(setup.client.getSnapshot().lists.wishlist).toEqual([]);

    setup.cart.failNext('DELETE', `${CART}cart/`, 500);
    await expect(setup.client.moveItem(courseItem(1), 'cart', 'saved_for_later')).rejects.toMatchObject({
      statusCode: 500,
    });
    expect(ids(setup.client.getSnapshot().lists.cart)).toEqual([1]);
    expect(ids(setup.client.getSnapshot().lists.saved_for_later)).toEqual([1]);
  });
});

describe('CartClient codes and express', () => {
  it('upper-cases codes, answers each attempt and keeps only the applied ones', async () => {
    const setup = setUp();
    setup.cart.lists.cart.push(courseItem(1));
    await connected(setup);
    const attempts = await setup.client.applyCodes([' lectern10 ', 'nope1', 'EXPIRED2020']);
    expect(attempts).toEqual([
      { code: 'LECTERN10', status: 'valid' },
      { code: 'NOPE1', status: 'invalid' },
      { code: 'EXPIRED2020', status: 'expired' },
    ]);
    expect(setup.client.getSnapshot().state.discounts).toEqual([{ code: 'LECTERN10', status: 'valid' }]);
    expect(setup.client.getSnapshot().lists.cart[0]?.current_discount?.code).toBe('LECTERN10');

    await setup.client.removeCodes(['lectern10']);
    expect(setup.writes()[1]?.url).toBe(`${CART}discounts/?codes=LECTERN10`);
    expect(setup.client.getSnapshot().state.discounts).toEqual([]);
  });

  it('keeps refused codes to announce until dismissed, also when a fetch reports them', async () => {
    const setup = setUp();
    await connected(setup);
    await setup.client.applyCodes(['SOLDOUT']);
    expect(setup.client.getSnapshot().rejectedCodes).toEqual([{ code: 'SOLDOUT', status: 'sold_out' }]);
    setup.client.dismissRejectedCodes();
    expect(setup.client.getSnapshot().rejectedCodes).toEqual([]);

    const dropped = fakeCartServer();
    const withDrop = setUp({
      cart: dropped,
      routes: {
        [`GET ${CART}`]: () =>
          new Response(
            JSON.stringify({
              ...emptyResponse(),
              discount_attempts: [
                { code: 'OLDCODE', status: 'expired', detail: 'OLDCODE is expired, and has been removed.' },
              ],
            }),
            { headers: { ETag: '"x"' } },
          ),
      },
    });
    await connected(withDrop);
    expect(withDrop.client.getSnapshot().rejectedCodes.map((attempt) => attempt.code)).toEqual(['OLDCODE']);
    expect(withDrop.client.getSnapshot().state.discounts).toEqual([]);
  });

  it('fills the express list for "Buy now"', async () => {
    const setup = setUp();
    await connected(setup);
    await setup.client.express([{ id: 4, buyable_object_type: 'course' }]);
    expect(setup.writes()[0]?.body).toEqual({ buyables: [{ id: 4, buyable_object_type: 'course' }] });
    expect(ids(setup.client.getSnapshot().lists.express)).toEqual([4]);
  });
});
