import {
  gatewayStatusBanner,
  PAYMENT_MODES,
  PAYMENT_VENDORS,
  type PaymentMethodConfig,
} from '@lectern/domain';

/**
 * The method kinds this checkout can show, by `vendor/mode/type` (checkout §4: a method
 * without a handler is dropped). Issue 6's methods plug in by adding their kind here and a
 * form in `PaymentMethodForm`.
 */
export const METHOD_HANDLERS = {
  'Free/internal/free-method': 'free',
  'Credit/internal/full-credit': 'credit',
  'CardToken/direct/card': 'card',
  'CardToken/stored/card': 'storedCard',
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
