import {
  giftDeliveryTime,
  giftDetailsErrors,
  giftToday,
  normalizeGiftDetails,
  type GiftDetails,
  type ShoppingInfoItem,
} from '@lectern/domain';
import { validationError } from '../../platform/http/http-error.js';
import type { CheckoutQuote } from './checkout-quote.js';

/** A gift line's details as the attempt keeps them: who it is for, from whom, and when it goes out. */
export interface FrozenGift extends GiftDetails {
  /** ISO instant the recipient's mail goes out. */
  deliverAt: string;
  /** The buyer's name as the recipient's mail shows it. */
  fromName: string;
}

// Without a time zone of their own, a buyer's "today" may be any date that is today somewhere.
const EARLIEST_ZONE = 'Etc/GMT+12';

/**
 * Freezes each gift line's recipient into the quote at submit: every gift needs valid details
 * (a 400 naming the fields otherwise), and a course bought for oneself has none.
 */
export function withGiftDetails(
  quote: CheckoutQuote,
  items: readonly ShoppingInfoItem[],
  buyer: { name: string; timeZone?: string | null },
  now: Date,
): CheckoutQuote {
  const timeZone = buyer.timeZone ?? null;
  const today = giftToday(now, timeZone ?? EARLIEST_ZONE);
  const fieldErrors: Record<string, string[]> = {};
  const lines = quote.lines.map((line, index) => {
    const details = items[index]?.gift;
    const field = `shopping_info.items.${index}.gift`;
    if (line.buyableType !== 'gift') {
      if (details) fieldErrors[field] = ['Only a gift has a recipient.'];
      return line;
    }
    const input = details ?? { recipient_email: '' };
    const errors = giftDetailsErrors(input, today);
    for (const [name, message] of Object.entries(errors)) fieldErrors[`${field}.${name}`] = [message];
    if (Object.keys(errors).length > 0) return line;
    const gift = normalizeGiftDetails(input, today);
    const frozen: FrozenGift = {
      ...gift,
      deliverAt: giftDeliveryTime(gift.deliverOn, timeZone, now).toISOString(),
      fromName: buyer.name,
    };
    return { ...line, gift: frozen };
  });
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  return { ...quote, lines };
}
