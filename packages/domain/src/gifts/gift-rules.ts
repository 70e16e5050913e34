// Gifts: a learner buys a course for someone else (platform §3's `gift` buyable). What the
// checkout page and the server both check of a gift's details, and when its mail goes out.
// Plain functions, no schema library: the checkout page carries none (decision 0026).
import { isCalendarDate } from '../api/calendar-date.js';
import { guestEmailError } from '../checkout/guest-checkout-rules.js';
import { addDays, startOfZonedDay, zonedDate } from '../learning/zoned-time.js';

export const GIFT_MESSAGE_MAX_LENGTH = 500;
export const GIFT_RECIPIENT_NAME_MAX_LENGTH = 100;
/** The latest delivery date a buyer may choose, in days from today. */
export const GIFT_DELIVERY_MAX_DAYS_AHEAD = 365;
/** The hour of the delivery date (in the buyer's time zone) at which the gift's mail goes out. */
export const GIFT_DELIVERY_HOUR = 8;

/** A gift's details as the browser sends them with a gift line (`shopping_info.items[].gift`). */
export interface GiftDetailsInput {
  recipient_email: string;
  recipient_name?: string | null;
  message?: string | null;
  /** `YYYY-MM-DD` in the buyer's time zone; empty or today: at once. */
  deliver_on?: string | null;
}

/** A gift's details as kept: trimmed, the e-mail lower-cased, empty parts null. */
export interface GiftDetails {
  recipientEmail: string;
  recipientName: string | null;
  message: string | null;
  /** `YYYY-MM-DD`; null: at once. */
  deliverOn: string | null;
}

export type GiftDetailsField = 'recipient_email' | 'recipient_name' | 'message' | 'deliver_on';

/**
 * What is wrong with a gift's details, by field (empty when nothing is). `today` is the
 * buyer's date (`YYYY-MM-DD` in their time zone): a delivery date may be today up to
 * GIFT_DELIVERY_MAX_DAYS_AHEAD days later.
 */
export function giftDetailsErrors(
  input: GiftDetailsInput,
  today: string,
): Partial<Record<GiftDetailsField, string>> {
  const errors: Partial<Record<GiftDetailsField, string>> = {};
  const email = input.recipient_email.trim();
  const emailError =
    email === '' ? 'Enter the e-mail address of the person the gift is for.' : guestEmailError(email);
  if (emailError) errors.recipient_email = emailError;
  if ((input.recipient_name ?? '').trim().length > GIFT_RECIPIENT_NAME_MAX_LENGTH) {
    errors.recipient_name = `The name can be at most ${GIFT_RECIPIENT_NAME_MAX_LENGTH} characters.`;
  }
  if ((input.message ?? '').trim().length > GIFT_MESSAGE_MAX_LENGTH) {
    errors.message = `The message can be at most ${GIFT_MESSAGE_MAX_LENGTH} characters.`;
  }
  const deliverOn = (input.deliver_on ?? '').trim();
  if (deliverOn !== '') {
    if (!isCalendarDate(deliverOn)) {
      errors.deliver_on = 'Choose a delivery date.';
    } else if (deliverOn < today) {
      errors.deliver_on = 'The delivery date cannot be in the past.';
    } else if (deliverOn > addDays(today, GIFT_DELIVERY_MAX_DAYS_AHEAD)) {
      errors.deliver_on = `Choose a delivery date within ${GIFT_DELIVERY_MAX_DAYS_AHEAD} days.`;
    }
  }
  return errors;
}

/** The details as kept (call after `giftDetailsErrors` found nothing); today's date means at once. */
export function normalizeGiftDetails(input: GiftDetailsInput, today: string): GiftDetails {
  const text = (value: string | null | undefined) => {
    const trimmed = (value ?? '').trim();
    return trimmed === '' ? null : trimmed;
  };
  const deliverOn = text(input.deliver_on);
  return {
    recipientEmail: input.recipient_email.trim().toLowerCase(),
    recipientName: text(input.recipient_name),
    message: text(input.message),
    deliverOn: deliverOn !== null && deliverOn > today ? deliverOn : null,
  };
}

/** The buyer's date today, in their time zone (UTC when they have none). */
export function giftToday(now: Date, timeZone: string | null): string {
  return zonedDate(now, timeZone ?? 'UTC');
}

/**
 * When a gift's mail goes out: at once without a delivery date, else at GIFT_DELIVERY_HOUR on
 * that date in the buyer's time zone (never before `now`).
 */
export function giftDeliveryTime(deliverOn: string | null, timeZone: string | null, now: Date): Date {
  if (deliverOn === null) return now;
  const at = new Date(
    startOfZonedDay(deliverOn, timeZone ?? 'UTC').getTime() + GIFT_DELIVERY_HOUR * 60 * 60 * 1000,
  );
  return at > now ? at : now;
}

export const GIFT_STATUSES = ['scheduled', 'delivered', 'redeemed', 'refunded'] as const;
/** Where a gift is: its mail not sent yet, sent, taken into the recipient's account, or refunded. */
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export function giftStatusOf(gift: {
  deliverAt: Date;
  redeemedAt: Date | null;
  refundedAt: Date | null;
  now: Date;
}): GiftStatus {
  if (gift.refundedAt) return 'refunded';
  if (gift.redeemedAt) return 'redeemed';
  return gift.deliverAt > gift.now ? 'scheduled' : 'delivered';
}

/** Why a gift's link cannot be redeemed, in the words the redeem page and the API show. */
export const GIFT_REDEEM_REFUSALS = {
  gift_not_found: 'This gift link is not valid. Check that you opened the whole link from the e-mail.',
  gift_redeemed: 'This gift has already been redeemed.',
  gift_refunded: 'This gift was refunded to the person who bought it, so it can no longer be redeemed.',
  gift_already_owned:
    'You already own this course, so this gift cannot be added to your account. The person who gave it can ask for a refund.',
} as const;
export type GiftRedeemRefusal = keyof typeof GIFT_REDEEM_REFUSALS;

/** The gift API: GET `?code=` answers a GiftPreview; POST `{ code }` redeems it (signed in). */
export const GIFT_REDEEM_PATH = '/api-2.0/gifts/redeem/';

/** What the redeem page shows of a gift link. */
export interface GiftPreview {
  course: { id: number; title: string; url: string };
  /** The buyer's name, as their account has it now. */
  from_name: string | null;
  recipient_name: string | null;
  message: string | null;
  status: 'redeemable' | 'redeemed' | 'refunded';
  /** The viewer redeemed it: the course is in their account. */
  redeemed_by_you: boolean;
}
