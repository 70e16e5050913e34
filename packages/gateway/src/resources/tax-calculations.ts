import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { newId, nowSeconds } from '../core/ids.js';
import type { Params } from '../core/params.js';
import { apiError, invalidRequest, missingParam } from '../core/stripe-error.js';
import {
  looksLikeVatNumber,
  SANDBOX_REVERSE_CHARGE_COUNTRIES,
  SANDBOX_TAX_POSTAL_CODES,
  sandboxTaxPlace,
  type SandboxTax,
  type SandboxTaxPlace,
} from '../tax/sandbox-tax-rates.js';
import { paramsOf } from './route-helpers.js';

/** Stripe keeps a calculation for 90 days. */
const CALCULATION_LIFETIME_S = 90 * 24 * 60 * 60;
/** The tax ids that can make a sale a reverse charge in the sandbox. */
const VAT_ID_TYPES = new Set(['eu_vat', 'gb_vat']);

type TaxabilityReason = 'standard_rated' | 'reverse_charge' | 'not_collecting';

/** One levied tax with its reason, as the answer's line-item breakdown lists it. */
interface Levied {
  tax: SandboxTax;
  reason: TaxabilityReason;
  /** The rate charged: the tax's own, or 0 for a reverse charge. */
  percentage: string;
}

const RATE_SCALE = 1_000_000;
/** `6.5` + `3.85` = `10.35`, without binary fractions. */
const addPercentages = (percentages: readonly string[]) =>
  percentages.reduce((sum, value) => sum + Math.round(Number(value) * RATE_SCALE), 0) / RATE_SCALE;
/** Stripe writes whole rates with one decimal (`19.0`), others as they are (`9.975`). */
const percentageDecimal = (percent: number) =>
  Number.isInteger(percent) ? percent.toFixed(1) : String(percent);

/** The tax on `amount` at `percent`: on top (exclusive) or taken out of it (inclusive). */
function taxOn(amount: number, percent: number, inclusive: boolean): { tax: number; taxable: number } {
  if (!inclusive) return { tax: Math.round((amount * percent) / 100), taxable: amount };
  const taxable = Math.round(amount / (1 + percent / 100));
  return { tax: amount - taxable, taxable };
}

function readAddress(details: Params) {
  const address = details
    .object('address', true)!
    .allowOnly(['line1', 'line2', 'city', 'state', 'postal_code', 'country']);
  const country = address.requiredString('country', 2);
  if (!/^[A-Za-z]{2}$/.test(country)) {
    throw invalidRequest(`Invalid country: ${country}`, {
      param: 'customer_details[address][country]',
      code: 'parameter_invalid',
    });
  }
  return {
    line1: address.nullableString('line1') ?? null,
    line2: address.nullableString('line2') ?? null,
    city: address.nullableString('city') ?? null,
    state: address.nullableString('state', 50) ?? null,
    postal_code: address.nullableString('postal_code', 20) ?? null,
    country: country.toUpperCase(),
  };
}

function readTaxIds(details: Params) {
  return (details.objectArray('tax_ids') ?? []).map((taxId) => {
    taxId.allowOnly(['type', 'value']);
    return { type: taxId.requiredString('type', 20), value: taxId.requiredString('value', 50) };
  });
}

const locationInvalid = () =>
  invalidRequest(
    "We could not determine the customer's tax location based on the provided customer address.",
    { param: 'customer_details[address]', code: 'customer_tax_location_invalid' },
  );

/**
 * What the sandbox levies at `place` on a sale to a buyer with `taxIds`: each tax at its rate;
 * nothing where the sandbox seller does not collect; a reverse charge (0%) for a business
 * with a VAT number in a reverse-charge country.
 */
function levy(place: SandboxTaxPlace, taxIds: readonly { type: string; value: string }[]): Levied[] {
  const reverseCharge =
    SANDBOX_REVERSE_CHARGE_COUNTRIES.has(place.country) &&
    taxIds.some((taxId) => VAT_ID_TYPES.has(taxId.type) && looksLikeVatNumber(taxId.value));
  return place.taxes.map((tax) =>
    reverseCharge
      ? { tax, reason: 'reverse_charge', percentage: '0' }
      : { tax, reason: 'standard_rated', percentage: tax.percentage },
  );
}

