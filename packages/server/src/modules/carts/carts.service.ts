import {
  SHOPPING_LIST_MAX_ITEMS,
  money,
  type BuyableRef,
  type BuyableType,
  type CurrencyCode,
  type DiscountAttempt,
  type Money,
  type ShoppingListName,
} from '@lectern/domain';
import {
  createAttemptLimiter,
  hitAll,
  type TakenAttempts,
} from '../../platform/rate-limit/attempt-limiter.js';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import type { Database } from '../../platform/db/database.js';
import { validationError } from '../../platform/http/http-error.js';
import type { CartCourse, CatalogService } from '../catalog/catalog.service.js';
import type { Coupon, CouponsService } from '../coupons/coupons.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import { cartAnswer, type CartAnswer } from './cart-answer.js';
import { cartConflict, checkPrecondition, etagOf, ifMatchTag, newVersion } from './cart-etag.js';
import { buyableKey, itemsOf, LEFT_FOR_THE_CART, OWNED_CHECK_LISTS } from './cart-items.js';
import { evaluateCodes, priceOf, recheckStoredCodes, usableCoupons, type CartFacts } from './cart-pricing.js';
import {
  cartCodesRead,
  createCartsRepository,
  type CartItemRow,
  type CartOwner,
  type CartSnapshot,
  type CartWrite,
} from './carts.repository.js';
import { planVisitorCartMerge } from './visitor-cart-merge.js';

export type { CartAnswer } from './cart-answer.js';
export type { CartOwner } from './carts.repository.js';

/** How long a cart snapshot is remembered for the next write of the same owner (see `begin`). */
const SNAPSHOT_REUSE_MS = 5 * 60 * 1000;
const SNAPSHOT_REUSE_MAX = 20_000;
/** Failed code attempts allowed per cart owner and per address in 15 minutes (design §6). */
export const FAILED_CODE_ATTEMPTS = { perOwner: 20, perAddress: 60, windowMs: 15 * 60 * 1000 };

/** Who is asking and how to price the answer. */
export interface CartRequest {
  owner: CartOwner | null;
  /** The signed-in user, or null for a visitor. */
  userId: number | null;
  /** May be pending: the cart and the credit are read while the user's price country is. */
  pricing: PricingContext | Promise<PricingContext>;
  /** The raw If-Match header of a write. */
  ifMatch?: string;
  /** The client address (rate limit of failed code attempts). */
  ip?: string;
}

/** A planned change: what to write and which attempts to report. */
interface Plan {
  codes: string[];
  deleteItemIds: number[];
  inserts: CartWrite['inserts'];
  attempts: DiscountAttempt[];
  context?: string | null;
}

