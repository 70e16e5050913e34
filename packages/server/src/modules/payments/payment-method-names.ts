import type { PaymentMode, PaymentVendor } from '@lectern/domain';
import type { GatewayMethodType, GatewayWallet } from './payment-gateway.js';

// Checkout §3 names a payment method by vendor, mode and type; the names themselves
// (PAYMENT_VENDORS, PAYMENT_MODES) are the checkout contract's, in @lectern/domain. All the
// provider vendors are served by the one PaymentGateway; this table says how.

/** Which checkout §3 credential the browser sends for the method. */
export type CheckoutCredential =
  /** `payment_method_id`: created in the browser with the provider's SDK. */
  | 'payment_method_id'
  /** `encrypted_data`: the card fields as a JWE; the server creates the payment method. */
  | 'encrypted_data'
  /** `stored_payment_method_id`: a method saved on the customer earlier. */
  | 'stored_payment_method_id'
  /** Nothing: the server creates the payment method from the billing details. */
  | 'none';

export type CheckoutMethodRoute =
  | { kind: 'internal'; type: 'free-method' | 'full-credit' }
  | {
      kind: 'gateway';
      methodType: GatewayMethodType;
      credential: CheckoutCredential;
      wallet: GatewayWallet | null;
    };

export interface CheckoutMethodName {
  vendor: string;
  mode: string;
  type: string;
}

const gateway = (
  methodType: GatewayMethodType,
  credential: CheckoutCredential,
  wallet: GatewayWallet | null = null,
): CheckoutMethodRoute => ({ kind: 'gateway', methodType, credential, wallet });

const TABLE: readonly [PaymentVendor, PaymentMode, string, CheckoutMethodRoute][] = [
  ['Free', 'internal', 'free-method', { kind: 'internal', type: 'free-method' }],
  ['Credit', 'internal', 'full-credit', { kind: 'internal', type: 'full-credit' }],
  ['CardToken', 'direct', 'card', gateway('card', 'payment_method_id')],
  ['CardToken', 'stored', 'card', gateway('card', 'stored_payment_method_id')],
  ['CardToken', 'direct', 'affirm', gateway('affirm', 'payment_method_id')],
  ['CardToken', 'direct', 'afterpay_clearpay', gateway('afterpay_clearpay', 'payment_method_id')],
  // Apple Pay and Google Pay are one express method; the pay sheet hands over a card payment
  // method, and which wallet it came from is the card's (`card.wallet`), not the method's.
  ['CardToken', 'common', 'express', gateway('card', 'payment_method_id')],
  ['CardEncrypted', 'direct', 'scheme', gateway('card', 'encrypted_data')],
  ['CardEncrypted', 'stored', 'scheme', gateway('card', 'stored_payment_method_id')],
  ['CardEncrypted', 'hosted', 'ideal', gateway('ideal', 'none')],
  ['CardEncrypted', 'hosted', 'sepadirectdebit', gateway('sepa_debit', 'none')],
  ['CardEncrypted', 'hosted', 'directEbanking', gateway('sofort', 'none')],
  // The Indonesian methods are one provider type; the type's suffix is its `channel` detail.
  ['CardEncrypted', 'hosted', 'doku_alfamart', gateway('doku', 'none')],
  ['CardEncrypted', 'hosted', 'doku_bca_va', gateway('doku', 'none')],
  ['CardEncrypted', 'hosted', 'doku_mandiri_va', gateway('doku', 'none')],
  ['CardEncrypted', 'hosted', 'doku_permata_lite_atm', gateway('doku', 'none')],
  ['LocalPayments', 'direct', 'card', gateway('card', 'payment_method_id')],
  ['LocalPayments', 'hosted', 'boleto', gateway('boleto', 'none')],
  ['LocalPayments', 'hosted', 'oxxo', gateway('oxxo', 'none')],
  ['LocalPayments', 'hosted', 'pix', gateway('pix', 'none')],
  ['LocalPayments', 'hosted', 'upi', gateway('upi', 'none')],
  ['LocalPayments', 'hosted', 'netbanking', gateway('netbanking', 'none')],
  ['Wallet', 'hosted', 'paypal', gateway('paypal', 'none')],
];

/** Every name the checkout may offer, for configuration and tests. */
export const CHECKOUT_METHOD_NAMES: readonly CheckoutMethodName[] = TABLE.map(([vendor, mode, type]) => ({
  vendor,
  mode,
  type,
}));

/**
 * How a checkout method is paid, or null when the vendor, mode or type is unknown: checkout
 * §4 drops such methods and reports them (fail closed, never a guess).
 */
export function resolveCheckoutMethod(name: CheckoutMethodName): CheckoutMethodRoute | null {
  const row = TABLE.find(
    ([vendor, mode, type]) => vendor === name.vendor && mode === name.mode && type === name.type,
  );
  return row ? row[3] : null;
}
