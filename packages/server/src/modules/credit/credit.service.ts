import { money, type CurrencyCode, type Money } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { createCreditRepository } from './credit.repository.js';

export function createCreditService(db: Database) {
  const repository = createCreditRepository(db);
  return {
    async grant(userId: number, amount: Money, reason: string): Promise<void> {
      if (amount.amount <= 0) throw new RangeError('A credit grant must be positive');
      await repository.insertEntry({
        userId,
        kind: 'grant',
        amount: amount.amount,
        currency: amount.currency,
        reason,
      });
    },
    /** The user's credit in one currency: the sum of the ledger, never below zero. */
    async balanceOf(userId: number, currency: CurrencyCode): Promise<Money> {
      return money(Math.max(0, await repository.balance(userId, currency)), currency);
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
