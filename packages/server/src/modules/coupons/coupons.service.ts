import {
  CART_MESSAGES,
  couponScopeCovers,
  couponValidity,
  isCurrencyCode,
  isWellFormedCouponCode,
  money,
  normalizeCouponCode,
  type CouponDiscount,
  type CouponValidity,
  type Money,
} from '@lectern/domain';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import { createCouponsRepository, type CouponRow } from './coupons.repository.js';

/** A coupon's discount as stored: a target price names a price tier, resolved per currency. */
export type StoredDiscount =
  | { kind: 'percentage'; percent: number }
  | { kind: 'fixed_amount'; amount: Money }
  | { kind: 'target_price'; tierId: number };

export interface Coupon {
  id: number;
  code: string;
  description: string;
  isPublic: boolean;
  /** The listed courses of a `courses` coupon; null for the other scopes. */
  courseIds: ReadonlySet<number> | null;
  /** The category of a `category` coupon (its subcategories' courses included); else null. */
  categoryId: number | null;
  discount: StoredDiscount;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  /** Consumed uses plus unexpired reservations at evaluation time. */
  usesTaken: number;
  /** Uses allowed per buyer; null for unlimited. */
  perBuyerLimit: number | null;
  /** The evaluating buyer's uses counting against `perBuyerLimit` (null: no limit or no buyer). */
  buyerUses: number | null;
  /** When staff deactivated the code (it no longer applies); null while it may. */
  deactivatedAt: Date | null;
  validity: CouponValidity;
}

/** Whether the coupon covers the course (its scope), whatever the price. */
export function couponCoversCourse(
  coupon: Coupon,
  course: { id: number; categoryIds: readonly number[] },
): boolean {
  if (coupon.categoryId !== null)
    return couponScopeCovers({ scope: 'category', categoryId: coupon.categoryId }, course);
  if (coupon.courseIds !== null)
    return couponScopeCovers({ scope: 'courses', courseIds: coupon.courseIds }, course);
  return true;
}

/**
 * The coupon's discount in one currency. A target price needs its tier's amount in that
 * currency (`tierAmounts`); without it the coupon gives nothing there.
 */
export function couponDiscountIn(
  coupon: Coupon,
  tierAmounts: ReadonlyMap<number, Money>,
): CouponDiscount | null {
  const { discount } = coupon;
  if (discount.kind !== 'target_price') return discount;
  const targetAmount = tierAmounts.get(discount.tierId);
  return targetAmount ? { kind: 'target_price', targetAmount } : null;
}

export interface NewCoupon {
  code: string;
  description?: string;
  isPublic?: boolean;
  /** Omitted or empty: every course (unless `categoryId`). */
  courseIds?: number[];
  /** Every course of this category and its subcategories. */
  categoryId?: number | null;
  perBuyerLimit?: number | null;
  campaign?: string | null;
  discount: StoredDiscount;
  startsAt?: Date | null;
  endsAt?: Date | null;
  usageLimit?: number | null;
}

export type ReserveResult =
  | { ok: true; reference: string; code: string; expiresAt: Date }
  | { ok: false; status: Exclude<CouponValidity, 'valid'>; detail: string };

export type ConsumeResult =
  | { ok: true; code: string }
  | { ok: false; status: 'not_found' | 'released' | 'sold_out' | 'expired' | 'invalid' };

/** How long a checkout holds a use of a limited coupon before it counts as abandoned. */
export const DEFAULT_RESERVATION_TTL_MS = 15 * 60 * 1000;

function storedDiscount(row: CouponRow): StoredDiscount {
  switch (row.kind) {
    case 'percentage':
      return { kind: 'percentage', percent: (row.percentBasisPoints ?? 0) / 100 };
    case 'fixed_amount': {
      const currency = row.currency ?? '';
      if (!isCurrencyCode(currency)) throw new Error(`coupon ${row.code} has an unknown currency`);
      return { kind: 'fixed_amount', amount: money(row.amount ?? 0, currency) };
    }
    case 'target_price':
      return { kind: 'target_price', tierId: row.targetTierId ?? 0 };
  }
}

