import {
  formatMoney,
  isCurrencyCode,
  money,
  type CreditEntryKind,
  type CurrencyCode,
  type Money,
} from '@lectern/domain';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import { HttpError } from '../../platform/http/http-error.js';
import type { Database } from '../../platform/db/database.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import { balanceRead, balancesRead, createCreditRepository } from './credit.repository.js';

export interface CreditEntry {
  id: number;
  kind: CreditEntryKind;
  /** Signed: spends are negative. */
  amount: Money;
  reason: string;
  orderId: number | null;
  /** The staff member who granted or removed it in the back office (null: the system). */
  createdBy: number | null;
  createdAt: Date;
}

/** Ledger sums per currency as balances, each floored at zero (unknown currencies left out). */
function balancesFrom(totals: Iterable<[string, number]>): Map<CurrencyCode, Money> {
  const result = new Map<CurrencyCode, Money>();
  for (const [currency, total] of totals) {
    if (isCurrencyCode(currency)) result.set(currency, money(Math.max(0, Number(total)), currency));
  }
  return result;
}

/** A spend larger than the balance; nothing was written. */
export const insufficientCredit = (balance: Money) =>
  new HttpError(
    400,
    'insufficient_credit',
    `Your account credit (${formatMoney(balance)}) does not cover this amount.`,
  );

/**
 * How long a balance read for display (cart, user context) may be shown again. Every ledger
 * write through this service clears the user's entry; a write made through another server
 * instance shows here within this time. Spends always read the ledger under a lock.
 */
export const DISPLAYED_BALANCE_CACHE_MS = 10_000;
const DISPLAYED_BALANCE_CACHE_MAX = 50_000;

