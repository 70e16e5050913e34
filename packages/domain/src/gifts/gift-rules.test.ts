import { describe, expect, it } from 'vitest';
import { refundRefusalOf } from '../purchases/refund-rules.js';
import {
  GIFT_MESSAGE_MAX_LENGTH,
  giftDeliveryTime,
  giftDetailsErrors,
  giftStatusOf,
  giftToday,
  normalizeGiftDetails,
} from './gift-rules.js';

const TODAY = '2026-11-27';

describe('giftDetailsErrors', () => {
  it('accepts an e-mail alone, and a full set of details', () => {
    expect(giftDetailsErrors({ recipient_email: 'ana@example.com' }, TODAY)).toEqual({});
    expect(
      giftDetailsErrors(
        {
          recipient_email: ' Ana@Example.com ',
          recipient_name: 'Ana',
          message: 'Happy birthday!',
          deliver_on: '2026-12-24',
        },
        TODAY,
      ),
    ).toEqual({});
  });

  it('names each wrong field', () => {
    expect(
      giftDetailsErrors(
        {
          recipient_email: '',
          recipient_name: 'x'.repeat(101),
          message: 'y'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1),
          deliver_on: '2026-02-30',
        },
        TODAY,
      ),
    ).toEqual({
      recipient_email: 'Enter the e-mail address of the person the gift is for.',
      recipient_name: 'The name can be at most 100 characters.',
      message: 'The message can be at most 500 characters.',
      deliver_on: 'Choose a delivery date.',
    });
    expect(giftDetailsErrors({ recipient_email: 'not-an-address' }, TODAY).recipient_email).toBe(
      'Enter a valid email address.',
    );
  });

  it('takes delivery dates from today up to a year ahead', () => {
    const at = (deliver_on: string) =>
      giftDetailsErrors({ recipient_email: 'a@example.com', deliver_on }, TODAY).deliver_on;
    expect(at('2026-11-26')).toBe('The delivery date cannot be in the past.');
    expect(at(TODAY)).toBeUndefined();
    expect(at('2027-11-27')).toBeUndefined();
    expect(at('2027-11-28')).toBe('Choose a delivery date within 365 days.');
  });
});

describe('normalizeGiftDetails', () => {
  it('trims, lower-cases the e-mail, and makes today mean at once', () => {
    expect(
      normalizeGiftDetails(
        { recipient_email: ' Ana@Example.COM ', recipient_name: '  ', message: ' Hi ', deliver_on: TODAY },
        TODAY,
      ),
    ).toEqual({ recipientEmail: 'ana@example.com', recipientName: null, message: 'Hi', deliverOn: null });
    expect(
      normalizeGiftDetails({ recipient_email: 'a@example.com', deliver_on: '2026-12-24' }, TODAY).deliverOn,
    ).toBe('2026-12-24');
  });
});

describe('gift delivery', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it("is today in the buyer's time zone", () => {
    expect(giftToday(new Date('2026-11-27T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-28');
    expect(giftToday(new Date('2026-11-27T23:30:00Z'), null)).toBe('2026-11-27');
  });

  it("goes out at once, or at 08:00 of the date in the buyer's time zone", () => {
    expect(giftDeliveryTime(null, 'Europe/Berlin', now)).toEqual(now);
    expect(giftDeliveryTime('2026-12-24', 'Europe/Berlin', now).toISOString()).toBe(
      '2026-12-24T07:00:00.000Z',
    );
    expect(giftDeliveryTime('2026-12-24', null, now).toISOString()).toBe('2026-12-24T08:00:00.000Z');
    // Today's 08:00 has passed: now.
    expect(giftDeliveryTime('2026-11-27', 'UTC', now)).toEqual(now);
  });

  it('has a status from its dates', () => {
    const deliverAt = new Date('2026-12-24T08:00:00Z');
    expect(giftStatusOf({ deliverAt, redeemedAt: null, refundedAt: null, now })).toBe('scheduled');
    expect(giftStatusOf({ deliverAt: now, redeemedAt: null, refundedAt: null, now })).toBe('delivered');
    expect(giftStatusOf({ deliverAt: now, redeemedAt: now, refundedAt: null, now })).toBe('redeemed');
    expect(giftStatusOf({ deliverAt, redeemedAt: null, refundedAt: now, now })).toBe('refunded');
  });
});

describe('refunds of gifts', () => {
  it('refuses a redeemed gift and allows an unredeemed one', () => {
    const line = {
      purchasedAt: new Date('2026-11-20'),
      paid: 1999,
      refundRequested: false,
      orderCompleted: true,
    };
    const now = new Date('2026-11-27');
    expect(refundRefusalOf({ ...line, giftRedeemed: true, now })).toBe('gift_redeemed');
    expect(refundRefusalOf({ ...line, giftRedeemed: false, now })).toBeNull();
  });
});
