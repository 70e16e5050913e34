import {
  addDays,
  giftDetailsErrors,
  GIFT_DELIVERY_MAX_DAYS_AHEAD,
  GIFT_MESSAGE_MAX_LENGTH,
  GIFT_RECIPIENT_NAME_MAX_LENGTH,
  type CheckoutItemData,
  type GiftDetailsField,
  type GiftDetailsInput,
  type ShoppingInfoItem,
} from '@lectern/domain';
import type { MessageId } from '../../i18n/load-messages';

// The checkout's gift lines (a course bought for someone else): what the buyer types for each,
// its checks, what the submit sends, the server's answer mapped back to the fields, and the
// tab's copy of it. Plain functions, no schema library: the checkout page carries none
// (decision 0026); the rules themselves are the domain's (gift-rules.ts).

/** What the buyer typed for one gift line, each field as its input holds it. */
export interface GiftRecipientInput {
  recipient_email: string;
  recipient_name: string;
  message: string;
  /** `YYYY-MM-DD` from the date input; empty: send at once. */
  deliver_on: string;
}

export const EMPTY_GIFT_RECIPIENT: GiftRecipientInput = {
  recipient_email: '',
  recipient_name: '',
  message: '',
  deliver_on: '',
};

/** Each gift line's details, by its key (`gift:<course id>`, the cart's buyable key). */
export type GiftRecipients = Record<string, GiftRecipientInput>;

/** A field's problems or messages, by field. */
export type GiftFieldTexts = Partial<Record<GiftDetailsField, string>>;

/** The fields in the order the form shows them: the first wrong one takes the focus. */
export const GIFT_FIELDS: readonly GiftDetailsField[] = [
  'recipient_email',
  'recipient_name',
  'message',
  'deliver_on',
];

export function isGiftItem(item: CheckoutItemData): boolean {
  return item.buyableType === 'gift';
}

export function giftKey(item: Pick<CheckoutItemData, 'buyableId'>): string {
  return `gift:${item.buyableId}`;
}

/**
 * The browser's date today (`YYYY-MM-DD` in local time): the buyer's "today" for the delivery
 * date, as the date input shows dates.
 */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A `YYYY-MM-DD` day as a local date (its midnight), to show it in the buyer's words. */
export function dateOfDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The dates a delivery may be on: today up to GIFT_DELIVERY_MAX_DAYS_AHEAD days later. */
export function deliveryDateBounds(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, GIFT_DELIVERY_MAX_DAYS_AHEAD) };
}

/** A problem as the page words it: a message id and its values. */
export interface GiftFieldProblem {
  id: MessageId;
  values?: Record<string, number>;
}

/**
 * What is wrong with one gift's details, by field, in the page's words. Whether a field is
 * wrong is the domain's rule (`giftDetailsErrors`, the server's own check); the page only
 * says which of its cases it is, in the buyer's language.
 */
export function giftFieldProblems(
  input: GiftRecipientInput,
  today: string,
): Partial<Record<GiftDetailsField, GiftFieldProblem>> {
  const errors = giftDetailsErrors(input, today);
  const problems: Partial<Record<GiftDetailsField, GiftFieldProblem>> = {};
  if (errors.recipient_email) {
    problems.recipient_email = {
      id:
        input.recipient_email.trim() === ''
          ? 'checkout.gift.error.emailRequired'
          : 'checkout.gift.error.emailInvalid',
    };
  }
  if (errors.recipient_name) {
    problems.recipient_name = {
      id: 'checkout.gift.error.nameTooLong',
      values: { max: GIFT_RECIPIENT_NAME_MAX_LENGTH },
    };
  }
  if (errors.message) {
    problems.message = { id: 'checkout.gift.error.messageTooLong', values: { max: GIFT_MESSAGE_MAX_LENGTH } };
  }
  if (errors.deliver_on) {
    const date = input.deliver_on.trim();
    const { max } = deliveryDateBounds(today);
    problems.deliver_on =
      date < today
        ? { id: 'checkout.gift.error.datePast' }
        : date > max
          ? { id: 'checkout.gift.error.dateTooFar', values: { days: GIFT_DELIVERY_MAX_DAYS_AHEAD } }
          : { id: 'checkout.gift.error.dateInvalid' };
  }
  return problems;
}

/** One gift's details as the submit sends them: trimmed, optional parts null when empty. */
export function giftDetailsOf(input: GiftRecipientInput): GiftDetailsInput {
  const optional = (value: string) => value.trim() || null;
  return {
    recipient_email: input.recipient_email.trim(),
    recipient_name: optional(input.recipient_name),
    message: optional(input.message),
    deliver_on: optional(input.deliver_on),
  };
}

/**
 * The submit's shopping items: every line's buyable, and each gift line with its details
 * (a line the buyer typed nothing for is sent empty, and the server names what is missing).
 */
export function shoppingItemsWithGifts(
  items: readonly CheckoutItemData[],
  gifts: GiftRecipients = {},
): ShoppingInfoItem[] {
  return items.map((item) => {
    const buyable = { id: item.buyableId, buyable_object_type: item.buyableType };
    if (!isGiftItem(item)) return { buyable };
    return { buyable, gift: giftDetailsOf(gifts[giftKey(item)] ?? EMPTY_GIFT_RECIPIENT) };
  });
}

const SERVER_FIELD = /^shopping_info\.items\.(\d+)\.gift\.(\w+)$/;

/**
 * The server's refusal of gift details (a 400's `shopping_info.items.N.gift.X` field errors),
 * by gift line and field; lines are the submit's items in order. Other fields are left out.
 */
export function giftServerErrors(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  items: readonly CheckoutItemData[],
): Record<string, GiftFieldTexts> {
  const found: Record<string, GiftFieldTexts> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const match = SERVER_FIELD.exec(path);
    const item = match ? items[Number(match[1])] : undefined;
    const field = match?.[2] as GiftDetailsField | undefined;
    if (!item || !isGiftItem(item) || !field || !GIFT_FIELDS.includes(field) || messages.length === 0)
      continue;
    const key = giftKey(item);
    found[key] = { ...found[key], [field]: messages.join(' ') };
  }
  return found;
}

/** sessionStorage key of what the buyer typed for the checkout list's gifts (this tab only). */
export const CHECKOUT_GIFTS_STORAGE_KEY = 'lectern.checkout-gifts.v1';

function isRecipient(value: unknown): value is GiftRecipientInput {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return GIFT_FIELDS.every((field) => typeof record[field] === 'string');
}

/**
 * The gift details kept in the tab: the checkout list lives in session storage, so what was
 * typed for its gifts survives a reload and a provider's round trip as the list does.
 */
export function loadGiftRecipients(storage: Storage | null): GiftRecipients {
  try {
    const parsed = JSON.parse(storage?.getItem(CHECKOUT_GIFTS_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isRecipient(value)));
  } catch {
    // Storage can be missing or throw (private windows, quota): nothing was kept.
    return {};
  }
}

export function saveGiftRecipients(storage: Storage | null, gifts: GiftRecipients): void {
  try {
    storage?.setItem(CHECKOUT_GIFTS_STORAGE_KEY, JSON.stringify(gifts));
  } catch {
    // Not kept: the form still holds it for this page.
  }
}

/** Forgets them once the purchase is made (a recipient's message is not kept longer than needed). */
export function clearGiftRecipients(storage: Storage | null): void {
  try {
    storage?.removeItem(CHECKOUT_GIFTS_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}
