import type { Params } from '../core/params.js';
import { invalidParam } from '../core/stripe-error.js';
import { METHOD_TYPE_NAMES, METHOD_TYPES } from '../payments/method-types.js';

export interface MethodTypeChoice {
  /** What the client asked for (`allowed_payment_method_types`), or null. */
  allowed: string[] | null;
  excluded: string[] | null;
}

function list(params: Params, key: string): string[] | undefined {
  const types = params.stringArray(key);
  for (const type of types ?? []) {
    if (!METHOD_TYPE_NAMES.includes(type))
      throw invalidParam(key, `The payment method type "${type}" is invalid.`);
  }
  return types;
}

/**
 * `allowed_payment_method_types` (the current API) or `payment_method_types` (older API
 * versions), and `excluded_payment_method_types`. Undefined when none was sent.
 */
export function readMethodTypeChoice(params: Params): MethodTypeChoice | undefined {
  const allowed = list(params, 'allowed_payment_method_types') ?? list(params, 'payment_method_types');
  const excluded = list(params, 'excluded_payment_method_types');
  if (allowed === undefined && excluded === undefined) return undefined;
  return { allowed: allowed ?? null, excluded: excluded ?? null };
}

export const METHOD_TYPE_PARAMS = [
  'allowed_payment_method_types',
  'payment_method_types',
  'excluded_payment_method_types',
] as const;

/**
 * The types an intent accepts: the allowed ones, else every method that takes the currency
 * (Stripe's automatic payment methods), minus the excluded ones.
 */
export function effectiveMethodTypes(
  choice: MethodTypeChoice | undefined,
  currency: string | null,
): string[] {
  const base =
    choice?.allowed ??
    METHOD_TYPES.filter(
      (m) => currency === null || m.currencies.length === 0 || m.currencies.includes(currency),
    ).map((m) => m.type);
  return base.filter((type) => !choice?.excluded?.includes(type));
}
