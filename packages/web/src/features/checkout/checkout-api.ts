import type {
  CheckoutInfoRequest,
  CheckoutInfoResponse,
  CheckoutReceipt,
  CheckoutResult,
  CheckoutResultRequest,
  CheckoutSubmitRequest,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

// The checkout calls of checkout §7 live at the site root (like the provider's webhooks), not
// under /api-2.0.
const ROOT = { base: 'root' } as const;

/** `POST /payment/checkout-info/`: methods, billing and tax config, and the priced order. */
export function fetchCheckoutInfo(
  api: ApiClient,
  body: CheckoutInfoRequest,
  signal?: AbortSignal,
): Promise<CheckoutInfoResponse> {
  return api.post<CheckoutInfoResponse>('/payment/checkout-info/', body, { ...ROOT, signal });
}

/** `POST /payment/checkout-submit/`: starts (or repeats, same checkout_ref) a payment attempt. */
export function submitCheckout(api: ApiClient, body: CheckoutSubmitRequest): Promise<CheckoutResult> {
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
