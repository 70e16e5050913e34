import type { TaxBreakdownType } from '@lectern/domain';

/** Where the buyer is, as the billing address gives it (checkout §3, §5). */
export interface TaxLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** US ZIP code, CA province, IN state or union territory, AE emirate; else null. */
  secondaryLocation: string | null;
}

/** The tax that applies to a sale at a location, or why the location cannot be taxed. */
export type TaxDetermination =
  | {
      ok: true;
      /** Percent, e.g. 8.25. */
      ratePercent: number;
      mode: TaxBreakdownType;
      /** Where the rate comes from, for the record: `US-WA`, `CA-QC`, `DE`, … */
      jurisdiction: string;
      /** The published source of the rate. */
      source: string;
    }
  | {
      ok: false;
      /** Shown on the secondary location field (checkout §5: a server tax error). */
      error: string;
    };

/**
 * Public contract: how checkout learns the tax on a sale. The built-in provider reads Lectern's
 * dated rates table (table-tax-provider.ts); an operator can plug in an external tax service
 * (Avalara, TaxJar, Stripe Tax, …) by implementing this interface and handing it to
 * `createServer`. Rules every implementation keeps:
 * - the mode follows design §3 (tax on top in US and CA, included elsewhere);
 * - a location that cannot be taxed is `{ ok: false, error }`, never a guessed rate;
 * - it never throws for bad input; it may throw when the service itself is unreachable.
 */
export interface TaxProvider {
  readonly name: string;
  /** The tax on an online course sold at `at` to a buyer at `location`. */
  determine(location: TaxLocation, at: Date): Promise<TaxDetermination>;
}
