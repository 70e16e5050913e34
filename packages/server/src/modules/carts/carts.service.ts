import { randomBytes } from 'node:crypto';
import {
  API_ERROR_CODES,
  CART_MESSAGES,
  SHOPPING_LIST_MAX_ITEMS,
  bestDiscount,
  discountedPrice,
  money,
  removedCodesMessage,
  subtractMoney,
  toApiPrice,
  type BuyableRef,
  type BuyableType,
  type CartSessionResponse,
  type DiscountAttempt,
  type CurrencyCode,
  type ListItem,
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
import { HttpError, validationError } from '../../platform/http/http-error.js';
import type { CartCourse, CatalogService } from '../catalog/catalog.service.js';
import type { Coupon, CouponsService } from '../coupons/coupons.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import {
  cartCodesRead,
  createCartsRepository,
  type CartItemRow,
  type CartOwner,
  type CartSnapshot,
  type CartWrite,
} from './carts.repository.js';

export type { CartOwner } from './carts.repository.js';

/** The ETag of an owner who has no cart yet. Real versions are random 16-character tokens. */
export const NO_CART_ETAG = '"0"';
/** The most codes one cart keeps applied. */
export const MAX_STORED_CODES = 10;
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

export interface CartAnswer {
  etag: string;
  body: CartSessionResponse;
}

type BadStatus = Exclude<DiscountAttempt['status'], 'valid'>;

const newVersion = () => randomBytes(12).toString('base64url');
const etagOf = (snapshot: CartSnapshot | null) => (snapshot ? `"${snapshot.version}"` : NO_CART_ETAG);
const buyableKey = (type: BuyableType, courseId: number) => `${type}:${courseId}`;
const OWNED_CHECK_LISTS: ReadonlySet<ShoppingListName> = new Set(['cart', 'express']);

const preconditionRequired = () =>
  new HttpError(
    428,
    API_ERROR_CODES.preconditionRequired,
    "Send the cart's ETag in an If-Match header: fetch the cart first, then retry the change.",
  );
const preconditionFailed = (current: string) =>
  new HttpError(
    412,
    API_ERROR_CODES.preconditionFailed,
    'The cart has changed since you loaded it (If-Match does not match its ETag). Fetch it again and retry.',
    undefined,
    { etag: current },
  );
const conflict = () =>
  new HttpError(
    409,
    API_ERROR_CODES.conflict,
    'The cart was changed by another request at the same moment. Fetch it again and retry.',
  );

/**
 * Platform §7 If-Match: a missing header is refused (428) once the cart exists; `*` matches
 * any existing cart; otherwise one of the listed tags must equal the current ETag. Tags are
 * compared without a `W/` prefix, which proxies add when they compress.
 */
function checkPrecondition(ifMatch: string | undefined, snapshot: CartSnapshot | null): void {
  const header = ifMatch?.trim();
  if (!header) {
    if (snapshot) throw preconditionRequired();
    return;
  }
  const current = etagOf(snapshot);
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags.includes('*') ? snapshot !== null : tags.includes(current)) return;
  throw preconditionFailed(current);
}

