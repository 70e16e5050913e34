import {
  SHOPPING_LISTS,
  type ApiPrice,
  type BuyableRef,
  type CartSessionResponse,
  type DiscountAttempt,
  type ListItem,
  type ShoppingListName,
} from '@lectern/domain';
import { json, type FakeHandler, type RecordedRequest } from './fake-server';

export const usd = (amount: number): ApiPrice => ({
  amount,
  currency: 'USD',
  price_string: `$${(amount / 100).toFixed(2)}`,
});

/** A list item for course `id` at $19.99 (or the given price), undiscounted; `type` 'gift': a gift of it. */
export function courseItem(
  id: number,
  amount = 1999,
  type: BuyableRef['buyable_object_type'] = 'course',
): ListItem {
  return {
    buyable: {
      id,
      buyable_object_type: type,
      course: {
        id,
        title: `Course ${id}`,
        url: `/course/course-${id}/`,
        image_url: null,
        visible_instructors: [{ display_name: 'Grace Hopper' }],
      },
    },
    purchase_price: usd(amount),
    list_price: usd(amount),
    current_discount: null,
  };
}

const CODE_STATUS: Record<string, DiscountAttempt['status']> = {
  LECTERN10: 'valid',
  EXPIRED2020: 'expired',
  SOLDOUT: 'sold_out',
};

export interface FakeCartOptions {
  userId?: number | null;
  credit?: number;
}

/**
 * A stateful fake of the cart API (platform §7) for tests: ETags that move on every write,
 * 412 for a stale `If-Match`, LECTERN10 (10% off) as the one valid code, and hooks to make
 * another "tab" change the cart or to fail the next request.
 */
export function fakeCartServer({ userId = 7, credit = 0 }: FakeCartOptions = {}) {
  const lists: Record<ShoppingListName, ListItem[]> = {
    cart: [],
    express: [],
    saved_for_later: [],
    wishlist: [],
  };
  let codes: string[] = [];
  let version = 1;
  const failures: Array<{ match: (request: RecordedRequest) => boolean; status: number }> = [];
  const etag = () => `"cart-v${version}"`;

  const priced = (item: ListItem): ListItem => {
    if (!codes.includes('LECTERN10'))
      return { ...item, purchase_price: item.list_price, current_discount: null };
    const saving = Math.round(item.list_price.amount / 10);
    return {
      ...item,
      purchase_price: usd(item.list_price.amount - saving),
      current_discount: { code: 'LECTERN10', saving_price: usd(saving) },
    };
  };

  const body = (reported: DiscountAttempt[] = []): CartSessionResponse => ({
    cart: lists.cart.map(priced),
    express: lists.express.map(priced),
    saved_for_later: lists.saved_for_later.map(priced),
    wishlist: lists.wishlist.map(priced),
    cart_unseen_count: 0,
    express_unseen_count: 0,
    saved_for_later_unseen_count: 0,
    wishlist_unseen_count: 0,
    discount_attempts: [...codes.map((code) => ({ code, status: 'valid' as const })), ...reported],
    user: userId === null ? null : { id: userId, credit: usd(credit) },
    available_coupon_info: { coupons: [] },
  });

  const answer = (reported: DiscountAttempt[] = [], status = 200) =>
    new Response(JSON.stringify(body(reported)), {
      status,
      headers: { 'Content-Type': 'application/json', ETag: etag() },
    });

  /** Checks If-Match and any injected failure; answers the error or null to go on. */
  const guard = (request: RecordedRequest): Response | null => {
    const index = failures.findIndex((failure) => failure.match(request));
    if (index >= 0) {
      const [failure] = failures.splice(index, 1);
      return json({ detail: 'Injected failure.', code: 'injected' }, failure!.status);
    }
    if (request.method !== 'GET' && request.headers['If-Match'] !== etag()) {
      return json({ detail: 'The cart changed.', code: 'precondition_failed' }, 412);
    }
    return null;
  };

  const has = (list: ShoppingListName, ref: BuyableRef) =>
    lists[list].some(
      (item) => item.buyable.id === ref.id && item.buyable.buyable_object_type === ref.buyable_object_type,
    );

  const add = (list: ShoppingListName, refs: BuyableRef[]) => {
    for (const ref of refs) {
      if (!has(list, ref)) lists[list] = [...lists[list], courseItem(ref.id, 1999, ref.buyable_object_type)];
      if (list === 'cart') remove('wishlist', ref);
    }
  };

  const remove = (list: ShoppingListName, ref: BuyableRef) => {
    lists[list] = lists[list].filter(
      (item) => !(item.buyable.id === ref.id && item.buyable.buyable_object_type === ref.buyable_object_type),
    );
  };

  const query = (request: RecordedRequest) => new URL(request.url, 'http://fake').searchParams;

  const routes: Record<string, FakeHandler> = {
    'GET /api-2.0/shopping-carts/me/': (request) => guard(request) ?? answer(),
    'POST /api-2.0/shopping-carts/me/discounts/': (request) => {
      const failed = guard(request);
      if (failed) return failed;
      const reported: DiscountAttempt[] = [];
      for (const code of (request.body as { codes: string[] }).codes) {
        const status = CODE_STATUS[code] ?? 'invalid';
        if (status === 'valid') codes = [...new Set([...codes, code])];
        else reported.push({ code, status });
      }
      version += 1;
      return answer(reported);
    },
    'DELETE /api-2.0/shopping-carts/me/discounts/': (request) => {
      const failed = guard(request);
      if (failed) return failed;
      const removed = query(request).get('codes');
      codes = removed === null ? [] : codes.filter((code) => !removed.split(',').includes(code));
      version += 1;
      return answer();
    },
    'POST /api-2.0/shopping-carts/me/express/': (request) => {
      const failed = guard(request);
      if (failed) return failed;
      lists.express = [];
      add('express', (request.body as { buyables: BuyableRef[] }).buyables);
      version += 1;
      return answer();
    },
  };
  for (const list of SHOPPING_LISTS) {
    if (list === 'express') continue;
    routes[`POST /api-2.0/shopping-carts/me/${list}/`] = (request) => {
      const failed = guard(request);
      if (failed) return failed;
      add(list, (request.body as { buyables: BuyableRef[] }).buyables);
      version += 1;
      return answer();
    };
    routes[`DELETE /api-2.0/shopping-carts/me/${list}/`] = (request) => {
      const failed = guard(request);
      if (failed) return failed;
      const params = query(request);
      remove(list, {
        id: Number(params.get('boId')),
        buyable_object_type: params.get('boType') as BuyableRef['buyable_object_type'],
      });
      version += 1;
      return answer();
    };
  }

  return {
    routes,
    lists,
    etag,
    /** Another tab or device changes the cart: new contents, new ETag. */
    changeElsewhere(change: (state: { lists: typeof lists; codes: string[] }) => void) {
      const state = { lists, codes };
      change(state);
      codes = state.codes;
      version += 1;
    },
    /** The next request matching `method path` fails with `status` (once per call). */
    failNext(method: string, path: string, status: number) {
      failures.push({ match: (request) => request.method === method && request.path === path, status });
    },
    get codes() {
      return codes;
    },
  };
}
