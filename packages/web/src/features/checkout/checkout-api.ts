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
 * With a guest's e-mail, `POST /payment/dac-checkout-submit/`: the courses go to the e-mail's
 * account. The server hands this device a pass for the attempt (an HttpOnly cookie), which the
 * guest variants of the later calls take; it signs the device in only to an account this very
 * submit made, once paid (decision 0030).
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

/**
 * `PATCH /payment/checkout-submit/{id}/`: the outcome of an action such as 3-D Secure. A guest
 * who is not signed in sends it to `PATCH /payment/dac-checkout-submit/{id}/` (the attempt pass).
 */
export function submitCheckoutResult(
  api: ApiClient,
  paymentAttemptId: string,
  body: CheckoutResultRequest,
  guest = false,
): Promise<CheckoutResult> {
  const submitPath = guest ? '/payment/dac-checkout-submit/' : '/payment/checkout-submit/';
  return api.patch<CheckoutResult>(`${submitPath}${encodeURIComponent(paymentAttemptId)}/`, body, ROOT);
}

/**
 * `GET /payment/checkout-result/?payment_attempt_id=`: the attempt and, once fulfilled, its
 * order. A guest who is not signed in asks `/payment/dac-checkout-result/` (the attempt pass).
 */
export function fetchCheckoutReceipt(
  api: ApiClient,
  paymentAttemptId: string,
  signal?: AbortSignal,
  guest = false,
): Promise<CheckoutReceipt> {
  return api.get<CheckoutReceipt>(guest ? '/payment/dac-checkout-result/' : '/payment/checkout-result/', {
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
