import type { CheckoutItemData } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en.json';
import {
  CHECKOUT_GIFTS_STORAGE_KEY,
  clearGiftRecipients,
  dateOfDay,
  deliveryDateBounds,
  EMPTY_GIFT_RECIPIENT,
  giftFieldProblems,
  giftKey,
  giftServerErrors,
  loadGiftRecipients,
  localToday,
  saveGiftRecipients,
  shoppingItemsWithGifts,
  type GiftRecipientInput,
} from './gift-recipients';

const usd = { amount: 1999, currency: 'USD' as const, price_string: '$19.99' };
const item = (buyableType: CheckoutItemData['buyableType'], buyableId: number): CheckoutItemData => ({
  buyableType,
  buyableId,
  purchasePrice: usd,
  discountInfo: null,
});
const recipient = (overrides: Partial<GiftRecipientInput> = {}): GiftRecipientInput => ({
  ...EMPTY_GIFT_RECIPIENT,
  recipient_email: 'ana@example.com',
  ...overrides,
});

const TODAY = '2026-11-27';

describe('gift recipients at checkout', () => {
  it('reads today and the delivery window in the browser’s own calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(deliveryDateBounds(TODAY)).toEqual({ min: TODAY, max: '2027-11-27' });
    const day = dateOfDay('2026-12-24');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 11, 24, 0]);
  });

  it('words each problem the domain finds, in English as the server words it', () => {
    expect(giftFieldProblems(recipient(), TODAY)).toEqual({});
    expect(giftFieldProblems(recipient({ recipient_email: '  ' }), TODAY)).toEqual({
      recipient_email: { id: 'checkout.gift.error.emailRequired' },
    });
    expect(en['checkout.gift.error.emailRequired']).toBe(
      'Enter the e-mail address of the person the gift is for.',
    );
    const problems = giftFieldProblems(
      recipient({
        recipient_email: 'nobody',
        recipient_name: 'n'.repeat(101),
        message: `  ${'m'.repeat(501)}  `,
        deliver_on: '2026-11-26',
      }),
      TODAY,
    );
    expect(problems).toEqual({
      recipient_email: { id: 'checkout.gift.error.emailInvalid' },
      recipient_name: { id: 'checkout.gift.error.nameTooLong', values: { max: 100 } },
      message: { id: 'checkout.gift.error.messageTooLong', values: { max: 500 } },
      deliver_on: { id: 'checkout.gift.error.datePast' },
    });
    // At the limits: a message of 500 characters once trimmed, today, a year ahead.
    expect(
      giftFieldProblems(recipient({ message: ` ${'m'.repeat(500)} `, deliver_on: TODAY }), TODAY),
    ).toEqual({});
    expect(giftFieldProblems(recipient({ deliver_on: '2027-11-27' }), TODAY)).toEqual({});
    expect(giftFieldProblems(recipient({ deliver_on: '2027-11-28' }), TODAY).deliver_on).toEqual({
      id: 'checkout.gift.error.dateTooFar',
      values: { days: 365 },
    });
    expect(giftFieldProblems(recipient({ deliver_on: '2026-13-45' }), TODAY).deliver_on).toEqual({
      id: 'checkout.gift.error.dateInvalid',
    });
  });

  it('sends each gift line with its details, trimmed, and a course line without any', () => {
    const items = [item('course', 1), item('gift', 2), item('gift', 3)];
    expect(
      shoppingItemsWithGifts(items, {
        'gift:2': recipient({
          recipient_email: ' Ana@Example.com ',
          message: ' Enjoy! ',
          deliver_on: '2026-12-24',
        }),
      }),
    ).toEqual([
      { buyable: { id: 1, buyable_object_type: 'course' } },
      {
        buyable: { id: 2, buyable_object_type: 'gift' },
        gift: {
          recipient_email: 'Ana@Example.com',
          recipient_name: null,
          message: 'Enjoy!',
          deliver_on: '2026-12-24',
        },
      },
      // Nothing typed: sent empty, and the server names what is missing.
      {
        buyable: { id: 3, buyable_object_type: 'gift' },
        gift: { recipient_email: '', recipient_name: null, message: null, deliver_on: null },
      },
    ]);
  });

  it('puts the server’s field errors back on the gift line and field they name', () => {
    const items = [item('course', 1), item('gift', 2)];
    expect(
      giftServerErrors(
        {
          'shopping_info.items.1.gift.recipient_email': ['Enter a valid email address.'],
          'shopping_info.items.1.gift.deliver_on': ['The delivery date cannot be in the past.'],
          // Not a gift's field, not a gift line, nothing we know: left to the page's banner.
          'shopping_info.items.1.gift': ['Only a gift has a recipient.'],
          'shopping_info.items.0.gift.recipient_email': ['?'],
          'shopping_info.items.1.gift.colour': ['?'],
          'billing_address.secondary_location_info': ['Enter a ZIP code.'],
        },
        items,
      ),
    ).toEqual({
      'gift:2': {
        recipient_email: 'Enter a valid email address.',
        deliver_on: 'The delivery date cannot be in the past.',
      },
    });
    expect(giftKey(item('gift', 2))).toBe('gift:2');
  });

  it('keeps what was typed in the tab, and forgets it on request or when it is not its shape', () => {
    sessionStorage.clear();
    expect(loadGiftRecipients(sessionStorage)).toEqual({});
    saveGiftRecipients(sessionStorage, { 'gift:2': recipient({ message: 'Hi' }) });
    expect(loadGiftRecipients(sessionStorage)).toEqual({ 'gift:2': recipient({ message: 'Hi' }) });
    sessionStorage.setItem(
      CHECKOUT_GIFTS_STORAGE_KEY,
      JSON.stringify({ 'gift:2': { recipient_email: 3 }, 'gift:3': recipient() }),
    );
    expect(loadGiftRecipients(sessionStorage)).toEqual({ 'gift:3': recipient() });
    sessionStorage.setItem(CHECKOUT_GIFTS_STORAGE_KEY, '{not json');
    expect(loadGiftRecipients(sessionStorage)).toEqual({});
    clearGiftRecipients(sessionStorage);
    expect(sessionStorage.getItem(CHECKOUT_GIFTS_STORAGE_KEY)).toBeNull();
    expect(loadGiftRecipients(null)).toEqual({});
  });
});
