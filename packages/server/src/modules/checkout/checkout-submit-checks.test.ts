import { CHECKOUT_MESSAGES, type CheckoutSubmitRequest, type PaymentVendor } from '@lectern/domain';
import { describe, expect, it, vi } from 'vitest';
import type { HttpError } from '../../platform/http/http-error.js';
import type { CheckoutMethodPlugin, MethodStatuses } from './checkout-methods.js';
import type { CheckoutQuote } from './checkout-quote.js';
import { checkSubmit, heldElsewhere } from './checkout-submit-checks.js';

// Only the fields the checks read.
const quote = (over: Partial<CheckoutQuote> = {}) =>
  ({
    currency: 'USD',
    country: 'US',
    total: 1200,
    isFree: false,
    isFullyPaidByCredit: false,
    lines: [{ courseId: 7, title: 'Rust for Gardeners' }],
    ...over,
  }) as CheckoutQuote;

const request = (
  vendor: PaymentVendor,
  expected_total?: { amount: number; currency: string },
): Pick<CheckoutSubmitRequest, 'payment_info' | 'expected_total'> => ({
  payment_info: {
    method_id: 1,
    payment_vendor: vendor,
    payment_method: 'card',
    credentials: { payment_method_id: 'pm_1' },
  },
  expected_total,
});

const plugin = (over: Partial<CheckoutMethodPlugin> = {}) =>
  ({
    offeredIn: () => true,
    gatewayStatus: (statuses: MethodStatuses) => (statuses.card === 'down' ? 'down' : 'up'),
    credentialsError: () => null,
    ...over,
  }) as unknown as CheckoutMethodPlugin;

function check(over: Partial<Parameters<typeof checkSubmit>[0]>, statuses: MethodStatuses = { card: 'up' }) {
  const methodStatuses = vi.fn(async () => statuses);
  const checked = checkSubmit({
    quote: quote(),
    taxError: null,
    locationMissing: false,
    request: request('CardToken'),
    plugin: plugin(),
    market: { country: 'US', product: 'course' },
    locale: 'en-US',
    methodStatuses,
    ...over,
  });
  return { checked, methodStatuses };
}

const refusal = async (checked: Promise<unknown>) => {
  const error = (await checked.then(
    () => expect.unreachable('the submit was accepted'),
    (e: unknown) => e,
  )) as HttpError;
  return { status: error.statusCode, code: error.code, detail: error.detail, fields: error.fieldErrors };
};

describe('checkSubmit', () => {
  it('accepts a paid order with an offered method that is up: the provider charges it', async () => {
    const { checked, methodStatuses } = check({});
    await expect(checked).resolves.toBeNull();
    expect(methodStatuses).toHaveBeenCalledOnce();
  });

  it('refuses credit alone for an order the credit does not cover before anything else', async () => {
    const { checked } = check({
      request: request('Credit', { amount: 1, currency: 'USD' }),
      locationMissing: true,
    });
    expect(await refusal(checked)).toMatchObject({ status: 409, code: 'insufficient_credit' });
  });

  it('refuses a paid order whose location cannot be taxed, with the reason on the location field', async () => {
    const { checked } = check({ taxError: 'Enter a valid ZIP code.' });
    expect((await refusal(checked)).fields).toEqual({
      'billing_address.secondary_location_info': ['Enter a valid ZIP code.'],
    });
    // A free order is not taxed: no location needed.
    const free = check({
      quote: quote({ isFree: true, total: 0 }),
      locationMissing: true,
      request: request('Free'),
    });
    await expect(free.checked).resolves.toBe('Free');
  });

  it('refuses a total other than the one the buyer saw, naming both when the currency is the same', async () => {
    const same = check({ request: request('CardToken', { amount: 1000, currency: 'usd' }) });
    const refused = await refusal(same.checked);
    expect(refused).toMatchObject({ status: 409, code: 'price_changed' });
    expect(refused.detail).toContain('changed from $10.00 to $12.00');
    expect(same.methodStatuses).not.toHaveBeenCalled();
    const other = check({ request: request('CardToken', { amount: 1000, currency: 'EUR' }) });
    expect((await refusal(other.checked)).detail).toContain('is now $12.00');
  });

  it('takes only the free or credit method for an order no provider charges, without asking the provider', async () => {
    const free = check({ quote: quote({ isFree: true, total: 0 }) });
    expect((await refusal(free.checked)).fields).toEqual({
      'payment_info.payment_vendor': ['This order is paid with the free method.'],
    });
    const credit = check({
      quote: quote({ isFullyPaidByCredit: true, total: 0 }),
      request: request('Credit'),
    });
    await expect(credit.checked).resolves.toBe('Credit');
    expect(free.methodStatuses).not.toHaveBeenCalled();
    expect(credit.methodStatuses).not.toHaveBeenCalled();
  });

  it('asks the provider only about a method offered in the market, and refuses one that is down', async () => {
    const unknown = check({ plugin: undefined });
    const notOffered = check({ plugin: plugin({ offeredIn: () => false }) });
    for (const { checked, methodStatuses } of [unknown, notOffered]) {
      expect((await refusal(checked)).fields).toEqual({
        'payment_info.payment_vendor': ['This payment method is not offered for this order.'],
      });
      expect(methodStatuses).not.toHaveBeenCalled();
    }
    const down = check({}, { card: 'down' });
    expect((await refusal(down.checked)).fields).toEqual({
      'payment_info.payment_vendor': [CHECKOUT_MESSAGES.selectAvailableMethod],
    });
  });

  it("refuses incomplete credentials with the plugin's field errors", async () => {
    const errors = { 'payment_info.credentials.document': ['Enter your document number.'] };
    const { checked } = check({ plugin: plugin({ credentialsError: () => errors }) });
    expect(await refusal(checked)).toMatchObject({ status: 400, fields: errors });
  });
});

describe('heldElsewhere', () => {
  it('names the course another attempt holds: owned already, or still being paid for', () => {
    const owned = heldElsewhere(
      [{ buyableType: 'course', buyableId: 7, attemptId: 'a', status: 'succeeded' }],
      quote(),
    );
    expect(owned.code).toBe('already_owned');
    expect(owned.detail).toContain('“Rust for Gardeners”');
    const open = heldElsewhere(
      [{ buyableType: 'course', buyableId: 8, attemptId: 'b', status: 'processing' }],
      quote(),
    );
    expect(open.code).toBe('purchase_in_progress');
    expect(open.detail).toContain('“this course”');
  });
});
