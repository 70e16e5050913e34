import {
  minorUnitExponent,
  money,
  parseMajorUnits,
  toMajorUnits,
  type BackOfficeSettings,
  type CurrencyCode,
} from '@lectern/domain';

/** One currency's support refund limit as it is being edited. */
export interface LimitRow {
  currency: CurrencyCode;
  /** What is typed, in major units ("200.00"). */
  text: string;
}

/** The limits that are set, as editable rows in major units, by currency code. */
export const limitRowsOf = (settings: BackOfficeSettings): LimitRow[] =>
  Object.entries(settings.support_refund_limits)
    .filter((entry): entry is [CurrencyCode, number] => typeof entry[1] === 'number')
    .map(([currency, amount]) => ({
      currency,
      text: toMajorUnits(money(amount, currency)).toFixed(minorUnitExponent(currency)),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));

/** What is typed as minor units, or why it is not an amount. */
export function limitOf(row: LimitRow): { amount: number } | { error: string } {
  const decimals = minorUnitExponent(row.currency);
  const example = (200).toFixed(decimals);
  if (row.text.trim().startsWith('-')) return { error: 'A limit cannot be negative.' };
  try {
    return { amount: parseMajorUnits(row.text, row.currency).amount };
  } catch {
    return {
      error:
        decimals === 0
          ? `Enter a whole amount of ${row.currency}, such as ${example}.`
          : `Enter an amount such as ${example} (at most ${decimals} decimals).`,
    };
  }
}
