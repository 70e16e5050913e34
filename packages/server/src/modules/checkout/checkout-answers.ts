import { paymentErrorMessage, type CheckoutResult } from '@lectern/domain';
import { HttpError } from '../../platform/http/http-error.js';
import type { AttemptRow } from './checkout.repository.js';

/** Where a paid attempt sends the buyer (the success page reads the receipt there). */
export const successUrl = (attemptId: string) => `/cart/success/${attemptId}/`;

/** Card-testing defence: checkout §8 `too_many_failed_attempts`, as a 429 in the error contract. */
export const tooManyFailedAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'too_many_failed_attempts',
    paymentErrorMessage('too_many_failed_attempts').text,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

/** The checkout §3 result for an attempt; a failure carries the checkout §8 message of its code. */
export function answer(
  row: AttemptRow,
  status: CheckoutResult['status'],
  data: Partial<CheckoutResult['data']> = {},
): CheckoutResult {
  const failed = status === 'failed';
  const code = row.errorCode ?? 'card_declined';
  return {
    status,
    message: failed ? paymentErrorMessage(code).text : null,
    error_code: failed ? code : null,
    data: {
      payment_attempt_id: row.id,
      action_data: null,
      return_url: null,
      client_secret: null,
      payment_method_id: row.gatewayPaymentMethodId,
      authentication_type: null,
      checkout_ref: row.checkoutRef,
      redirect_url: null,
      ...data,
    },
  };
}

export const succeededAnswer = (row: AttemptRow) =>
  answer(row, 'succeeded', { redirect_url: successUrl(row.id) });
/** Paid but not settled yet (an asynchronous method): the success page follows it. */
export const pendingAnswer = (row: AttemptRow) => answer(row, 'redirect', { return_url: successUrl(row.id) });