/**
 * `POST /v1/tax/calculations`, Stripe Tax's calculation in the sandbox: the answer has Stripe's
 * shape (a `tax.calculation`, its `tax_breakdown` per tax type and state, and with
 * `expand[]=line_items` each line's breakdown per jurisdiction) and its rates come from the
 * sandbox's own table (tax/sandbox-tax-rates.ts: sandbox data, not real rates). Nothing is
 * stored. Faults for demos: the postal codes of `SANDBOX_TAX_POSTAL_CODES` and the fault
 * controls' `tax_calculations` setting.
 */
export function taxCalculationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { faults } = ctx;

  app.post('/v1/tax/calculations', async (request, reply) => {
    const params = paramsOf(request).allowOnly([
      'currency',
      'line_items',
      'customer_details',
      'tax_date',
      'expand',
    ]);
    const currency = params.requiredString('currency', 3).toLowerCase();
    const lines = params.objectArray('line_items');
    if (!lines || lines.length === 0) throw missingParam('line_items');
    const lineItems = lines.map((line) => {
      line.allowOnly(['amount', 'reference', 'tax_behavior', 'tax_code', 'quantity', 'metadata']);
      return {
        amount: line.int('amount', { required: true, min: 0 })!,
        reference: line.string('reference', { max: 500 }) ?? null,
        tax_behavior: line.enumValue('tax_behavior', ['exclusive', 'inclusive'] as const) ?? 'exclusive',
        tax_code: line.string('tax_code', { max: 50 }) ?? 'txcd_10000000',
        quantity: line.int('quantity', { min: 1 }) ?? 1,
        metadata: line.metadata() ?? {},
      };
    });
    const details = params.object('customer_details');
    if (!details) throw missingParam('customer_details');
    details.allowOnly(['address', 'address_source', 'tax_ids', 'ip_address', 'taxability_override']);
    const address = readAddress(details);
    const addressSource = details.enumValue('address_source', ['billing', 'shipping'] as const) ?? null;
    const taxIds = readTaxIds(details);
    const taxDate = params.int('tax_date', { min: 0 }) ?? nowSeconds();
    const expand = params.expand();

    // Faults: the fault controls' setting first, then the magic postal codes.
    const fault = faults.current();
    if (fault.tax_calculations === 'fail') {
      request.faultInjected = true;
      throw apiError(fault.fail_status, 'The sandbox was told to fail tax calculations (fault control).');
    }
    if (fault.tax_calculations === 'hang' || address.postal_code === SANDBOX_TAX_POSTAL_CODES.hang) {
      request.faultInjected = true;
      await faults.hang(reply);
      return reply;
    }
    if (address.postal_code === SANDBOX_TAX_POSTAL_CODES.serverError) {
      request.faultInjected = true;
      throw apiError(500, 'An error occurred with our connection to the tax service (sandbox postal code).');
    }

    const place = sandboxTaxPlace({
      country: address.country,
      postalCode: address.postal_code,
      state: address.state,
    });
    if (!place) throw locationInvalid();
    const levied = levy(place, taxIds);

    const id = newId('taxcalc');
    const answered = lineItems.map((line, index) => {
      const inclusive = line.tax_behavior === 'inclusive';
      const total = addPercentages(levied.map((entry) => entry.percentage));
      const { tax: amountTax, taxable } = taxOn(line.amount, total, inclusive);
      const breakdown =
        levied.length === 0
          ? [
              {
                amount: 0,
                jurisdiction: {
                  country: place.country,
                  display_name: place.country,
                  level: 'country',
                  state: null,
                },
                sourcing: 'destination',
                tax_rate_details: null,
                taxability_reason: 'not_collecting' as TaxabilityReason,
                taxable_amount: 0,
              },
            ]
          : levied.map((entry) => ({
              amount: taxOn(taxable, Number(entry.percentage), false).tax,
              jurisdiction: {
                country: place.country,
                display_name: entry.tax.jurisdiction,
                level: entry.tax.level,
                state: entry.tax.level === 'country' ? null : place.state,
              },
              sourcing: 'destination',
              tax_rate_details: {
                display_name: entry.tax.displayName,
                percentage_decimal: percentageDecimal(Number(entry.percentage)),
                tax_type: entry.tax.taxType,
              },
              taxability_reason: entry.reason,
              taxable_amount: entry.reason === 'standard_rated' ? taxable : 0,
            }));
      return {
        line: {
          id: `tax_li_${id.slice('taxcalc_'.length)}_${index}`,
          object: 'tax.calculation_line_item',
          amount: line.amount,
          amount_tax: amountTax,
          livemode: false,
          metadata: line.metadata,
          performance_location: null,
          product: null,
          quantity: line.quantity,
          reference: line.reference ?? `line_item_${index}`,
          tax_behavior: line.tax_behavior,
          tax_breakdown: breakdown,
          tax_code: line.tax_code,
        },
        inclusive,
        taxable,
        amountTax,
      };
    });

    // The calculation's own breakdown: one entry per tax type, state and reason, over all lines.
    const groups = new Map<string, Levied[]>();
    for (const entry of levied) {
      const state = entry.tax.level === 'country' ? null : place.state;
      const key = `${entry.tax.taxType}|${state ?? ''}|${entry.reason}`;
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
    const taxBreakdown =
      levied.length === 0
        ? [
            {
              amount: 0,
              inclusive: answered.every((line) => line.inclusive),
              tax_rate_details: {
                country: place.country,
                flat_amount: null,
                percentage_decimal: '0.0',
                rate_type: null,
                state: place.state,
                tax_type: null,
              },
              taxability_reason: 'not_collecting',
              taxable_amount: 0,
            },
          ]
        : [...groups.values()].map((entries) => {
            const percent = addPercentages(entries.map((entry) => entry.percentage));
            const first = entries[0]!;
            return {
              amount: answered.reduce((sum, line) => sum + taxOn(line.taxable, percent, false).tax, 0),
              inclusive: answered.every((line) => line.inclusive),
              tax_rate_details: {
                country: place.country,
                flat_amount: null,
                percentage_decimal: percentageDecimal(percent),
                rate_type: 'percentage',
                state: first.tax.level === 'country' ? null : place.state,
                tax_type: first.tax.taxType,
              },
              taxability_reason: first.reason,
              taxable_amount:
                first.reason === 'standard_rated' ? answered.reduce((sum, line) => sum + line.taxable, 0) : 0,
            };
          });

    const exclusiveTax = answered.filter((line) => !line.inclusive).reduce((sum, l) => sum + l.amountTax, 0);
    const inclusiveTax = answered.filter((line) => line.inclusive).reduce((sum, l) => sum + l.amountTax, 0);
    const created = nowSeconds();
    return {
      id,
      object: 'tax.calculation',
      amount_total: lineItems.reduce((sum, line) => sum + line.amount, 0) + exclusiveTax,
      currency,
      customer: null,
      customer_details: {
        address,
        address_source: addressSource,
        ip_address: null,
        tax_ids: taxIds,
        taxability_override: 'none',
      },
      expires_at: created + CALCULATION_LIFETIME_S,
      ...(expand.includes('line_items')
        ? {
            line_items: {
              object: 'list',
              data: answered.map((line) => line.line),
              has_more: false,
              url: `/v1/tax/calculations/${id}/line_items`,
            },
          }
        : {}),
      livemode: false,
      ship_from_details: null,
      shipping_cost: null,
      tax_amount_exclusive: exclusiveTax,
      tax_amount_inclusive: inclusiveTax,
      tax_breakdown: taxBreakdown,
      tax_date: taxDate,
    };
  });
}
