// Design §3 tax arithmetic, exact in integer minor units: a rate in percent applied on top
// (tax-exclusive countries) or taken out of the price (all others), rounded half-up once on
// the total, then split across the lines so the shares add up to it exactly.
import type { TaxBreakdownType } from '../checkout/checkout-contract.js';
import type { CurrencyCode } from '../money/currencies.js';
import { money, type Money } from '../money/money.js';

/** Design §3: countries whose prices exclude tax (added on top, with a subtotal row). */
export const TAX_EXCLUSIVE_COUNTRIES = ['US', 'CA'] as const;

/** Design §3: tax on top in US and CA; included in the price everywhere else. */
export function taxModeOf(country: string): TaxBreakdownType {
  return (TAX_EXCLUSIVE_COUNTRIES as readonly string[]).includes(country.toUpperCase())
    ? 'tax_exclusive'
    : 'tax_inclusive';
}

/**
 * Countries whose taxes are shown apart on the order summary and receipts because the law
 * wants each one stated (Canada: GST/HST, QST, PST/RST). Elsewhere the summary shows the
 * combined rate; invoices list every component everywhere.
 */
export const TAX_SHOWN_APART_COUNTRIES = ['CA'] as const;

export function taxesShownApart(country: string): boolean {
  return (TAX_SHOWN_APART_COUNTRIES as readonly string[]).includes(country.toUpperCase());
}

/** Rates are read to this many decimal places (8.875 and 0.0725 are exact). */
const RATE_DECIMALS = 6;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/** The rate in percent as an exact fraction of 1: numerator / denominator. */
function rateFraction(ratePercent: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(ratePercent) || ratePercent < 0) {
    throw new RangeError(`A tax rate is a non-negative percentage, got ${ratePercent}`);
  }
  // toFixed gives the decimal the caller wrote (for up to 6 decimals), never a binary expansion.
  const numerator = BigInt(ratePercent.toFixed(RATE_DECIMALS).replace('.', ''));
  return { numerator, denominator: 100n * RATE_SCALE };
}

/** numerator / denominator rounded half-up, for non-negative values. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function assertAmounts(amounts: readonly number[], what: string): void {
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new RangeError(`${what} must be non-negative integers, got ${amount}`);
    }
  }
}

/**
 * Splits `total` into parts proportional to `weights` (non-negative integers, e.g. line
 * amounts) that add up to it exactly: each part is rounded down, and the units left over go
 * one each to the parts with the largest remainders (the earlier part on a tie). All-zero
 * weights split evenly. A negative total is split as its absolute value.
 */
export function allocateProportionally(total: Money, weights: readonly number[]): Money[] {
  assertAmounts(weights, 'Allocation weights');
  if (weights.length === 0) {
    if (total.amount !== 0) throw new RangeError('Cannot allocate a non-zero amount over no parts');
    return [];
  }
  const sign = total.amount < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(total.amount));
  const effective = weights.some((weight) => weight > 0) ? weights.map(BigInt) : weights.map(() => 1n);
  const weightSum = effective.reduce((sum, weight) => sum + weight, 0n);
  const parts = effective.map((weight) => {
    const product = whole * weight;
    return { share: product / weightSum, remainder: product % weightSum };
  });
  let left = whole - parts.reduce((sum, part) => sum + part.share, 0n);
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    const part = parts[index];
    if (part) part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => money(Number(sign * part.share), total.currency));
}

export interface TaxComputation {
  /** Each line's share of the tax, in line order; they add up to `total` exactly. */
  lineTaxes: Money[];
  /** Each component's tax, in the order of the rates given; they add up to `total` exactly. */
  componentTaxes: Money[];
  total: Money;
}

/**
 * Design §3: the tax of lines priced in one currency at one rate (8.875 for 8.875%). See
 * `computeComponentTaxes`, of which this is the one-component case.
 */
export function computeTax(
  lines: readonly Money[],
  ratePercent: number,
  mode: TaxBreakdownType,
  currency?: CurrencyCode,
): TaxComputation {
  return computeComponentTaxes(lines, [ratePercent], mode, currency);
}

/**
 * Design §3: the tax of lines priced in one currency under taxes that add up (Canada's GST and
 * QST, a US state's, county's and city's sales tax), each rate in percent.
 * Exclusive: each tax is its rate × the total of the prices, rounded half-up on its own, as
 * the receipt prints one row per tax; the total is their sum. Inclusive: the total is
 * prices × R / (1 + R) for the combined rate R, rounded half-up once, then split between the
 * taxes in proportion to their rates. Either way the total is allocated to the lines in
 * proportion to their prices, so lines and components both add up to it exactly.
 * `currency` is needed only when there are no lines.
 */
export function computeComponentTaxes(
  lines: readonly Money[],
  componentRates: readonly number[],
  mode: TaxBreakdownType,
  currency?: CurrencyCode,
): TaxComputation {
  const taxCurrency = currency ?? lines[0]?.currency;
  if (!taxCurrency) throw new RangeError('Tax of no lines needs the currency');
  const amounts = lines.map((line) => {
    if (line.currency !== taxCurrency) {
      throw new TypeError(`Cannot combine ${taxCurrency} with ${line.currency}`);
    }
    return line.amount;
  });
  assertAmounts(amounts, 'Line amounts');
  const fractions = componentRates.map(rateFraction);
  const denominator = 100n * RATE_SCALE;
  const base = amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
  let componentTaxes: Money[];
  if (mode === 'tax_exclusive') {
    componentTaxes = fractions.map(({ numerator }) =>
      money(Number(divideHalfUp(base * numerator, denominator)), taxCurrency),
    );
  } else {
    const combined = fractions.reduce((sum, { numerator }) => sum + numerator, 0n);
    const total = money(Number(divideHalfUp(base * combined, denominator + combined)), taxCurrency);
    componentTaxes = allocateProportionally(
      total,
      fractions.map(({ numerator }) => Number(numerator)),
    );
  }
  const total = money(
    componentTaxes.reduce((sum, tax) => sum + tax.amount, 0),
    taxCurrency,
  );
  return { lineTaxes: allocateProportionally(total, amounts), componentTaxes, total };
}
