import { isCurrencyCode, money } from '@lectern/domain';
import { isApiError } from '../../platform/api';
import { adminMoney } from '../admin-shell/admin-format';

/** The server's explanation of a failed change, or the fallback when it gave none. */
export const failureText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.detail : fallback;

/** An amount in minor units, formatted in its currency (as is when the code is unknown). */
export const moneyOf = (amount: number, currency: string) =>
  isCurrencyCode(currency) ? adminMoney(money(amount, currency)) : `${amount} ${currency}`;
