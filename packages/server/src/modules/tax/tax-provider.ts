import type { TaxBreakdownType } from '@lectern/domain';

/** Where the buyer is, as the billing address gives it (checkout §3, §5), and who they are. */
export interface TaxLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** US ZIP code (ZIP+4 allowed), CA province, IN state or union territory, AE emirate; else null. */
  secondaryLocation: string | null;
  /**
   * The buyer's VAT/GST registration number, normalized (upper case, no spaces or dots), when
   * they buy as a business and the number passed its country's format and checksum; else null.
   */
  taxNumber?: string | null;
}

/**
 * One tax that makes up the rate: Canada's GST and QST, a US state's and a city's sales tax,
 * a country's VAT. Receipts and invoices show one row per component where the law wants the
 * taxes separate (Canada), and the combined rate otherwise.
 */
export interface TaxComponent {
  /** What the receipt calls it: `VAT`, `GST`, `HST`, `QST`, `PST`, `RST`, `Sales tax`, `JCT`… */
  name: string;
  /** Who levies it: `DE`, `CA`, `CA-QC`, `US-WA`, `US-WA-KING`, `US-WA-SEATTLE`… */
  jurisdiction: string;
  /** Percent, e.g. 9.975. */
  ratePercent: number;
  /** The published source of the rate. */
  source: string;
}

/** The tax that applies to a sale at a location, or why the location cannot be taxed. */
export type TaxDetermination =
  | {
      ok: true;
      /** Percent: the sum of the components' rates (0 when none). */
      ratePercent: number;
      mode: TaxBreakdownType;
      /** Where the rate comes from, for the record: `US-WA`, `CA-QC`, `DE`, … */
      jurisdiction: string;
      /** The published source of the rate (or why there is none). */
      source: string;
      /** The taxes that add up to `ratePercent`; empty when nothing is charged. */
      components: TaxComponent[];
      /**
       * A business buyer accounts for the tax themselves: 0% is charged and this legal note is
       * printed on the receipt and invoice. Null for every other sale.
       */
      reverseCharge: { note: string } | null;
    }
  | {
      ok: false;
      /** Shown on the secondary location field (checkout §5: a server tax error). */
      error: string;
    };

/**
 * Thrown by a provider that cannot answer (an external tax service that is down, slow or
 * answering nonsense). Checkout then refuses with `missing_tax_config` (checkout §8): a sale
 * is never taxed at a guessed 0%.
 */
export class TaxServiceUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TaxServiceUnavailableError';
  }
}

/**
 * Public contract: how checkout learns the tax on a sale. The built-in provider reads Lectern's
 * dated rates tables (table-tax-provider.ts); `TAX_PROVIDER=stripe_tax` selects one that asks
 * an external service speaking Stripe Tax's calculation API (stripe-tax-provider.ts). An
 * operator can plug in another (Avalara, TaxJar, …) by implementing this interface and handing
 * it to `createServer`. Rules every implementation keeps:
 * - the mode follows design §3 (tax on top in US and CA, included elsewhere);
 * - a location that cannot be taxed is `{ ok: false, error }`, never a guessed rate;
 * - it never throws for bad input; it throws `TaxServiceUnavailableError` when the service
 *   itself cannot answer.
 */
export interface TaxProvider {
  readonly name: string;
  /** The tax on an online course sold at `at` to a buyer at `location`. */
  determine(location: TaxLocation, at: Date): Promise<TaxDetermination>;
}
