import type { GiftPreview, GiftRedeemRefusal } from '@lectern/domain';
import type { MessageId } from '../../i18n/load-messages';
import { isApiError } from '../../platform/api';

/**
 * Why a gift link cannot be redeemed, in the page's words: the domain's GIFT_REDEEM_REFUSALS
 * (the API's `detail`) translated; en.json holds the same English sentences.
 */
export const GIFT_REFUSAL_MESSAGES: Record<GiftRedeemRefusal, MessageId> = {
  gift_not_found: 'giftRedeem.refusal.notFound',
  gift_redeemed: 'giftRedeem.refusal.redeemed',
  gift_refunded: 'giftRedeem.refusal.refunded',
  gift_already_owned: 'giftRedeem.refusal.alreadyOwned',
};

function isRefusal(code: string | undefined): code is GiftRedeemRefusal {
  return code !== undefined && code in GIFT_REFUSAL_MESSAGES;
}

/**
 * A failed redeem or preview as the page says it: a refusal the server named (404, 409), an
 * unknown link for any 404 or 400 (a malformed code), else null (a failure to retry).
 */
export function refusalMessageOf(error: unknown): MessageId | null {
  if (!isApiError(error) || !error.isParsedError) return null;
  if (isRefusal(error.code)) return GIFT_REFUSAL_MESSAGES[error.code];
  if (error.statusCode === 404 || error.statusCode === 400) return GIFT_REFUSAL_MESSAGES.gift_not_found;
  return null;
}

/** Why a link the server found cannot be redeemed by this viewer, from its preview; null if it can. */
export function previewRefusal(preview: GiftPreview): MessageId | null {
  if (preview.status === 'refunded') return GIFT_REFUSAL_MESSAGES.gift_refunded;
  if (preview.status === 'redeemed' && !preview.redeemed_by_you) return GIFT_REFUSAL_MESSAGES.gift_redeemed;
  return null;
}