export function createCreditService(db: Database) {
  const repository = createCreditRepository(db);
  const displayed = createExpiringCache<number, Map<CurrencyCode, Money>>({
    ttlMs: DISPLAYED_BALANCE_CACHE_MS,
    maxEntries: DISPLAYED_BALANCE_CACHE_MAX,
  });

  const positive = (amount: Money, what: string) => {
    if (!Number.isSafeInteger(amount.amount) || amount.amount <= 0)
      throw new RangeError(`A credit ${what} must be a positive integer amount`);
  };

  return {
    /** Facts for a combined read (`prepareCombinedRead`), read fresh. */
    reads: {
      /** The balance in one currency (`userId`, `currency`), not floored. */
      balance: balanceRead,
      /** Every currency with entries (`userId`), each floored at zero. */
      balances: {
        sql: balancesRead.sql,
        parse: (value) => balancesFrom(Object.entries(balancesRead.parse(value))),
      } satisfies ReadPart<Map<CurrencyCode, Money>>,
    },

    async grant(userId: number, amount: Money, reason: string): Promise<void> {
      positive(amount, 'grant');
      displayed.delete(userId);
      await repository.insertEntry({
        userId,
        kind: 'grant',
        amount: amount.amount,
        currency: amount.currency,
        reason,
      });
    },

    /**
     * A staff member's change of the user's credit in the back office (issue 32), inside
     * `within` (the transaction that audits it): a `grant` of a positive amount, or an
     * `adjustment` taking `amount` away. A removal never takes the available credit (the ledger
     * less what unfinished checkouts hold) below zero: 409 `credit_below_zero`, nothing written.
     * Serialized with spends by the user's credit lock. Answers the entry and the available
     * credit before and after.
     */
    async adjustByStaff(
      userId: number,
      change: { kind: 'grant' | 'adjustment'; amount: Money; reason: string; staffId: number },
      within: Database,
    ): Promise<{ entryId: number; before: Money; after: Money }> {
      positive(change.amount, change.kind === 'grant' ? 'grant' : 'removal');
      displayed.delete(userId);
      const { currency } = change.amount;
      const signed = change.kind === 'grant' ? change.amount.amount : -change.amount.amount;
      return repository.withUserLock(
        userId,
        async (locked) => {
          const available = (await locked.balance(currency)) - (await locked.held(currency));
          const before = money(Math.max(0, available), currency);
          if (available + signed < 0) {
            throw new HttpError(
              409,
              'credit_below_zero',
              `The customer has ${formatMoney(before)} of credit available; you cannot remove more than that.`,
            );
          }
          const { id } = await locked.insert({
            userId,
            kind: change.kind,
            amount: signed,
            currency,
            reason: change.reason,
            createdBy: change.staffId,
          });
          return { entryId: id, before, after: money(Math.max(0, available + signed), currency) };
        },
        within,
      );
    },

    /**
     * Takes `amount` from the user's available credit (the ledger less what unfinished
     * checkouts hold). Refuses with `insufficient_credit` when it is smaller; concurrent
     * spends and reservations of one user are serialized by a per-user lock, so the balance
     * never goes below zero. Returns the new available balance. With `within`, the spend is
     * part of that open transaction.
     */
    async spend(
      userId: number,
      amount: Money,
      reason: string,
      orderId?: number,
      within?: Database,
    ): Promise<Money> {
      positive(amount, 'spend');
      displayed.delete(userId);
      return repository.withUserLock(
        userId,
        async (locked) => {
          const available = (await locked.balance(amount.currency)) - (await locked.held(amount.currency));
          if (available < amount.amount)
            throw insufficientCredit(money(Math.max(0, available), amount.currency));
          await locked.insert({
            userId,
            kind: 'spend',
            amount: -amount.amount,
            currency: amount.currency,
            reason,
            orderId: orderId ?? null,
          });
          return money(available - amount.amount, amount.currency);
        },
        within,
      );
    },

    /**
     * Holds `amount` of the user's available credit for an unfinished checkout (`reference`,
     * its payment attempt id) before anything is charged (design §4), so two checkouts never
     * count on the same credit. Refuses with `insufficient_credit`; idempotent per reference.
     * With `within`, part of that open transaction (the attempt's creation).
     */
    async reserve(userId: number, amount: Money, reference: string, within?: Database): Promise<void> {
      positive(amount, 'reservation');
      displayed.delete(userId);
      await repository.withUserLock(
        userId,
        async (locked) => {
          const existing = await locked.reservation(reference);
          if (existing?.status === 'reserved' || existing?.status === 'consumed') return;
          const available = (await locked.balance(amount.currency)) - (await locked.held(amount.currency));
          if (available < amount.amount)
            throw insufficientCredit(money(Math.max(0, available), amount.currency));
          await locked.saveReservation({
            reference,
            userId,
            currency: amount.currency,
            amount: amount.amount,
            status: 'reserved',
          });
        },
        within,
      );
    },

    /**
     * Turns the reservation into a spend of its order (the payment succeeded), inside the
     * fulfilment transaction `within`. A reservation released meanwhile (the attempt had
     * expired) is spent only if the credit is still available; otherwise `insufficient_credit`
     * is thrown and nothing is written. Idempotent.
     */
    async consumeReservation(
      reference: string,
      spend: { userId: number; amount: Money; reason: string; orderId: number },
      within: Database,
    ): Promise<void> {
      positive(spend.amount, 'spend');
      displayed.delete(spend.userId);
      await repository.withUserLock(
        spend.userId,
        async (locked) => {
          const existing = await locked.reservation(reference);
          if (existing?.status === 'consumed') return;
          if (existing?.status !== 'reserved') {
            const available =
              (await locked.balance(spend.amount.currency)) - (await locked.held(spend.amount.currency));
            if (available < spend.amount.amount)
              throw insufficientCredit(money(Math.max(0, available), spend.amount.currency));
          }
          await locked.insert({
            userId: spend.userId,
            kind: 'spend',
            amount: -spend.amount.amount,
            currency: spend.amount.currency,
            reason: spend.reason,
            orderId: spend.orderId,
          });
          await locked.saveReservation({
            reference,
            userId: spend.userId,
            currency: spend.amount.currency,
            amount: spend.amount.amount,
            status: 'consumed',
            settledAt: new Date(),
          });
        },
        within,
      );
    },

    /** Gives a reservation's credit back (the attempt failed or was abandoned). Idempotent. */
    async releaseReservation(reference: string): Promise<boolean> {
      const row = await repository.reservationOf(reference);
      if (!row || row.status !== 'reserved') return false;
      displayed.delete(row.userId);
      return repository.releaseReservation(reference);
    },

    /**
     * Gives credit back (a refunded order, a failed payment after a spend). With an order,
     * the refunds of that order never exceed what was spent on it. Returns the new balance.
     */
    async refund(
      userId: number,
      amount: Money,
      reason: string,
      orderId?: number,
      /** An open transaction to join (a course refund completes with its credit part). */
      within?: Database,
    ): Promise<Money> {
      positive(amount, 'refund');
      displayed.delete(userId);
      return repository.withUserLock(
        userId,
        async (locked) => {
          if (orderId !== undefined) {
            const net = await locked.orderTotal(amount.currency, orderId); // spends negative
            if (-net < amount.amount) {
              throw new HttpError(
                400,
                'refund_exceeds_spend',
                'A credit refund cannot exceed the credit spent on the order.',
              );
            }
          }
          await locked.insert({
            userId,
            kind: 'refund',
            amount: amount.amount,
            currency: amount.currency,
            reason,
            orderId: orderId ?? null,
          });
          return money(await locked.balance(amount.currency), amount.currency);
        },
        within,
      );
    },

    /** The user's credit in one currency: the sum of the ledger, never below zero. */
    async balanceOf(userId: number, currency: CurrencyCode): Promise<Money> {
      return money(Math.max(0, await repository.balance(userId, currency)), currency);
    },

    /**
     * The user's credit in every currency it has entries in (one query); each never below zero.
     * With `cached` (pages that only show it), a balance read in the last ten seconds is reused.
     */
    async balancesOf(userId: number, options: { cached?: boolean } = {}): Promise<Map<CurrencyCode, Money>> {
      const hit = options.cached ? displayed.get(userId) : undefined;
      if (hit) return hit;
      const result = balancesFrom(
        (await repository.balances(userId)).map(({ currency, total }) => [currency, total]),
      );
      displayed.set(userId, result);
      return result;
    },

    /** A page of the ledger, newest first. */
    async historyOf(
      userId: number,
      page: { number: number; size: number },
    ): Promise<{ count: number; results: CreditEntry[] }> {
      const { count, rows } = await repository.history(userId, page.size, (page.number - 1) * page.size);
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          amount: money(row.amount, isCurrencyCode(row.currency) ? row.currency : 'USD'),
          reason: row.reason,
          orderId: row.orderId,
          createdBy: row.createdBy,
          createdAt: row.createdAt,
        })),
      };
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