interface Loaded {
  courses: Map<number, CartCourse>;
  /** Coupons of the stored and requested codes, by code (absent: no such code). */
  coupons: Map<string, Coupon>;
  available: Coupon[];
  tierAmounts: Map<number, Money>;
  credit: Money | null;
  owned: Set<number>;
  pricing: PricingContext;
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
  ): Promise<Loaded> {
    const { currency } = pricing;
    const fresh = new Set(extra.courseIds ?? []);
    const shown = [...new Set(snapshot?.items.map((item) => item.courseId) ?? [])].filter(
      (id) => !fresh.has(id),
    );
    const codes = [...new Set([...(snapshot?.codes ?? []), ...(extra.codes ?? [])])];
    const [shownCourses, freshCourses, evaluated, owned] = await Promise.all([
      catalog.cartCourses(shown, currency, { cached: true }),
      catalog.cartCourses([...fresh], currency),
      coupons.evaluate(codes, { includePublic: true, cached: !extra.codes?.length }, now()),
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
    const tag = request.ifMatch?.trim().replace(/^W\//, '');
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

  /** Stored codes split into those still usable and those that became bad (reported once, then dropped). */
  function recheckStoredCodes(snapshot: CartSnapshot | null, loaded: Loaded) {
    const keep: string[] = [];
    const dropped: DiscountAttempt[] = [];
    for (const code of snapshot?.codes ?? []) {
      const status = loaded.coupons.get(code)?.validity ?? 'invalid';
      if (status === 'valid') keep.push(code);
      else dropped.push({ code, status, detail: removedCodesMessage([code], status) });
    }
    return { keep, dropped };
  }

  /** The price of one course after the best of the given coupons that covers it. */
  function priceOf(course: CartCourse, usable: Coupon[], loaded: Loaded) {
    const candidates = usable
      .filter((coupon) => coupons.coversCourse(coupon, course.id))
      .map((coupon) => ({ coupon, discount: coupons.discountIn(coupon, loaded.tierAmounts) }))
      .filter((candidate) => candidate.discount !== null)
      .map((candidate) => ({ coupon: candidate.coupon, discount: candidate.discount! }));
    const best = bestDiscount(course.listPrice, candidates);
    return best
      ? { price: best.price, coupon: best.coupon.coupon }
      : { price: course.listPrice, coupon: null };
  }

  /** True when the coupon lowers the price of at least one of the courses. */
  function lowersAny(coupon: Coupon, courseIds: Iterable<number>, loaded: Loaded): boolean {
    const discount = coupons.discountIn(coupon, loaded.tierAmounts);
    if (!discount) return false;
    for (const id of courseIds) {
      const course = loaded.courses.get(id);
      if (!course || !coupons.coversCourse(coupon, id)) continue;
      if (discountedPrice(course.listPrice, discount).amount < course.listPrice.amount) return true;
    }
    return false;
  }

  function present(
    request: CartRequest,
    snapshot: CartSnapshot | null,
    loaded: Loaded,
    attempts: DiscountAttempt[],
  ): CartAnswer {
    const locale = loaded.pricing.intlLocale;
    const stored = snapshot?.codes ?? [];
    const usable = stored
      .map((code) => loaded.coupons.get(code))
      .filter((coupon) => coupon !== undefined && coupon.validity === 'valid') as Coupon[];
    const lists: Record<ShoppingListName, ListItem[]> = {
      cart: [],
      express: [],
      saved_for_later: [],
      wishlist: [],
    };
    const unseen: Record<ShoppingListName, number> = { cart: 0, express: 0, saved_for_later: 0, wishlist: 0 };
    for (const item of snapshot?.items ?? []) {
      const course = loaded.courses.get(item.courseId);
      if (!course) continue;
      const { price, coupon } = priceOf(course, usable, loaded);
      lists[item.list].push({
        buyable: {
          id: item.courseId,
          buyable_object_type: item.buyableType,
          course: {
            id: course.id,
            title: course.title,
            url: course.url,
            image_url: null,
            visible_instructors: course.visibleInstructors,
          },
        },
        purchase_price: toApiPrice(price, locale),
        list_price: toApiPrice(course.listPrice, locale),
        current_discount: coupon
          ? {
              code: coupon.code,
              saving_price: toApiPrice(subtractMoney(course.listPrice, price), locale, {
                freeWhenZero: false,
              }),
            }
          : null,
      });
      if (!item.seen) unseen[item.list] += 1;
    }
    const reported = new Set(attempts.map((attempt) => attempt.code));
    return {
      etag: etagOf(snapshot),
      body: {
        cart: lists.cart,
        express: lists.express,
        saved_for_later: lists.saved_for_later,
        wishlist: lists.wishlist,
        cart_unseen_count: unseen.cart,
        express_unseen_count: unseen.express,
        saved_for_later_unseen_count: unseen.saved_for_later,
        wishlist_unseen_count: unseen.wishlist,
        discount_attempts: [
          ...usable
            .filter((coupon) => !reported.has(coupon.code))
            .map((coupon): DiscountAttempt => ({ code: coupon.code, status: 'valid' })),
          ...attempts,
        ],
        user:
          request.userId === null
            ? null
            : {
                id: request.userId,
                credit: toApiPrice(
                  loaded.credit ?? { amount: 0, currency: loaded.pricing.currency },
                  locale,
                  {
                    freeWhenZero: false,
                  },
                ),
              },
        available_coupon_info: {
          coupons: loaded.available.map((coupon) => ({
            code: coupon.code,
            description: coupon.description,
            ends_at: coupon.endsAt?.toISOString() ?? null,
          })),
        },
      },
    };
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
    plan: (snapshot: CartSnapshot | null, loaded: Loaded, storedKeep: string[]) => Plan,
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
      return present(request, snapshot, loaded, attempts);
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
      throw conflict();
    }
    const written = applied(snapshot, write, result);
    remember(request, written);
    return present(request, written, loaded, attempts);
  }

  /** Checks buyables against the catalog and ownership; throws a 400 naming the first problem of each. */
  function validateBuyables(list: ShoppingListName, buyables: readonly BuyableRef[], loaded: Loaded) {
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
   * Evaluates requested codes for the cart. Valid codes are kept (after the stored ones,
   * without duplicates); the others are reported with their status and platform §8 text.
   * A valid code that lowers no price among `against` (when there is something to buy) is
   * reported invalid: "not valid for this course".
   */
  function evaluateCodes(
    requested: readonly string[],
    keep: string[],
    loaded: Loaded,
    against: number[],
    /** Counts the refused codes of this evaluation (a retried change evaluates again). */
    tally: { refused: number },
  ): { codes: string[]; attempts: DiscountAttempt[] } {
    const codes = [...keep];
    const attempts: DiscountAttempt[] = [];
    tally.refused = 0;
    const refuse = (code: string, status: BadStatus, detail: string) => {
      attempts.push({ code, status, detail });
      tally.refused += 1;
    };
    for (const code of requested) {
      const coupon = loaded.coupons.get(code);
      const status = coupon?.validity ?? 'invalid';
      if (status !== 'valid') refuse(code, status, removedCodesMessage([code], status));
      else if (against.length > 0 && !lowersAny(coupon!, against, loaded))
        refuse(code, 'invalid', CART_MESSAGES.codeNotValidForCourse);
      else if (!codes.includes(code)) codes.push(code);
    }
    if (codes.length > MAX_STORED_CODES) {
      throw validationError(
        { codes: [`A cart keeps at most ${MAX_STORED_CODES} codes.`] },
        `A cart keeps at most ${MAX_STORED_CODES} codes; remove one first.`,
      );
    }
    return { codes, attempts };
  }

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

  const itemsOf = (snapshot: CartSnapshot | null, list: ShoppingListName) =>
    (snapshot?.items ?? []).filter((item) => item.list === list);

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
      return present(request, current, loaded, dropped);
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
                      (item.list === 'wishlist' || item.list === 'saved_for_later') &&
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

    /**
     * On login or signup: moves the visitor's items and codes into the user's cart (skipping
     * courses the user owns for cart and express, duplicates and anything past the list limit),
     * a visitor's express list replacing the user's, then deletes the visitor's cart.
     * Retries a few times if the user's cart changes meanwhile.
     */
    /** The codes on a visitor's cart (a guest checkout prices with them). */
    async visitorCodes(visitorId: string): Promise<string[]> {
      return (await repository.load({ visitorId }))?.codes ?? [];
    },

    async mergeVisitorCart(visitorId: string, userId: number): Promise<void> {
      const visitor = await repository.load({ visitorId });
      if (!visitor) return;
      const owner = { userId };
      const visitorCourses = visitor.items.map((item) => item.courseId);
      const owned = await orders.enrolledCourseIds(userId, visitorCourses);
      for (let attempt = 0; attempt < 3; attempt++) {
        const user = await repository.load(owner);
        const keys = new Map<ShoppingListName, Set<string>>();
        for (const item of user?.items ?? []) {
          if (!keys.has(item.list)) keys.set(item.list, new Set());
          keys.get(item.list)!.add(buyableKey(item.buyableType, item.courseId));
        }
        const visitorExpress = itemsOf(visitor, 'express');
        const expressKeys = new Set(
          visitorExpress.map((item) => buyableKey(item.buyableType, item.courseId)),
        );
        const deleteItemIds: number[] = [];
        if (visitorExpress.length > 0) {
          for (const item of itemsOf(user, 'express')) {
            if (!expressKeys.has(buyableKey(item.buyableType, item.courseId))) {
              deleteItemIds.push(item.id);
              keys.get('express')?.delete(buyableKey(item.buyableType, item.courseId));
            }
          }
        }
        const inserts: CartWrite['inserts'] = [];
        const cartAdds = new Set<string>();
        for (const item of [...visitor.items].reverse()) {
          const key = buyableKey(item.buyableType, item.courseId);
          const listKeys = keys.get(item.list) ?? new Set<string>();
          keys.set(item.list, listKeys);
          if (OWNED_CHECK_LISTS.has(item.list) && item.buyableType === 'course' && owned.has(item.courseId))
            continue;
          if (listKeys.has(key) || listKeys.size >= SHOPPING_LIST_MAX_ITEMS) continue;
          listKeys.add(key);
          inserts.push({ list: item.list, buyableType: item.buyableType, courseId: item.courseId });
          if (item.list === 'cart') cartAdds.add(key);
        }
        for (const item of user?.items ?? []) {
          if (
            (item.list === 'wishlist' || item.list === 'saved_for_later') &&
            cartAdds.has(buyableKey(item.buyableType, item.courseId))
          )
            deleteItemIds.push(item.id);
        }
        const codes = [...new Set([...(user?.codes ?? []), ...visitor.codes])].slice(0, MAX_STORED_CODES);
        const write: CartWrite = {
          owner,
          cartId: user?.id ?? null,
          expectedVersion: user?.version ?? null,
          newVersion: newVersion(),
          codes,
          deleteItemIds,
          inserts,
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
      options: { cached?: boolean } = {},
    ): Promise<Map<number, CartCourse & { price: Money; couponCode: string | null }>> {
      const ids = [...new Set(courseIds)];
      const cached = options.cached === true;
      const [found, evaluated] = await Promise.all([
        catalog.cartCourses(ids, pricing.currency, { cached }),
        codes.length > 0
          ? coupons.evaluate(codes, { includePublic: false, cached }, now())
          : { byCode: new Map<string, Coupon>() },
      ]);
      const tierIds = [...evaluated.byCode.values()]
        .map((coupon) => (coupon.discount.kind === 'target_price' ? coupon.discount.tierId : null))
        .filter((id) => id !== null);
      const loaded: Loaded = {
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
      const usable = codes
        .map((code) => loaded.coupons.get(code))
        .filter((coupon) => coupon !== undefined && coupon.validity === 'valid') as Coupon[];
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
