import type {
  CheckoutInfoRequest,
  CheckoutInfoResponse,
  CheckoutReceipt,
  CheckoutResult,
  CheckoutResultRequest,
  CheckoutSubmitRequest,
  PaymentAttemptLogRequest,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

// The checkout calls of checkout §7 live at the site root (like the provider's webhooks), not
// under /api-2.0.
const ROOT = { base: 'root' } as const;

/**
 * `POST /payment/checkout-info/`: methods, billing and tax config, and the priced order. A
 * guest (a visitor in the guest-checkout experiment, team-plan §6) asks its `dac-` variant.
 */
export function fetchCheckoutInfo(
  api: ApiClient,
  body: CheckoutInfoRequest,
  signal?: AbortSignal,
  guest = false,
): Promise<CheckoutInfoResponse> {
  const path = guest ? '/payment/dac-checkout-info/' : '/payment/checkout-info/';
  return api.post<CheckoutInfoResponse>(path, body, { ...ROOT, signal });
}

/**
 * `POST /payment/checkout-submit/`: starts (or repeats, same checkout_ref) a payment attempt.
 * With a guest's e-mail, `POST /payment/dac-checkout-submit/`: the server makes the account and
 * signs this device in to it, so every later call is the ordinary checkout's.
 */
export function submitCheckout(
  api: ApiClient,
  body: CheckoutSubmitRequest,
  guestEmail?: string,
): Promise<CheckoutResult> {
  if (guestEmail !== undefined) {
    return api.post<CheckoutResult>('/payment/dac-checkout-submit/', { ...body, email: guestEmail }, ROOT);
  }
  return api.post<CheckoutResult>('/payment/checkout-submit/', body, ROOT);
}

/** `PATCH /payment/checkout-submit/{id}/`: the outcome of an action such as 3-D Secure. */
export function submitCheckoutResult(
  api: ApiClient,
  paymentAttemptId: string,
  body: CheckoutResultRequest,
): Promise<CheckoutResult> {
  return api.patch<CheckoutResult>(
    `/payment/checkout-submit/${encodeURIComponent(paymentAttemptId)}/`,
    body,
    ROOT,
  );
}

/** `GET /payment/checkout-result/?payment_attempt_id=`: the attempt and, once fulfilled, its order. */
export function fetchCheckoutReceipt(
  api: ApiClient,
  paymentAttemptId: string,
  signal?: AbortSignal,
): Promise<CheckoutReceipt> {
  return api.get<CheckoutReceipt>('/payment/checkout-result/', {
    ...ROOT,
    params: { payment_attempt_id: paymentAttemptId },
    signal,
  });
}

/**
 * `POST /payment/shopping-cart-log-payment-attempt/`: tells the server how an attempt went, for
 * its counters. Never in the buyer's way: a failure to report is dropped.
 */
export function logPaymentAttempt(api: ApiClient, body: PaymentAttemptLogRequest): void {
  api.post<void>('/payment/shopping-cart-log-payment-attempt/', body, ROOT).catch(() => {});
}