function toCoupon(
  row: CouponRow,
  courseIds: number[],
  usesTaken: number,
  now: Date,
  buyerUses: number | null = null,
): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    isPublic: row.isPublic,
    courseIds: row.scope === 'courses' ? new Set(courseIds) : null,
    // A category coupon whose category is missing covers nothing (category 0 is no category).
    categoryId: row.scope === 'category' ? (row.categoryId ?? 0) : null,
    discount: storedDiscount(row),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    usesTaken,
    perBuyerLimit: row.perBuyerLimit,
    buyerUses: row.perBuyerLimit === null ? null : buyerUses,
    deactivatedAt: row.deactivatedAt,
    validity: couponValidity({ ...row, usesTaken, buyerUses }, now),
  };
}

/** Migration 0022 announces every change to coupons (and their courses) here. */
export const COUPONS_CHANGED_CHANNEL = 'lectern_coupons_changed';

/** The sentence of platform §8 for a refused use. */
function refusal(status: Exclude<CouponValidity, 'valid'>, code: string): string {
  if (status === 'sold_out') return CART_MESSAGES.codeAlreadyUsed;
  return `${code} is ${status === 'expired' ? 'expired' : 'invalid'}.`;
}

/** How long the cart's read path may use a coupon's definition (dates, discount, scope) it read before. */
export const COUPON_CACHE_MS = 30_000;
const COUPON_CACHE_MAX = 10_000;

type Definition = { row: CouponRow; courseIds: number[] } | null;