export function createCartsService(deps: {
  db: Database;
  catalog: CatalogService;
  coupons: CouponsService;
  credit: CreditService;
  orders: OrdersService;
  now?: () => Date;
}) {
  const { catalog, coupons, credit, orders } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createCartsRepository(deps.db);
  const ownerFailures = createAttemptLimiter(deps.db, {
    name: 'codes.owner',
    max: FAILED_CODE_ATTEMPTS.perOwner,
    windowMs: FAILED_CODE_ATTEMPTS.windowMs,
  });
  const addressFailures = createAttemptLimiter(deps.db, {
    name: 'codes.address',
    max: FAILED_CODE_ATTEMPTS.perAddress,
    windowMs: FAILED_CODE_ATTEMPTS.windowMs,
  });

  /**
   * Everything a cart answer needs besides the cart itself, in a fixed number of queries
   * whatever the number of items. What a change acts on is read fresh: the courses being added
   * (one query) and the codes being applied (one query). What is only shown (the courses and
   * codes already in the cart, the public coupons) may come from the catalog's and coupons'
   * short-lived caches, which leaves only the usage counts of limited coupons to read (one
   * query, if any). Plus credit (one, users), ownership (one, only if asked) and target-price
   * tiers (one, only if such a coupon is involved).
   */
  async function loadFor(
    request: CartRequest,
    pricing: PricingContext,
    snapshot: CartSnapshot | null,
    balances: Map<CurrencyCode, Money> | null,
    extra: { courseIds?: number[]; codes?: string[]; ownedAmong?: number[] } = {},
  ): Promise<CartFacts> {
    const { currency } = pricing;
    const fresh = new Set(extra.courseIds ?? []);
    const shown = [...new Set(snapshot?.items.map((item) => item.courseId) ?? [])].filter(
      (id) => !fresh.has(id),
    );
    const codes = [...new Set([...(snapshot?.codes ?? []), ...(extra.codes ?? [])])];
    const [shownCourses, freshCourses, evaluated, owned] = await Promise.all([
      catalog.cartCourses(shown, currency, { cached: true }),
      catalog.cartCourses([...fresh], currency),
      // The buyer's own uses count against codes limited per buyer.
      coupons.evaluate(
        codes,
        { includePublic: true, cached: !extra.codes?.length, buyerId: request.userId },
        now(),
      ),
      request.userId === null || !extra.ownedAmong?.length
        ? new Set<number>()
        : orders.enrolledCourseIds(request.userId, extra.ownedAmong),
    ]);
    const tierIds = [...evaluated.byCode.values()]
      .map((coupon) => (coupon.discount.kind === 'target_price' ? coupon.discount.tierId : null))
      .filter((id) => id !== null);
    const tierAmounts = tierIds.length > 0 ? await catalog.tierAmounts(tierIds, currency) : new Map();
    return {
      courses: new Map([...shownCourses, ...freshCourses]),
      coupons: evaluated.byCode,
      available: evaluated.available,
      tierAmounts,
      credit: balances === null ? null : (balances.get(currency) ?? money(0, currency)),
      owned,
      pricing,
    };
  }

  const ownerKey = (request: CartRequest) =>
    request.owner?.userId !== undefined
      ? `user:${request.owner.userId}`
      : `visitor:${request.owner?.visitorId}`;

  // The last snapshot of each cart this instance read or wrote. A write whose If-Match names
  // that snapshot's version starts from it instead of reading the cart again: the write's
  // compare-and-swap on the version proves it is still current (versions are never reused),
  // and when it fails the cart is read fresh to answer 412 or 409. Reads always hit the database.
  const snapshots = createExpiringCache<string, CartSnapshot>({
    ttlMs: SNAPSHOT_REUSE_MS,
    maxEntries: SNAPSHOT_REUSE_MAX,
  });
  const remember = (request: CartRequest, snapshot: CartSnapshot | null) => {
    if (snapshot) snapshots.set(ownerKey(request), snapshot);
    else snapshots.delete(ownerKey(request));
  };
  /** The remembered snapshot, when the write's If-Match names exactly its version. */
  const reusable = (request: CartRequest): CartSnapshot | undefined => {
    const snapshot = request.owner ? snapshots.get(ownerKey(request)) : undefined;
    const tag = ifMatchTag(request.ifMatch);
    return snapshot && tag === etagOf(snapshot) ? snapshot : undefined;
  };

  /**
   * The cart, the price context and the user's credit, read at the same time. With `reuse`
   * (writes), a remembered snapshot at the If-Match version stands in for the cart read.
   */
  function begin(request: CartRequest, options: { reuse?: boolean } = {}) {
    const reused = options.reuse ? reusable(request) : undefined;
    return Promise.all([
      reused ?? (request.owner ? repository.load(request.owner) : null),
      request.pricing,
      request.userId === null ? null : credit.balancesOf(request.userId, { cached: true }),
      reused !== undefined,
    ] as const);
  }

  /** The snapshot after a successful write, without reading it again (the version proved nothing else changed). */
  function applied(
    snapshot: CartSnapshot | null,
    write: CartWrite,
    result: { cartId: number; added: CartItemRow[] },
  ): CartSnapshot {
    const deleted = new Set(write.deleteItemIds);
    return {
      id: result.cartId,
      version: write.newVersion,
      codes: write.codes,
      items: [...result.added, ...(snapshot?.items ?? []).filter((item) => !deleted.has(item.id))],
    };
  }

  /**
   * The one write path: read the cart, check If-Match (428/412), load what the change needs,
   * plan it, and write it with a compare-and-swap on the version (409 when another write got
   * there first). Bad input throws before anything is written; a change that changes nothing
   * writes nothing and keeps the ETag.
   */
  async function change(
    request: CartRequest,
    needs: { courseIds?: number[]; codes?: string[]; ownedAmong?: number[] },
    plan: (snapshot: CartSnapshot | null, loaded: CartFacts, storedKeep: string[]) => Plan,
  ): Promise<CartAnswer> {
    const owner = request.owner;
    if (!owner) throw new Error('a cart write needs an owner');
    const [snapshot, pricing, balances, reused] = await begin(request, { reuse: true });
    checkPrecondition(request.ifMatch, snapshot);
    const loaded = await loadFor(request, pricing, snapshot, balances, needs);
    const { keep, dropped } = recheckStoredCodes(snapshot, loaded);
    const planned = plan(snapshot, loaded, keep);
    const attempts = [...dropped, ...planned.attempts];
    const codesChanged =
      planned.codes.length !== (snapshot?.codes.length ?? 0) ||
      planned.codes.some((code, i) => code !== snapshot?.codes[i]);
    if (!codesChanged && planned.deleteItemIds.length === 0 && planned.inserts.length === 0) {
      remember(request, snapshot);
      return cartAnswer(request.userId, snapshot, loaded, attempts);
    }
    const write: CartWrite = {
      owner,
      cartId: snapshot?.id ?? null,
      expectedVersion: snapshot?.version ?? null,
      newVersion: newVersion(),
      codes: planned.codes,
      deleteItemIds: planned.deleteItemIds,
      inserts: planned.inserts,
      context: planned.context ?? null,
    };
    const result = await repository.write(write);
    if (!result) {
      if (reused) {
        // Started from a remembered snapshot: was it already out of date (412), or did another
        // write win meanwhile (409)? A winner this instance has seen since then is a lost race;
        // one made elsewhere at an unknown time is answered as a stale If-Match.
        const current = await repository.load(owner);
        const seenHere = snapshots.get(ownerKey(request));
        remember(request, current);
        if (!current || seenHere?.version !== current.version) checkPrecondition(request.ifMatch, current);
      }
      throw cartConflict();
    }
    const written = applied(snapshot, write, result);
    remember(request, written);
    return cartAnswer(request.userId, written, loaded, attempts);
  }

  /** Checks buyables against the catalog and ownership; throws a 400 naming the first problem of each. */
  function validateBuyables(list: ShoppingListName, buyables: readonly BuyableRef[], loaded: CartFacts) {
    const fieldErrors: Record<string, string[]> = {};
    buyables.forEach((buyable, index) => {
      const course = loaded.courses.get(buyable.id);
      if (!course || !course.visible) {
        fieldErrors[`buyables.${index}.id`] = [`There is no course with id ${buyable.id}.`];
      } else if (
        OWNED_CHECK_LISTS.has(list) &&
        buyable.buyable_object_type === 'course' &&
        loaded.owned.has(buyable.id)
      ) {
        fieldErrors[`buyables.${index}.id`] = [
          `You already own “${course.title}”, so it cannot be bought again.`,
        ];
      }
    });
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  }

  const tooMany = (list: ShoppingListName) =>
    validationError(
      { buyables: [`A list holds at most ${SHOPPING_LIST_MAX_ITEMS} items.`] },
      `Your ${list.replaceAll('_', ' ')} can hold at most ${SHOPPING_LIST_MAX_ITEMS} items; remove some first.`,
    );

  /**
   * Discount-code guessing (design §6): refused codes per cart owner and per address, shared
   * by every instance. Every code sent is counted before it is looked at (one round trip for
   * both limits, 429 past either), so concurrent requests cannot all slip under the limit.
   */
  function takeCodeAttempts(request: CartRequest, codes: readonly string[]): Promise<TakenAttempts> {
    return hitAll(
      deps.db,
      [[ownerFailures, ownerKey(request)], ...(request.ip ? [[addressFailures, request.ip] as const] : [])],
      { times: codes.length },
    );
  }

  /**
   * Runs a change that evaluates `codes`, then gives back the attempts of the codes that were
   * not refused (valid ones, or all of them when the change failed before answering).
   */
  async function withCodeAttempts(
    request: CartRequest,
    codes: readonly string[],
    run: (tally: { refused: number }) => Promise<CartAnswer>,
  ): Promise<CartAnswer> {
    if (codes.length === 0) return run({ refused: 0 });
    const taken = await takeCodeAttempts(request, codes);
    const tally = { refused: 0 };
    let answer: CartAnswer;
    try {
      answer = await run(tally);
    } catch (error) {
      // Nothing was answered about the codes: none of them was a guess. A failed give-back
      // only leaves the limit stricter; the change's own error is the one to answer.
      await taken.giveBack().catch(() => {});
      throw error;
    }
    await taken.giveBack(codes.length - tally.refused);
    return answer;
  }

  return {
    /** Facts for a combined read (`prepareCombinedRead`): the codes on the user's cart (`userId`). */
    reads: { codes: cartCodesRead },

    /**
     * `GET /shopping-carts/me/`. Stored codes that became bad are reported once and dropped
     * (a new version); items shown for the first time count as unseen in this answer and as
     * seen afterwards (not a change of the cart: the version stays).
     */
    async read(request: CartRequest): Promise<CartAnswer> {
      const [snapshot, pricing, balances] = await begin(request);
      const loaded = await loadFor(request, pricing, snapshot, balances);
      const { keep, dropped } = recheckStoredCodes(snapshot, loaded);
      let current = snapshot;
      if (snapshot && dropped.length > 0 && request.owner) {
        const write: CartWrite = {
          owner: request.owner,
          cartId: snapshot.id,
          expectedVersion: snapshot.version,
          newVersion: newVersion(),
          codes: keep,
          deleteItemIds: [],
          inserts: [],
          context: null,
        };
        // Losing this race is harmless: the other write re-checks the codes itself.
        const result = await repository.write(write);
        if (result) current = applied(snapshot, write, result);
      }
      const unseen = (current?.items ?? []).filter((item) => !item.seen).map((item) => item.id);
      await repository.markSeen(unseen);
      remember(
        request,
        current && { ...current, items: current.items.map((item) => ({ ...item, seen: true })) },
      );
      return cartAnswer(request.userId, current, loaded, dropped);
    },

    /** `POST /shopping-carts/me/{list}/`: adds buyables; adding to the cart takes them off the wishlist and saved-for-later. */
    addToList(
      request: CartRequest,
      list: ShoppingListName,
      buyables: readonly BuyableRef[],
      context: string | null,
    ): Promise<CartAnswer> {
      const ids = buyables.map((buyable) => buyable.id);
      return change(
        request,
        { courseIds: ids, ownedAmong: OWNED_CHECK_LISTS.has(list) ? ids : [] },
        (snapshot, loaded, keep) => {
          validateBuyables(list, buyables, loaded);
          const present = new Set(
            itemsOf(snapshot, list).map((item) => buyableKey(item.buyableType, item.courseId)),
          );
          const wanted = new Set(buyables.map((b) => buyableKey(b.buyable_object_type, b.id)));
          const inserts = buyables
            .filter((b) => !present.has(buyableKey(b.buyable_object_type, b.id)))
            .map((b) => ({ list, buyableType: b.buyable_object_type, courseId: b.id }));
          if (present.size + inserts.length > SHOPPING_LIST_MAX_ITEMS) throw tooMany(list);
          const deleteItemIds =
            list === 'cart'
              ? (snapshot?.items ?? [])
                  .filter(
                    (item) =>
                      LEFT_FOR_THE_CART.has(item.list) &&
                      wanted.has(buyableKey(item.buyableType, item.courseId)),
                  )
                  .map((item) => item.id)
              : [];
          return { codes: keep, inserts, deleteItemIds, attempts: [], context };
        },
      );
    },

    /** `DELETE /shopping-carts/me/{list}/?boId=&boType=`: removing what is not there changes nothing. */
    removeFromList(request: CartRequest, list: ShoppingListName, buyable: BuyableRef): Promise<CartAnswer> {
      return change(request, {}, (snapshot, _loaded, keep) => ({
        codes: keep,
        inserts: [],
        deleteItemIds: itemsOf(snapshot, list)
          .filter((item) => item.buyableType === buyable.buyable_object_type && item.courseId === buyable.id)
          .map((item) => item.id),
        attempts: [],
      }));
    },

    /** `POST /shopping-carts/me/discounts/` with normalized codes. */
    applyCodes(request: CartRequest, codes: readonly string[]): Promise<CartAnswer> {
      return withCodeAttempts(request, codes, (tally) =>
        change(request, { codes: [...codes] }, (snapshot, loaded, keep) => {
          const cartCourses = itemsOf(snapshot, 'cart').map((item) => item.courseId);
          const evaluated = evaluateCodes(codes, keep, loaded, cartCourses, tally);
          return { ...evaluated, inserts: [], deleteItemIds: [] };
        }),
      );
    },

    /** `DELETE /shopping-carts/me/discounts/`: the given codes, or all of them when `codes` is null. */
    removeCodes(request: CartRequest, codes: readonly string[] | null): Promise<CartAnswer> {
      return change(request, {}, (_snapshot, _loaded, keep) => ({
        codes: codes === null ? [] : keep.filter((code) => !codes.includes(code)),
        inserts: [],
        deleteItemIds: [],
        attempts: [],
      }));
    },

    /** `POST /shopping-carts/me/express/` ("Buy now"): replaces the express list; optional codes as for discounts. */
    replaceExpress(
      request: CartRequest,
      buyables: readonly BuyableRef[],
      codes: readonly string[],
      context: string | null = null,
    ): Promise<CartAnswer> {
      const ids = buyables.map((buyable) => buyable.id);
      return withCodeAttempts(request, codes, (tally) =>
        change(request, { courseIds: ids, ownedAmong: ids, codes: [...codes] }, (snapshot, loaded, keep) => {
          validateBuyables('express', buyables, loaded);
          if (buyables.length > SHOPPING_LIST_MAX_ITEMS) throw tooMany('express');
          const current = itemsOf(snapshot, 'express');
          const have = new Set(current.map((item) => buyableKey(item.buyableType, item.courseId)));
          const wanted = new Set(buyables.map((b) => buyableKey(b.buyable_object_type, b.id)));
          const evaluated = evaluateCodes(codes, keep, loaded, ids, tally);
          return {
            ...evaluated,
            context,
            inserts: buyables
              .filter((b) => !have.has(buyableKey(b.buyable_object_type, b.id)))
              .map((b) => ({ list: 'express' as const, buyableType: b.buyable_object_type, courseId: b.id })),
            deleteItemIds: current
              .filter((item) => !wanted.has(buyableKey(item.buyableType, item.courseId)))
              .map((item) => item.id),
          };
        }),
      );
    },

    /** The codes on a visitor's cart (a guest checkout prices with them). */
    async visitorCodes(visitorId: string): Promise<string[]> {
      return (await repository.load({ visitorId }))?.codes ?? [];
    },

    /**
     * On login or signup: moves the visitor's items and codes into the user's cart
     * (`planVisitorCartMerge`), then deletes the visitor's cart. Retries a few times if the
     * user's cart changes meanwhile.
     */

    async mergeVisitorCart(visitorId: string, userId: number): Promise<void> {
      const visitor = await repository.load({ visitorId });
      if (!visitor) return;
      const owner = { userId };
      const visitorCourses = visitor.items.map((item) => item.courseId);
      const owned = await orders.enrolledCourseIds(userId, visitorCourses);
      for (let attempt = 0; attempt < 3; attempt++) {
        const user = await repository.load(owner);
        const write: CartWrite = {
          owner,
          cartId: user?.id ?? null,
          expectedVersion: user?.version ?? null,
          newVersion: newVersion(),
          ...planVisitorCartMerge(visitor, user, owned),
          context: 'visitor_cart_merge',
        };
        if (await repository.write(write)) {
          await repository.deleteCart(visitor.id, visitor.version);
          return;
        }
      }
      throw new Error('the user cart kept changing during the visitor cart merge');
    },

    /**
     * Checkout pricing: the courses among `courseIds` (unknown ids absent), each with its list
     * price and its price after the best of `codes` (the codes on the user's cart, read fresh
     * by the caller through `reads.codes`: a code applied through another instance must show
     * before the buyer pays) that are valid (the cart's rule). Read fresh by default, as a
     * submit needs (it decides money); with `cached` (the checkout page only shows the figures)
     * course data and coupon definitions may come from this instance's short-lived caches.
     */
    async checkoutPrices(
      pricing: PricingContext,
      courseIds: readonly number[],
      codes: readonly string[],
      /** `buyerId`: the buyer, whose own uses count against codes limited per buyer. */
      options: { cached?: boolean; buyerId?: number | null } = {},
    ): Promise<Map<number, CartCourse & { price: Money; couponCode: string | null }>> {
      const ids = [...new Set(courseIds)];
      const cached = options.cached === true;
      const [found, evaluated] = await Promise.all([
        catalog.cartCourses(ids, pricing.currency, { cached }),
        codes.length > 0
          ? coupons.evaluate(codes, { includePublic: false, cached, buyerId: options.buyerId ?? null }, now())
          : { byCode: new Map<string, Coupon>() },
      ]);
      const tierIds = [...evaluated.byCode.values()]
        .map((coupon) => (coupon.discount.kind === 'target_price' ? coupon.discount.tierId : null))
        .filter((id) => id !== null);
      const loaded: CartFacts = {
        courses: found,
        coupons: evaluated.byCode,
        available: [],
        tierAmounts:
          tierIds.length > 0
            ? await catalog.tierAmounts(tierIds, pricing.currency)
            : new Map<number, Money>(),
        credit: null,
        // Ownership is the checkout's own check (it reads it with the codes); pricing ignores it.
        owned: new Set(),
        pricing,
      };
      const usable = usableCoupons(codes, loaded);
      const courses = new Map<number, CartCourse & { price: Money; couponCode: string | null }>();
      for (const [id, course] of found) {
        const { price, coupon } = priceOf(course, usable, loaded);
        // Named fields, not a spread: this runs for every course of every checkout-info.
        courses.set(id, {
          id: course.id,
          title: course.title,
          url: course.url,
          visible: course.visible,
          listPrice: course.listPrice,
          visibleInstructors: course.visibleInstructors,
          categoryIds: course.categoryIds,
          price,
          couponCode: coupon?.code ?? null,
        });
      }
      return courses;
    },

    /**
     * Checkout fulfilment: the bought courses leave the user's cart and express lists (a new
     * cart version) in the fulfilment transaction `within`.
     */
    async removePurchased(
      within: Database,
      userId: number,
      bought: readonly { buyableType: BuyableType; courseId: number }[],
    ): Promise<void> {
      if (bought.length === 0) return;
      await repository.removePurchased(within, userId, bought, newVersion());
      snapshots.delete(`user:${userId}`);
    },

    /** Housekeeping: visitor carts nobody touched for `maxIdleMs` (default 30 days, platform §9). */
    deleteIdleVisitorCarts(maxIdleMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
      return repository.deleteIdleVisitorCarts(new Date(now().getTime() - maxIdleMs));
    },
  };
}

export type CartsService = ReturnType<typeof createCartsService>;
