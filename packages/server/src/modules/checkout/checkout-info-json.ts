import type { CheckoutInfoResponse, PaymentMethodConfig } from '@lectern/domain';

/** The JSON of each shared (frozen) methods list, made once (decision 0016). */
const methodsJson = new WeakMap<readonly PaymentMethodConfig[], string>();

function jsonOfMethods(methods: readonly PaymentMethodConfig[]): string {
  const cached = methodsJson.get(methods);
  if (cached !== undefined) return cached;
  const json = JSON.stringify(methods);
  // Only a frozen list is shared between requests (the registry's); others are one request's.
  if (Object.isFrozen(methods)) methodsJson.set(methods, json);
  return json;
}

/**
 * The `POST /payment/checkout-info/` answer as JSON, exactly `JSON.stringify(answer)` for
 * answers built in the service's key order, but with the payment methods' JSON (most of the
 * answer, the same for every buyer of a market) taken from the registry's shared lists
 * instead of written again on every tax reload.
 */
export function checkoutInfoJson(answer: CheckoutInfoResponse): string {
  const { data } = answer;
  const fields: string[] = [];
  if (data.order_summary) fields.push(`"order_summary":${JSON.stringify(data.order_summary)}`);
  if (data.checkout_config) {
    const { payment_methods: methods, credit_is_usable: creditIsUsable } = data.checkout_config;
    fields.push(
      `"checkout_config":{"payment_methods":${jsonOfMethods(methods)},"credit_is_usable":${creditIsUsable}}`,
    );
  }
  if (data.billing_config) fields.push(`"billing_config":${JSON.stringify(data.billing_config)}`);
  if (data.tax_config) fields.push(`"tax_config":${JSON.stringify(data.tax_config)}`);
  return `{"status":${JSON.stringify(answer.status)},"message":${JSON.stringify(answer.message)},"data":{${fields.join(',')}}}`;
}
