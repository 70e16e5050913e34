import { addDays, type CheckoutInfoResponse, type CheckoutReceipt } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseItem } from '../../test-utils/fake-cart-server';
import { json } from '../../test-utils/fake-server';
import {
  completeButton,
  fillCard,
  info,
  installSdk,
  ORDER,
  removeSdk,
  result,
  setUp,
} from './checkout-page-fixtures';
import { CHECKOUT_GIFTS_STORAGE_KEY, EMPTY_GIFT_RECIPIENT, localToday } from './gift-recipients';

beforeEach(installSdk);
afterEach(removeSdk);

const SLOW = { timeout: 10_000 };
const SUBMIT = '/payment/checkout-submit/';

/** Course 1 for the buyer, and a gift of course 2 ("Modern React"). */
const ITEMS = [courseItem(1, 1999), courseItem(2, 1999, 'gift')];

function giftInfo(): CheckoutInfoResponse {
  const answer = info();
  const lines = answer.data.order_summary!.lines;
  lines[1] = { ...lines[1]!, buyable: { id: 2, buyable_object_type: 'gift' } };
  return answer;
}

const recipientEmail = () => screen.getByLabelText(/^Recipient's e-mail/);
const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const submits = (server: ReturnType<typeof setUp>['server']) =>
  server.requests.filter((entry) => entry.path === SUBMIT);

describe('checkout of a gift', () => {
  it('asks who the gift is for, checks it before paying, and sends it with the gift line only', async () => {
    const deliverOn = addDays(localToday(), 10);
    const giftReceipt: CheckoutReceipt = {
      payment_attempt_id: 'att-1',
      status: 'succeeded',
      pending: null,
      failure: null,
      order: {
        ...ORDER,
        lines: [
          ...ORDER.lines,
          {
            buyable: { id: 2, buyable_object_type: 'gift' },
            title: 'Modern React',
            url: '/course/react/',
            price: ORDER.lines[0]!.price,
            gift: {
              recipient_email: 'ana@example.com',
              recipient_name: 'Ana',
              deliver_at: `${deliverOn}T08:00:00.000Z`,
              scheduled: true,
            },
          },
        ],
      },
    };
    const { server } = setUp(
      {
        'POST /payment/checkout-info/': json(giftInfo()),
        [`POST ${SUBMIT}`]: json(result('succeeded')),
        'GET /payment/checkout-result/': json(giftReceipt),
      },
      ITEMS,
    );
    const group = await screen.findByRole('group', { name: /Who is this gift for\?/ }, SLOW);
    expect(within(group).getByText('A gift of Modern React')).toBeTruthy();
    expect(within(screen.getByTestId('checkout-items')).getByText('A gift of Modern React')).toBeTruthy();
    const date = within(group).getByLabelText(/^Delivery date/) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.min).toBe(localToday());
    expect(date.max).toBe(addDays(localToday(), 365));

    // Leaving the e-mail empty: said under the field once left, and again at the submit, where
    // the field takes the focus and nothing is sent.
    fireEvent.blur(recipientEmail());
    expect(await screen.findByText('Enter the e-mail address of the person the gift is for.')).toBeTruthy();
    fillCard();
    fireEvent.click(completeButton());
    expect((await screen.findByTestId('checkout-message')).textContent).toContain('Check the gift details');
    await waitFor(() => expect(document.activeElement).toBe(recipientEmail()));
    expect(recipientEmail().getAttribute('aria-invalid')).toBe('true');
    expect(submits(server)).toHaveLength(0);

    change(recipientEmail(), 'ana@example.com');
    change(within(group).getByLabelText(/^Recipient's name/), 'Ana');
    const message = within(group).getByLabelText(/^Message/);
    change(message, '  Happy birthday!  ');
    expect(within(group).getByText('15 / 500')).toBeTruthy();
    expect(message.getAttribute('aria-describedby')).toContain('counter');
    change(date, deliverOn);
    expect(within(group).getByText(/^We'll e-mail the gift on /)).toBeTruthy();
    // What was typed is kept in the tab (a reload, a provider's round trip).
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_GIFTS_STORAGE_KEY)!)).toEqual({
      'gift:2': {
        recipient_email: 'ana@example.com',
        recipient_name: 'Ana',
        message: '  Happy birthday!  ',
        deliver_on: deliverOn,
      },
    });

    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed', {}, SLOW)).toBeTruthy();
    expect(submits(server)[0]?.body).toMatchObject({
      shopping_info: {
        items: [
          { buyable: { id: 1, buyable_object_type: 'course' } },
          {
            buyable: { id: 2, buyable_object_type: 'gift' },
            gift: {
              recipient_email: 'ana@example.com',
              recipient_name: 'Ana',
              message: 'Happy birthday!',
              deliver_on: deliverOn,
            },
          },
        ],
      },
    });
    expect(
      (submits(server)[0]?.body as { shopping_info: { items: object[] } }).shopping_info.items[0],
    ).toEqual({
      buyable: { id: 1, buyable_object_type: 'course' },
    });
    // The receipt says when the gift goes out; the tab forgets the recipient once paid.
    expect((await screen.findByTestId('gift-delivery')).textContent).toMatch(
      /^Your gift to Ana will be e-mailed on \w+ \d+, \d{4}\.$/,
    );
    expect(screen.getByRole('link', { name: 'A gift of Modern React' })).toBeTruthy();
    expect(sessionStorage.getItem(CHECKOUT_GIFTS_STORAGE_KEY)).toBeNull();
  }, 30_000);

  it('shows the server’s refusal of a gift’s details on the field it names', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'Enter a valid email address.';
    sessionStorage.setItem(
      CHECKOUT_GIFTS_STORAGE_KEY,
      JSON.stringify({ 'gift:2': { ...EMPTY_GIFT_RECIPIENT, recipient_email: 'ana@example.com' } }),
    );
    setUp(
      {
        'POST /payment/checkout-info/': json(giftInfo()),
        [`POST ${SUBMIT}`]: json(
          {
            detail: 'Check the fields.',
            code: 'validation_error',
            field_errors: { 'shopping_info.items.1.gift.recipient_email': [refusal] },
          },
          400,
        ),
      },
      ITEMS,
    );
    // Kept from before a reload.
    await waitFor(() => expect((recipientEmail() as HTMLInputElement).value).toBe('ana@example.com'), SLOW);
    fillCard();
    fireEvent.click(completeButton());
    expect(await screen.findByText(refusal, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(recipientEmail()));
    expect(recipientEmail().getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the server's message.
    change(recipientEmail(), 'ana@example.org');
    expect(screen.queryByText(refusal)).toBeNull();
  }, 30_000);

  it('has no gift fields for an order of courses only', async () => {
    setUp({ 'POST /payment/checkout-info/': json(info()) });
    expect(await screen.findByRole('radio', { name: 'Card' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Who is this gift for\?/ })).toBeNull();
  });
});
