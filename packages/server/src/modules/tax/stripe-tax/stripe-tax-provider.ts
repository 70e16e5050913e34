import {
  CHECKOUT_MESSAGES,
  normalizeSecondaryLocation,
  secondaryLocationError,
  taxModeOf,
} from '@lectern/domain';
import { z } from 'zod';
import {
  TaxServiceUnavailableError,
  type TaxComponent,
  type TaxDetermination,
  type TaxLocation,
  type TaxProvider,
} from '../tax-provider.js';
import { combinedRatePercent } from '../tax-lines.js';
import { EU_MEMBERS, stripeTaxIdOf } from './stripe-tax-ids.js';

/**
 * Stripe's product tax code for what Lectern sells: "On demand Online Courses - pre-recorded
 * audio or audio visual content (streamed)". (`txcd_10202000` is downloadable software.)
 */
export const ONLINE_COURSE_TAX_CODE = 'txcd_20060158';

/** The line's reference in the calculation (its amount is irrelevant: only the rates are read). */
const LINE_REFERENCE = 'course';
const LINE_AMOUNT = 100_000;

const DEFAULT_CACHE_TTL_MS = 5 * 60 * 1000;
const DEFAULT_CACHE_MAX_ENTRIES = 500;

export interface StripeTaxProviderOptions {
  /** The service's API origin (optionally with a path prefix), e.g. https://api.stripe.com. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** How long one calculation may take, connection and answer included. */
  timeoutMs: number;
  /** Tests and other runtimes; default the global fetch. */
  fetch?: typeof fetch;
  /** Default `ONLINE_COURSE_TAX_CODE`. */
  taxCode?: string;
  /** How long an answer is reused for the same buyer location on the same day; default 5 min. */
  cacheTtlMs?: number;
  /** At most this many answers are kept (the oldest goes first); default 500. */
  cacheMaxEntries?: number;
  /** Clock of the cache, for tests. */
  now?: () => number;
}

// Stripe's Tax Calculation object (stripe-node types/Tax/Calculations.d.ts and
// CalculationLineItems.d.ts), as much of it as is read. Unknown fields are ignored.
const percentage = z
  .string()
  .regex(/^\d{1,3}(?:\.\d{1,6})?$/, 'a percentage such as "8.5"')
  .transform(Number);

const calculationSchema = z.object({
  id: z.string().nullable(),
  object: z.literal('tax.calculation'),
  tax_breakdown: z.array(
    z.object({
      amount: z.number().int(),
      inclusive: z.boolean(),
      taxable_amount: z.number().int(),
      taxability_reason: z.string(),
      tax_rate_details: z.object({
        country: z.string().nullable(),
        state: z.string().nullable(),
        percentage_decimal: percentage,
        tax_type: z.string().nullable(),
      }),
    }),
  ),
  line_items: z
    .object({
      data: z.array(
        z.object({
          reference: z.string(),
          tax_breakdown: z
            .array(
              z.object({
                amount: z.number().int(),
                taxable_amount: z.number().int(),
                taxability_reason: z.string(),
                jurisdiction: z.object({
                  country: z.string(),
                  display_name: z.string(),
                  level: z.string(),
                  state: z.string().nullable(),
                }),
                tax_rate_details: z
                  .object({
                    display_name: z.string(),
                    percentage_decimal: percentage,
                    tax_type: z.string(),
                  })
                  .nullable(),
              }),
            )
            .nullish(),
        }),
      ),
    })
    .nullish(),
});
type Calculation = z.infer<typeof calculationSchema>;

const errorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});

/** Reasons that charge nothing even where the entry names a tax. */
const NOT_CHARGED = new Set([
  'reverse_charge',
  'not_collecting',
  'not_subject_to_tax',
  'not_supported',
  'product_exempt',
  'product_exempt_holiday',
  'customer_exempt',
  'zero_rated',
]);

