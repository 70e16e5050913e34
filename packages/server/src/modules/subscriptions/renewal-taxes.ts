import { validTaxNumber, type TaxBreakdownType } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TaxComponent, TaxProvider } from '../tax/tax-provider.js';
import { profileKeyOf } from './renewal-subscribers.js';
import type { BillingProfileRow, EnrollmentRow } from './subscriptions.repository.js';

/** The tax a renewal charges. */
export interface RenewalTax {
  rate: number;
  rates: number | readonly number[];
  /** The taxes of the rates (null: the plan's agreed rate, without a breakdown). */
  components: TaxComponent[] | null;
  /** A reverse-charged business subscriber's legal note. */
  note: string | null;
  mode: TaxBreakdownType;
}

/**
 * The taxes of renewals: what each plan's billing profile is taxed today, asked of the tax
 * provider once per billing location of a run.
 */
export function createRenewalTaxes(deps: { tax: TaxProvider; log: FastifyBaseLogger }) {
  const { log } = deps;

  /** The tax of each billing location today (the agreed rate where a plan has none, or it fails). */
  async function taxesOf(rows: EnrollmentRow[], profiles: Map<string, BillingProfileRow>, at: Date) {
    const rates = new Map<string, RenewalTax | null>();
    const locationOf = (profile: BillingProfileRow) =>
      `${profile.country}:${profile.secondaryLocation ?? ''}:${profile.taxNumber ?? ''}`;
    for (const row of rows) {
      const profile = profiles.get(profileKeyOf(row));
      if (!profile?.country) continue;
      const location = locationOf(profile);
      if (rates.has(location)) continue;
      const determined = await deps.tax
        .determine(
          {
            country: profile.country,
            secondaryLocation: profile.secondaryLocation,
            taxNumber: validTaxNumber(profile.country, profile.taxNumber),
          },
          at,
        )
        .catch((error: unknown) => {
          log.warn({ err: error, location }, 'renewal tax not determined; the agreed rate applies');
          return null;
        });
      rates.set(
        location,
        determined?.ok
          ? {
              rate: determined.ratePercent,
              rates: determined.components.map((component) => component.ratePercent),
              components: determined.components,
              note: determined.reverseCharge?.note ?? null,
              mode: determined.mode,
            }
          : null,
      );
    }
    return (row: EnrollmentRow): RenewalTax => {
      const profile = profiles.get(profileKeyOf(row));
      const found = profile?.country ? rates.get(locationOf(profile)) : null;
      const agreed = Number(row.taxRate);
      return (
        found ?? {
          rate: agreed,
          rates: agreed,
          components: null,
          note: null,
          mode: row.taxMode as TaxBreakdownType,
        }
      );
    };
  }

  return { taxesOf };
}

export type RenewalTaxes = ReturnType<typeof createRenewalTaxes>;