export function createCouponsService(db: Database, now: () => Date = () => new Date()) {
  const repository = createCouponsRepository(db);
  // Coupon definitions for cart reads (null: no such code) and the list of public coupons.
  // Usage counts are never cached; validity by date is computed at each read; writes and
  // reservations always read the database.
  const cacheOptions = { ttlMs: COUPON_CACHE_MS, now: () => now().getTime() };
  const definitions = createExpiringCache<string, Definition>({
    ...cacheOptions,
    maxEntries: COUPON_CACHE_MAX,
  });
  const publicCodes = createExpiringCache<'public', string[]>({ ...cacheOptions, maxEntries: 1 });

  function remember(
    rows: { coupon: CouponRow; courseIds: number[] }[],
    codes: readonly string[],
    includePublic: boolean,
  ) {
    for (const code of codes) definitions.set(code, null);
    for (const row of rows) definitions.set(row.coupon.code, { row: row.coupon, courseIds: row.courseIds });
    if (includePublic) {
      publicCodes.set(
        'public',
        rows.filter((row) => row.coupon.isPublic).map((row) => row.coupon.code),
      );
    }
  }

  /** Cached definitions of the codes (and public coupons), or null when any is missing or stale. */
  function fromCache(codes: readonly string[], includePublic: boolean) {
    const publicList = includePublic ? publicCodes.get('public') : [];
    if (!publicList) return null;
    const found: { coupon: CouponRow; courseIds: number[] }[] = [];
    for (const code of new Set([...codes, ...publicList])) {
      const hit = definitions.get(code);
      if (hit === undefined) return null;
      if (hit) found.push({ coupon: hit.row, courseIds: hit.courseIds });
    }
    return found;
  }

  return {
    /**
     * Looks up the given (normalized) codes in one query and, with `includePublic`, every
     * public coupon. Each found coupon carries its validity at `now`; codes not found are absent.
     */
    /**
     * With `cached` (the cart's read path), definitions read in the last 30 seconds come from
     * memory and only the usage counts of limited coupons are read (one query, if any).
     */
    async evaluate(
      codes: readonly string[],
      /** `buyerId`: the signed-in buyer, whose own uses a per-buyer limit counts. */
      options: { includePublic: boolean; cached?: boolean; buyerId?: number | null },
      at: Date = now(),
    ): Promise<{ byCode: Map<string, Coupon>; available: Coupon[] }> {
      const buyerId = options.buyerId ?? null;
      let rows: { coupon: CouponRow; courseIds: number[]; usesTaken: number; buyerUses: number | null }[];
      const cached = options.cached ? fromCache(codes, options.includePublic) : null;
      if (cached) {
        const limited = cached.filter((row) => row.coupon.usageLimit !== null).map((row) => row.coupon.id);
        const perBuyer =
          buyerId === null
            ? []
            : cached.filter((row) => row.coupon.perBuyerLimit !== null).map((row) => row.coupon.id);
        const [uses, buyerUses] = await Promise.all([
          limited.length > 0 ? repository.usesTaken(limited, at) : new Map<number, number>(),
          perBuyer.length > 0 ? repository.buyerUses(perBuyer, buyerId!, at) : new Map<number, number>(),
        ]);
        rows = cached.map((row) => ({
          ...row,
          usesTaken: uses.get(row.coupon.id) ?? 0,
          buyerUses: buyerId === null ? null : (buyerUses.get(row.coupon.id) ?? 0),
        }));
      } else if (codes.length === 0 && !options.includePublic) {
        rows = [];
      } else {
        rows = await repository.evaluate([...codes], options.includePublic, at, buyerId);
        remember(rows, codes, options.includePublic);
      }
      const byCode = new Map<string, Coupon>();
      const available: Coupon[] = [];
      for (const row of rows) {
        const coupon = toCoupon(row.coupon, row.courseIds, Number(row.usesTaken), at, row.buyerUses);
        if (codes.includes(coupon.code)) byCode.set(coupon.code, coupon);
        if (coupon.isPublic && coupon.validity === 'valid') available.push(coupon);
      }
      available.sort((a, b) => a.id - b.id);
      return { byCode, available };
    },

    async create(input: NewCoupon): Promise<Coupon> {
      if (!isWellFormedCouponCode(input.code)) throw new RangeError(`Not a coupon code: ${input.code}`);
      const { discount } = input;
      definitions.delete(normalizeCouponCode(input.code));
      publicCodes.clear();
      const row = await repository.insertCoupon(
        {
          code: normalizeCouponCode(input.code),
          description: input.description ?? '',
          isPublic: input.isPublic ?? false,
          scope: input.categoryId
            ? 'category'
            : input.courseIds && input.courseIds.length > 0
              ? 'courses'
              : 'all',
          categoryId: input.categoryId ?? null,
          perBuyerLimit: input.perBuyerLimit ?? null,
          campaign: input.campaign ?? null,
          kind: discount.kind,
          percentBasisPoints: discount.kind === 'percentage' ? Math.round(discount.percent * 100) : null,
          amount: discount.kind === 'fixed_amount' ? discount.amount.amount : null,
          currency: discount.kind === 'fixed_amount' ? discount.amount.currency : null,
          targetTierId: discount.kind === 'target_price' ? discount.tierId : null,
          startsAt: input.startsAt ?? null,
          endsAt: input.endsAt ?? null,
          usageLimit: input.usageLimit ?? null,
        },
        input.courseIds ?? [],
      );
      return toCoupon(row, input.courseIds ?? [], 0, now());
    },

    /**
     * Holds one use of the coupon for a checkout (`reference`, e.g. a payment attempt id)
     * until `ttlMs` from now. Runs under the coupon's row lock, so however many checkouts
     * race for the last use, exactly one gets it. Reserving again with the same reference is
     * idempotent. With `within`, part of that open transaction (the attempt's creation).
     */
    async reserve(
      code: string,
      userId: number | null,
      reference: string,
      ttlMs: number = DEFAULT_RESERVATION_TTL_MS,
      within?: Database,
    ): Promise<ReserveResult> {
      const normalized = normalizeCouponCode(code);
      return repository.withCouponLock(
        normalized,
        async (coupon, locked) => {
          if (!coupon) return { ok: false, status: 'invalid', detail: refusal('invalid', normalized) };
          const at = now();
          const existing = await locked.redemption(reference);
          if (existing) {
            const live =
              existing.status === 'consumed' ||
              (existing.status === 'reserved' && existing.expiresAt !== null && existing.expiresAt > at);
            if (existing.couponId === coupon.id && live) {
              return { ok: true, reference, code: coupon.code, expiresAt: existing.expiresAt ?? at };
            }
            throw new Error(`coupon reservation reference ${reference} is already used`);
          }
          const validity = couponValidity(
            {
              ...coupon,
              usesTaken: await locked.usesTaken(at),
              buyerUses:
                coupon.perBuyerLimit !== null && userId !== null
                  ? await locked.buyerUsesTaken(userId, at)
                  : null,
            },
            at,
          );
          if (validity !== 'valid')
            return { ok: false, status: validity, detail: refusal(validity, coupon.code) };
          const expiresAt = new Date(at.getTime() + ttlMs);
          await locked.insertRedemption({
            couponId: coupon.id,
            userId,
            reference,
            status: 'reserved',
            expiresAt,
          });
          return { ok: true, reference, code: coupon.code, expiresAt };
        },
        within,
      );
    },

    /**
     * Turns a reservation into a use (the payment succeeded). A reservation that expired or
     * was released meanwhile is consumed only if the coupon still has room; otherwise the
     * result says why and nothing changes. Idempotent. With `within`, part of that open
     * transaction (checkout fulfilment).
     */
    async consume(reference: string, within?: Database): Promise<ConsumeResult> {
      const found = await repository.redemptionWithCode(reference, within);
      if (!found) return { ok: false, status: 'not_found' };
      return repository.withCouponLock(
        found.code,
        async (coupon, locked) => {
          const redemption = await locked.redemption(reference);
          if (!coupon || !redemption) return { ok: false, status: 'not_found' };
          if (redemption.status === 'consumed') return { ok: true, code: coupon.code };
          const at = now();
          const stillHeld =
            redemption.status === 'reserved' && redemption.expiresAt !== null && redemption.expiresAt > at;
          if (!stillHeld) {
            const buyer = redemption.userId;
            const validity = couponValidity(
              {
                ...coupon,
                usesTaken: await locked.usesTaken(at),
                buyerUses:
                  coupon.perBuyerLimit !== null && buyer !== null
                    ? await locked.buyerUsesTaken(buyer, at)
                    : null,
              },
              at,
            );
            if (validity !== 'valid') return { ok: false, status: validity };
          }
          await locked.updateRedemption(redemption.id, {
            status: 'consumed',
            settledAt: at,
            expiresAt: null,
          });
          return { ok: true, code: coupon.code };
        },
        within,
      );
    },

    /**
     * Gives back a use that was paid (every course bought with the code was refunded), so it no
     * longer counts against the code's limit. Idempotent; true if it gave one back.
     */
    returnPaidUse(reference: string, within?: Database): Promise<boolean> {
      return repository.releaseConsumed(reference, now(), within);
    },

    /** Gives the use back (the payment failed or was abandoned). Idempotent; true if it released one. */
    release(reference: string): Promise<boolean> {
      return repository.releaseReserved(reference, now());
    },

    /**
     * Housekeeping: marks reservations past their expiry as released. Expired reservations
     * already stop counting against the limit, so this only keeps the table tidy; run it
     * now and then (app.ts does, every few minutes).
     */
    expireStaleReservations(): Promise<number> {
      return repository.releaseExpired(now());
    },

    /**
     * Starts following the coupons' change announcements (any instance, any writer): the kept
     * definitions go at once. Resolves with the function that stops.
     */
    watchChanges(listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
      const drop = () => {
        definitions.clear();
        publicCodes.clear();
      };
      return listen(COUPONS_CHANGED_CHANNEL, drop, drop);
    },

    /** Drops the definitions this instance keeps (a change made here, before its announcement returns). */
    forget(): void {
      definitions.clear();
      publicCodes.clear();
    },

    /** For the demo seed: a use that was paid before. */
    recordPastUse(couponId: number, userId: number, reference: string, at: Date): Promise<void> {
      return repository.insertConsumedRedemption(couponId, userId, reference, at);
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