/** What receipts call Stripe's tax types (TaxComponent.name). */
const TAX_NAMES: Readonly<Record<string, string>> = {
  sales_tax: 'Sales tax',
  vat: 'VAT',
  gst: 'GST',
  hst: 'HST',
  qst: 'QST',
  pst: 'PST',
  rst: 'RST',
  jct: 'JCT',
  igst: 'IGST',
  nhil: 'NHIL',
  get_fund: 'GETFund',
};
const taxName = (taxType: string | null, displayName?: string) => {
  if (taxType === null) return displayName ?? 'Tax';
  const known = TAX_NAMES[taxType];
  if (known) return known;
  const words = taxType.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `SEATTLE` → `SEATTLE`, `King County` → `KING-COUNTY`, `Montréal` → `MONTREAL`. */
const codeOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The legal note of a reverse-charged sale, printed on the receipt and invoice. */
export function reverseChargeNote(country: string): string {
  if (EU_MEMBERS.has(country)) {
    return 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
  }
  if (country === 'GB') return 'Reverse charge: customer to account for VAT to HMRC.';
  return 'Reverse charge: the customer accounts for the tax due in their country.';
}

/** The message of a location Stripe Tax cannot place, on the checkout's secondary location field. */
const invalidLocationMessage = (country: string) =>
  secondaryLocationError(country, null) ?? CHECKOUT_MESSAGES.billingCountryAndLocation;

function requestBody(location: TaxLocation, country: string, at: Date, taxCode: string): URLSearchParams {
  const body = new URLSearchParams();
  body.set('currency', 'usd');
  body.set('line_items[0][amount]', String(LINE_AMOUNT));
  body.set('line_items[0][reference]', LINE_REFERENCE);
  body.set('line_items[0][tax_code]', taxCode);
  body.set('line_items[0][tax_behavior]', taxModeOf(country) === 'tax_exclusive' ? 'exclusive' : 'inclusive');
  body.set('customer_details[address][country]', country);
  const secondary = normalizeSecondaryLocation(country, location.secondaryLocation);
  if (secondary) {
    body.set(
      country === 'US' ? 'customer_details[address][postal_code]' : 'customer_details[address][state]',
      secondary,
    );
  }
  body.set('customer_details[address_source]', 'billing');
  const taxId = location.taxNumber ? stripeTaxIdOf(country, location.taxNumber) : null;
  if (taxId) {
    body.set('customer_details[tax_ids][0][type]', taxId.type);
    body.set('customer_details[tax_ids][0][value]', taxId.value);
  }
  body.set('tax_date', String(Math.floor(at.getTime() / 1000)));
  // Each jurisdiction's own rate and name (state, county, city) is on the line items only.
  body.set('expand[0]', 'line_items');
  return body;
}

/** The determination of a calculation: its taxes one component each, or a reverse charge. */
function determinationOf(calculation: Calculation, location: TaxLocation, country: string): TaxDetermination {
  const mode = taxModeOf(country);
  const source = calculation.id ? `Stripe Tax calculation ${calculation.id}` : 'Stripe Tax calculation';
  for (const entry of calculation.tax_breakdown) {
    if (entry.tax_rate_details.percentage_decimal > 0 && entry.inclusive !== (mode === 'tax_inclusive')) {
      throw new TaxServiceUnavailableError(
        `Stripe Tax answered a tax ${entry.inclusive ? 'included in' : 'on top of'} the price, which was sent ${mode === 'tax_inclusive' ? 'tax-inclusive' : 'tax-exclusive'}`,
      );
    }
  }

  const line = calculation.line_items?.data.find((item) => item.reference === LINE_REFERENCE);
  const reasons: string[] = [];
  const states: string[] = [];
  const components: TaxComponent[] = [];
  if (line?.tax_breakdown) {
    for (const entry of line.tax_breakdown) {
      reasons.push(entry.taxability_reason);
      const { jurisdiction, tax_rate_details: rate } = entry;
      if (jurisdiction.state) states.push(jurisdiction.state);
      if (!rate || rate.percentage_decimal <= 0 || NOT_CHARGED.has(entry.taxability_reason)) continue;
      const where = jurisdiction.country.toUpperCase();
      const state = jurisdiction.state?.toUpperCase().replace(`${where}-`, '') ?? null;
      components.push({
        name: taxName(rate.tax_type, rate.display_name),
        jurisdiction:
          jurisdiction.level === 'country'
            ? where
            : jurisdiction.level === 'state' && state
              ? `${where}-${state}`
              : [where, state, codeOf(jurisdiction.display_name)].filter(Boolean).join('-'),
        ratePercent: rate.percentage_decimal,
        source,
      });
    }
  } else {
    // Without line items (a service that does not expand them): one component per tax type.
    for (const entry of calculation.tax_breakdown) {
      reasons.push(entry.taxability_reason);
      const rate = entry.tax_rate_details;
      if (rate.state) states.push(rate.state);
      if (rate.percentage_decimal <= 0 || NOT_CHARGED.has(entry.taxability_reason)) continue;
      const where = (rate.country ?? country).toUpperCase();
      const state = rate.state?.toUpperCase().replace(`${where}-`, '') ?? null;
      components.push({
        name: taxName(rate.tax_type),
        jurisdiction: state ? `${where}-${state}` : where,
        ratePercent: rate.percentage_decimal,
        source,
      });
    }
  }

  const state =
    states[0]?.toUpperCase().replace(`${country}-`, '') ??
    (country === 'US' ? null : normalizeSecondaryLocation(country, location.secondaryLocation));
  const reverseCharge = reasons.includes('reverse_charge') ? { note: reverseChargeNote(country) } : null;
  const ratePercent = combinedRatePercent(components);
  const uncharged = [...new Set(reasons.filter((reason) => NOT_CHARGED.has(reason)))];
  return {
    ok: true,
    ratePercent,
    mode,
    jurisdiction: state ? `${country}-${state}` : country,
    source: ratePercent === 0 && uncharged.length > 0 ? `${source} (${uncharged.join(', ')})` : source,
    components,
    reverseCharge,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A TaxProvider that asks an external tax service speaking Stripe Tax's calculation API
 * (`POST /v1/tax/calculations`): Stripe itself, or the sandbox gateway's stand-in. One
 * calculation of one course line per buyer location; the answer's breakdown becomes the
 * components (a US state's and its cities' sales taxes, Canada's GST and QST, a VAT) and its
 * `reverse_charge` a reverse-charge note. A service that is slow, down, refusing the key or
 * answering nonsense throws `TaxServiceUnavailableError`; an address it cannot place is the
 * checkout's message for the country's secondary location.
 *
 * Answers are cached per country, secondary location, tax number and day for a few minutes
 * (a small Map, the oldest dropped first): a checkout page asks for the tax at every load and
 * every change of the billing address, and a busy page must neither wait for the service nor
 * spend its rate limit on the same question. Rates change at most once a day, at midnight, and
 * the day is part of the key. Failures are not cached (the next load asks again), and
 * concurrent requests for the same key share one call.
 */
export function createStripeTaxProvider(options: StripeTaxProviderOptions): TaxProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/tax/calculations`;
  const taxCode = options.taxCode ?? ONLINE_COURSE_TAX_CODE;
  const ttlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const maxEntries = options.cacheMaxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expiresAt: number; answer: Promise<TaxDetermination> }>();

  async function calculate(location: TaxLocation, country: string, at: Date): Promise<TaxDetermination> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: requestBody(location, country, at, taxCode),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new TaxServiceUnavailableError(
        signal.aborted
          ? `Stripe Tax did not answer within ${options.timeoutMs} ms`
          : `Stripe Tax could not be reached: ${messageOf(error)}`,
        { cause: error },
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new TaxServiceUnavailableError(
        `Stripe Tax answered HTTP ${status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}`,
        { cause: error },
      );
    }
    if (status < 200 || status > 299) {
      const failure = errorSchema.safeParse(json);
      const code = failure.success ? failure.data.error.code : undefined;
      if (status === 400 && code === 'customer_tax_location_invalid') {
        return { ok: false, error: invalidLocationMessage(country) };
      }
      const message = failure.success ? failure.data.error.message : undefined;
      throw new TaxServiceUnavailableError(
        `Stripe Tax answered HTTP ${status}${code ? ` (${code})` : ''}${message ? `: ${message.slice(0, 200)}` : ''}`,
      );
    }
    const parsed = calculationSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TaxServiceUnavailableError(
        `Stripe Tax answered a malformed calculation: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unreadable'}`,
        { cause: parsed.error },
      );
    }
    return determinationOf(parsed.data, location, country);
  }

  return {
    name: 'stripe_tax',
    async determine(location: TaxLocation, at: Date): Promise<TaxDetermination> {
      const country = location.country.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) return { ok: false, error: CHECKOUT_MESSAGES.selectBillingCountry };
      // The domain's rules first: a ZIP of the wrong shape or an unknown province needs no call.
      const locationError = secondaryLocationError(country, location.secondaryLocation);
      if (locationError) return { ok: false, error: locationError };

      const key = [
        country,
        normalizeSecondaryLocation(country, location.secondaryLocation) ?? '',
        location.taxNumber ?? '',
        at.toISOString().slice(0, 10),
      ].join('|');
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now()) return cached.answer;
      cache.delete(key);
      if (cache.size >= maxEntries) {
        for (const [oldest, entry] of cache) {
          if (cache.size < maxEntries && entry.expiresAt > now()) break;
          cache.delete(oldest);
        }
      }
      const answer = calculate(location, country, at);
      cache.set(key, { expiresAt: now() + ttlMs, answer });
      answer.catch(() => {
        if (cache.get(key)?.answer === answer) cache.delete(key);
      });
      return answer;
    },
  };
}
