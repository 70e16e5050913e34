import { allocateProportionally, money, type CurrencyCode } from '@lectern/domain';
import type { TaxComponent } from './tax-provider.js';

/**
 * One tax of a sale as charged and recorded (orders, subscription charges, documents): its
 * name, who levies it, its rate and its amount in minor units. A sale's tax lines add up to
 * its tax exactly.
 */
export interface TaxLine {
  name: string;
  jurisdiction: string;
  ratePercent: number;
  amount: number;
}

/** The components of a determination with the amounts computed for them, in order. */
export function taxLinesOf(
  components: readonly TaxComponent[],
  amounts: readonly { amount: number }[],
): TaxLine[] {
  return components.map((component, index) => ({
    name: component.name,
    jurisdiction: component.jurisdiction,
    ratePercent: component.ratePercent,
    amount: amounts[index]?.amount ?? 0,
  }));
}

/** The rate of taxes that add up, summed without binary fractions (6.5 + 3.85 is 10.35). */
export function combinedRatePercent(components: readonly { ratePercent: number }[]): number {
  return (
    components.reduce((sum, component) => sum + Math.round(component.ratePercent * 1_000_000), 0) / 1_000_000
  );
}

/**
 * The tax lines of a sale recorded before tax lines existed: one line of its single rate, or
 * none when it was not taxed.
 */
export function legacyTaxLines(tax: number, ratePercent: number, jurisdiction: string | null): TaxLine[] {
  return tax > 0 || ratePercent > 0
    ? [{ name: 'Tax', jurisdiction: jurisdiction ?? '', ratePercent, amount: tax }]
    : [];
}

/**
 * A part of a sale's tax (one refunded course's) split between its taxes in proportion to
 * what each took, so the parts add up to `amount` exactly.
 */
export function shareOfTaxLines(
  lines: readonly TaxLine[],
  amount: number,
  currency: CurrencyCode,
): TaxLine[] {
  const shares = allocateProportionally(
    money(amount, currency),
    lines.map((line) => line.amount),
  );
  return lines.map((line, index) => ({ ...line, amount: shares[index]?.amount ?? 0 }));
}
