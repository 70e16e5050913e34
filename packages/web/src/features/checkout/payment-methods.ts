import {
  gatewayStatusBanner,
  PAYMENT_MODES,
  PAYMENT_VENDORS,
  type PaymentMethodConfig,
} from '@lectern/domain';

/**
 * The method kinds this checkout can show, by `vendor/mode/type` (checkout §4: a method
 * without a handler is dropped). A kind names the form that shows the method and how its
 * credentials are built (`buildPaymentInfo`).
 */
export const METHOD_HANDLERS = {
  'Free/internal/free-method': 'free',
  'Credit/internal/full-credit': 'credit',
  'CardToken/direct/card': 'card',
  'CardToken/stored/card': 'storedCard',
  'CardToken/common/express': 'express',
  'CardToken/direct/afterpay_clearpay': 'bnplAddress',
  'CardToken/direct/affirm': 'bnplFieldless',
  'LocalPayments/direct/card': 'localCard',
  'CardEncrypted/hosted/ideal': 'hosted',
  'CardEncrypted/hosted/directEbanking': 'hosted',
  'CardEncrypted/hosted/sepadirectdebit': 'hosted',
  'CardEncrypted/hosted/doku_alfamart': 'hosted',
  'CardEncrypted/hosted/doku_bca_va': 'hosted',
  'CardEncrypted/hosted/doku_mandiri_va': 'hosted',
  'CardEncrypted/hosted/doku_permata_lite_atm': 'hosted',
  'LocalPayments/hosted/boleto': 'hosted',
  'LocalPayments/hosted/oxxo': 'hosted',
  'LocalPayments/hosted/pix': 'hosted',
  'LocalPayments/hosted/upi': 'hosted',
  'LocalPayments/hosted/netbanking': 'hosted',
  'Wallet/hosted/paypal': 'hosted',
} as const;
export type MethodKind = (typeof METHOD_HANDLERS)[keyof typeof METHOD_HANDLERS];

/** The form that shows a method, or null when this checkout has none for it. */
export function methodKindOf(
  method: Pick<PaymentMethodConfig, 'vendor' | 'mode' | 'type'>,
): MethodKind | null {
  if (!(PAYMENT_VENDORS as readonly string[]).includes(method.vendor)) return null;
  if (!(PAYMENT_MODES as readonly string[]).includes(method.mode)) return null;
  const key = `${method.vendor}/${method.mode}/${method.type}`;
  return key in METHOD_HANDLERS ? METHOD_HANDLERS[key as keyof typeof METHOD_HANDLERS] : null;
}

/** A method's identity in the list; stored cards share their card method's vendor and type. */
export function methodKey(method: PaymentMethodConfig): string {
  const stored = method.options.stored_payment_method?.id;
  return stored ? `${method.method_id}:${stored}` : String(method.method_id);
}

/**
 * Checkout §4: drops methods of an unknown vendor, mode or type, and those whose gateway status
 * is none of up, degraded, down ('Invalid status'), saying why each was dropped.
 */
export function filterKnownMethods(methods: readonly PaymentMethodConfig[]): {
  methods: PaymentMethodConfig[];
  dropped: { method: PaymentMethodConfig; reason: string }[];
} {
  const known: PaymentMethodConfig[] = [];
  const dropped: { method: PaymentMethodConfig; reason: string }[] = [];
  for (const method of methods) {
    if (!methodKindOf(method)) {
      dropped.push({ method, reason: 'No handler for this vendor, mode and type' });
      continue;
    }
    try {
      gatewayStatusBanner(method.gateway_status);
      known.push(method);
    } catch (error) {
      dropped.push({ method, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { methods: known, dropped };
}

/**
 * Checkout §4 selection: the previously selected method when it is still offered, else the
 * one the server flags `selected`, else the first (open by default, checkout §2).
 */
export function initialMethodKey(
  methods: readonly PaymentMethodConfig[],
  previousKey: string | null,
): string | null {
  if (previousKey && methods.some((method) => methodKey(method) === previousKey)) return previousKey;
  const flagged = methods.find((method) => method.selected);
  const first = flagged ?? methods[0];
  return first ? methodKey(first) : null;
}

/**
 * Checkout §5: a stored card needs its stored data and a related non-stored card method of the
 * same vendor and type; returns false when either is missing.
 */
export function isStoredMethodValid(
  method: PaymentMethodConfig,
  methods: readonly PaymentMethodConfig[],
): boolean {
  if (method.mode !== 'stored') return true;
  if (!method.options.stored_payment_method) return false;
  return methods.some(
    (other) => other.mode !== 'stored' && other.vendor === method.vendor && other.type === method.type,
  );
}

/** Checkout §4: selecting either buy-now-pay-later method is an experiment exposure. */
export function isBnplKind(kind: MethodKind | null): kind is 'bnplAddress' | 'bnplFieldless' {
  return kind === 'bnplAddress' || kind === 'bnplFieldless';
}

/** A wallet of the express method, as the server lists it in `options.apps`. */
export type ExpressWallet = 'apple_pay' | 'google_pay';

/** What the provider's `canMakePayment()` answers: null when no wallet can pay here. */
export type WalletAvailability = { applePay: boolean; googlePay: boolean } | null;

/**
 * The wallets to show as buttons: those the server offers (`options.apps`, in its order) that
 * the provider reports available on this device. None while the provider has not answered.
 */
export function expressWallets(
  method: PaymentMethodConfig,
  availability: WalletAvailability | undefined,
): ExpressWallet[] {
  if (!availability) return [];
  const available: Record<ExpressWallet, boolean> = {
    apple_pay: availability.applePay,
    google_pay: availability.googlePay,
  };
  return (method.options.apps ?? [])
    .map((app) => app.app_id)
    .filter((id): id is ExpressWallet => (id === 'apple_pay' || id === 'google_pay') && available[id]);
}

/**
 * Checkout §4 express wallet: the express method is hidden until the provider reports a
 * wallet available. `wallets` is null while the provider has not answered: the method is
 * hidden and the selection kept (it shows once available). When the answer is no wallet and
 * the express method was selected, the first two methods swap and the new first is selected,
 * so an open method always shows. Returns the methods to show and the selection.
 */
export function arrangeExpressMethod(
  methods: readonly PaymentMethodConfig[],
  selectedKey: string | null,
  wallets: readonly ExpressWallet[] | null,
): { methods: PaymentMethodConfig[]; selectedKey: string | null } {
  const expressIndex = methods.findIndex((method) => methodKindOf(method) === 'express');
  if (expressIndex < 0 || (wallets && wallets.length > 0)) return { methods: [...methods], selectedKey };
  const ordered = [...methods];
  const express = ordered[expressIndex]!;
  let selected = selectedKey;
  if (wallets && selectedKey === methodKey(express)) {
    if (expressIndex === 0 && ordered.length > 1) {
      ordered[0] = ordered[1]!;
      ordered[1] = express;
    }
    const first = ordered.find((method) => method !== express);
    selected = first ? methodKey(first) : null;
  }
  return { methods: ordered.filter((method) => method !== express), selectedKey: selected };
}
