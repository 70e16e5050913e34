import { formatMoney, paymentErrorMessage, type CheckoutResult, type Money } from '@lectern/domain';
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

/**
 * Credit another checkout took after this one was priced (design §4): 409 `insufficient_credit`
 * before anything is charged.
 */
export const creditNoLongerCovers = (used: Money) =>
  new HttpError(
    409,
    'insufficient_credit',
    `Your account credit no longer covers the ${formatMoney(used)} this order uses (another purchase used it). Please review your order and submit again; nothing was charged.`,
  );

/** A submit paid by credit alone for an order the credit does not cover (spent since, or never enough). */
export const creditDoesNotCover = () =>
  new HttpError(
    409,
    'insufficient_credit',
    'Your account credit does not cover this order, so it cannot be paid with credit alone; nothing was charged. Please review your order and choose a payment method.',
  );

/** What every checkout §3 result says of its attempt, whichever checkout made it. */
export interface AnsweredAttempt {
  id: string;
  checkoutRef: string;
  errorCode: string | null;
  paymentMethodId: string | null;
}

/**
 * The checkout §3 result of an attempt (course or subscription): a failure carries the
 * checkout §8 message of its code; `message` is what a success says, if anything.
 */
export function checkoutResult(
  attempt: AnsweredAttempt,
  status: CheckoutResult['status'],
  data: Partial<CheckoutResult['data']> = {},
  message: string | null = null,
): CheckoutResult {
  const failed = status === 'failed';
  const code = attempt.errorCode ?? 'card_declined';
  return {
    status,
    message: failed ? paymentErrorMessage(code).text : message,
    error_code: failed ? code : null,
    data: {
      payment_attempt_id: attempt.id,
      action_data: null,
      return_url: null,
      client_secret: null,
      payment_method_id: attempt.paymentMethodId,
      authentication_type: null,
      checkout_ref: attempt.checkoutRef,
      redirect_url: null,
      ...data,
    },
  };
}

/** The checkout §3 result for a course attempt. */
export const answer = (
  row: AttemptRow,
  status: CheckoutResult['status'],
  data: Partial<CheckoutResult['data']> = {},
) => checkoutResult({ ...row, paymentMethodId: row.gatewayPaymentMethodId }, status, data);

export const succeededAnswer = (row: AttemptRow) =>
  answer(row, 'succeeded', { redirect_url: successUrl(row.id) });
/** Paid but not settled yet (an asynchronous method): the success page follows it. */
export const pendingAnswer = (row: AttemptRow) => answer(row, 'redirect', { return_url: successUrl(row.id) });
