import type { SubscriptionReceipt } from '@lectern/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test-utils/fake-server';
import { requestsTo, setUp } from './purchase-history-fixtures';

const PAGE = '/user/manage-subscriptions/receipts/41/';
const RECEIPT = 'GET /api-2.0/subscriptions/receipts/41/';

function receipt(overrides: Partial<SubscriptionReceipt> = {}): SubscriptionReceipt {
  return {
    id: 41,
    ref: 'R-000041',
    date: '2026-02-01T00:00:00.000Z',
    quantity: 1,
    item: 'Personal Plan — Renewal',
    unit_price: { amount: 1500, currency: 'USD' },
    period_start: '2026-02-01T00:00:00.000Z',
    period_end: '2026-03-01T00:00:00.000Z',
    card_type: 'visa',
    card_last4: '4242',
    amount: {
      currency: 'USD',
      total_amount: 1640,
      tax_exclusive_amount: 1500,
      tax_amount: 140,
      has_tax_record: true,
    },
    sold_to: {
      name: 'Ada Lovelace',
      address: '12 St James Square',
      address2: null,
      tax_id: null,
      region: null,
      postal_code: null,
      country: 'GB',
      country_name: 'United Kingdom',
    },
    seller: { name: 'Lectern', address: null, tax_id: null, support_email: 'support@learn.example' },
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('SubscriptionReceiptPage', () => {
  it("shows the learner's receipt of a plan charge, with the way back to their subscriptions", async () => {
    const { server } = setUp(PAGE, { [RECEIPT]: json(receipt()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeTruthy();
    const article = await screen.findByRole('article', { name: 'Receipt R-000041' });
    expect(within(article).getByTestId('receipt-sale-id').textContent).toBe('Sale Id: R-000041');
    expect(within(within(article).getByTestId('receipt-sold-to')).getByText('Ada Lovelace')).toBeTruthy();
    // The address with the country by name; no empty lines for what was not given.
    const address = within(article).getByTestId('receipt-sold-to-address');
    expect([...address.children].map((line) => line.textContent)).toEqual([
      '12 St James Square',
      'United Kingdom',
    ]);
    expect(within(article).getByTestId('receipt-item').textContent).toContain('Personal Plan — Renewal');
    expect(within(article).getByTestId('receipt-subtotal').textContent).toBe('$15.00 USD');
    expect(within(article).getByTestId('receipt-tax').textContent).toBe('$1.40 USD');
    expect(within(article).getByTestId('receipt-total').textContent).toBe('$16.40 USD');
    expect(within(article).getByTestId('receipt-card').textContent).toBe('Visa •••• 4242');
    expect(screen.getByRole('link', { name: 'Back to subscriptions' }).getAttribute('href')).toBe(
      '/user/manage-subscriptions/',
    );
    expect(requestsTo(server.requests, RECEIPT)).toHaveLength(1);
  });

  it("prints with the browser's print", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    setUp(PAGE, { [RECEIPT]: json(receipt()) });
    const article = await screen.findByRole('article', { name: 'Receipt R-000041' });
    // 'Print' sits in the receipt's own header, not above the card.
    fireEvent.click(
      within(within(article).getByTestId('receipt-header')).getByRole('button', { name: 'Print' }),
    );
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button', { name: 'Print' })).toHaveLength(1);
    expect(screen.getByTestId('receipt').hasAttribute('data-receipt-print')).toBe(true);
  });

  it("says when the receipt is not found (another's, or none), without Print", async () => {
    setUp(PAGE, { [RECEIPT]: json({ detail: 'There is no such receipt.', code: 'not_found' }, 404) });
    expect(await screen.findByText("We couldn't find this receipt.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to subscriptions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('offers to try again when the receipt could not be loaded', async () => {
    setUp(PAGE, { [RECEIPT]: [json({ detail: 'Down.', code: 'internal' }, 500), json(receipt())] });
    expect(
      await screen.findByText('The receipt could not be loaded. Please check your internet and try again.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Receipt R-000041' })).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    setUp(PAGE, {}, { me: null });
    expect((await screen.findByRole('link', { name: 'Log in to see this page' })).getAttribute('href')).toBe(
      '/join/login-popup/?next=%2Fuser%2Fmanage-subscriptions%2Freceipts%2F41%2F',
    );
  });
});
