import { isApiError } from '../../platform/api';
import type { MessageId } from '../../i18n/load-messages';

/** Error codes the server may give a rejected code, mapped to the platform §8 messages. */
const COUPON_ERROR_MESSAGES: Record<string, MessageId> = {
  coupon_not_applicable: 'cart.coupon.notValidForCourse',
  coupon_not_valid_for_course: 'cart.coupon.notValidForCourse',
  coupon_already_used: 'cart.coupon.alreadyUsed',
};

/** The platform §8 message for a failed cart call: a known coupon problem, else the generic one. */
export function cartErrorMessageId(error: unknown): MessageId {
  if (isApiError(error) && error.code && COUPON_ERROR_MESSAGES[error.code])
    return COUPON_ERROR_MESSAGES[error.code]!;
  return 'cart.unknownError';
}

/**
 * The server's own sentence for a refused change (e.g. "You already own “X”, so it cannot
 * be bought again."), if any: its field messages first, else its detail.
 */
export function serverDetail(error: unknown): string | null {
  if (
    !isApiError(error) ||
    !error.isParsedError ||
    error.statusCode === undefined ||
    error.statusCode >= 500
  ) {
    return null;
  }
  const fieldMessages = Object.values(error.fieldErrors).flat();
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.detail;
}
