// Checkout §5: the installment select of local card methods (options.installments.options).
// The spec gives no numbers; these are the counts local card acquirers commonly offer.

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Installment counts a local card method offers by billing country; absent: none. */
export const INSTALLMENT_OPTIONS: Readonly<Record<string, readonly number[]>> = {
  // Parcelamento: 1 to 12 on Brazilian cards.
  BR: range(1, 12),
  // Meses sin intereses.
  MX: [1, 3, 6, 9, 12],
  CO: [1, 2, 3, 6, 12, 24, 36],
  // Taksit.
  TR: [1, 2, 3, 6, 9],
};

/** The installment counts for the country, ascending, 1 (a single payment) first; [] when none. */
export function installmentOptionsFor(country: string): number[] {
  return Object.hasOwn(INSTALLMENT_OPTIONS, country) ? [...(INSTALLMENT_OPTIONS[country] ?? [])] : [];
}
