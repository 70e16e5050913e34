import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type FakeHandler } from '../../../test-utils/fake-server';
import { setUp } from '../../subscriptions/subscription-fixtures';
import { context, member } from '../shell/organization-admin-test-kit';
import type { SubscriptionReceipt } from '@lectern/domain';
import type { ReceiptDetails } from './receipt-api';

const PAGE = '/organization-manage-v2/settings/payment/41/';
const RECEIPT = 'GET /api-2.0/organizations/3/receipts/41/';
const DETAILS = 'GET /api-2.0/organizations/3/receipt-details/';
const SAVE_DETAILS = 'PUT /api-2.0/organizations/3/receipt-details/';

function receipt(overrides: Partial<SubscriptionReceipt> = {}): SubscriptionReceipt {
  return {
    id: 41,
    ref: 'R-000041',
    date: '2026-03-05T10:00:00.000Z',
    quantity: 10,
    item: 'Team Plan — First period',
    unit_price: { amount: 36000, currency: 'USD' },
    period_start: '2026-03-05T00:00:00.000Z',
    period_end: '2027-03-05T00:00:00.000Z',
    card_type: 'visa',
    card_last4: '4242',
    amount: {
      currency: 'USD',
      total_amount: 391950,
      tax_exclusive_amount: 360000,
      tax_amount: 31950,
      has_tax_record: true,
    },
    sold_to: {
      name: 'Acme Learning Inc.',
      address: '1201 Third Avenue',
      address2: 'Suite 400',
      tax_id: 'US1234567',
      region: 'Washington',
      postal_code: '98101',
      country: 'US',
      country_name: 'United States',
    },
    seller: {
      name: 'Lectern',
      address: '100 Example Street, Seattle, WA 98101, United States',
      tax_id: 'US 00-0000000',
      support_email: 'support@learn.example',
    },
    ...overrides,
  };
}

/** A buyer whose billing address names no place (no country, region or postal code). */
const NOWHERE = { region: null, postal_code: null, country: null, country_name: null };

const details = (overrides: Partial<ReceiptDetails> = {}): ReceiptDetails => ({
  exists: true,
  name: 'Acme Learning Inc.',
  address: '1201 Third Avenue',
  address2: 'Suite 400',
  taxId: 'US1234567',
  ...overrides,
});

function open(routes: Record<string, FakeHandler | FakeHandler[]>, path = PAGE) {
  return setUp(path, {
    'GET /api-2.0/contexts/me/': context(member('owner')),
    [DETAILS]: json(details()),
    ...routes,
  });
}

const byTestId = (id: string) => screen.getByTestId(id);

afterEach(() => vi.restoreAllMocks());

describe('OrganizationReceiptPage', () => {
  it('shows a large loader, then the receipt with a tax record, its period, the buyer and the seller in order', async () => {
    open({ [RECEIPT]: json(receipt()) });
    expect(await screen.findByRole('status', { name: 'Loading the receipt' })).toBeTruthy();

    const article = await screen.findByRole('article', { name: 'Receipt R-000041' });
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt' })).toBeTruthy();
    expect(byTestId('receipt-sale-id').textContent).toBe('Sale Id: R-000041');

    const soldTo = within(byTestId('receipt-sold-to'));
    expect(soldTo.getByRole('heading', { level: 2, name: 'Sold to' })).toBeTruthy();
    expect(soldTo.getByText('Acme Learning Inc.')).toBeTruthy();
    expect(soldTo.getByText('1201 Third Avenue')).toBeTruthy();
    expect(soldTo.getByText('Suite 400')).toBeTruthy();
    expect(soldTo.getByText('Tax ID: US1234567')).toBeTruthy();
    // The full billing address: lines, region and postal code, then the country by name.
    expect([...byTestId('receipt-sold-to-address').children].map((line) => line.textContent)).toEqual([
      '1201 Third Avenue',
      'Suite 400',
      'Washington 98101',
      'United States',
    ]);
    const change = new URL(soldTo.getByRole('link', { name: 'Request change' }).getAttribute('href')!);
    expect(change.protocol).toBe('mailto:');
    expect(change.pathname).toBe('support@learn.example');
    expect(change.searchParams.get('subject')).toBe('Change request for receipt R-000041');

    expect(byTestId('receipt-date').textContent).toBe('March 5, 2026');
    expect(byTestId('receipt-quantity').textContent).toBe('10');
    expect(within(byTestId('receipt-item')).getByText('Team Plan — First period')).toBeTruthy();
    expect(byTestId('receipt-period').textContent).toBe(
      'Subscription Period: From March 5, 2026 to March 5, 2027',
    );
    expect(byTestId('receipt-unit-price').textContent).toBe('$360.00 USD');
    expect(byTestId('receipt-subtotal').textContent).toBe('$3,600.00 USD');
    expect(byTestId('receipt-tax').textContent).toBe('$319.50 USD');
    expect(byTestId('receipt-total').textContent).toBe('$3,919.50 USD');
    const totals = within(byTestId('receipt-totals'));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Subtotal',
      'Tax',
      'Total Amount Charged',
    ]);

    const method = byTestId('receipt-payment-method');
    expect(method.querySelector('[data-method-icon="visa"]')).not.toBeNull();
    expect(within(method).getByTestId('receipt-card').textContent).toBe('Visa •••• 4242');

    const seller = within(byTestId('receipt-seller'));
    expect(seller.getByRole('heading', { level: 2, name: 'Lectern' })).toBeTruthy();
    expect(seller.getByText('100 Example Street, Seattle, WA 98101, United States')).toBeTruthy();
    expect(seller.getByText('Tax ID: US 00-0000000')).toBeTruthy();
    expect(seller.getByRole('link', { name: 'support@learn.example' }).getAttribute('href')).toBe(
      'mailto:support@learn.example',
    );
    const logo = within(article).getByRole('img', { name: 'Lectern logo' });
    expect(logo.getAttribute('height')).toBe('34');

    // Content in the order of team-plan §2.
    const order = [
      'receipt-sale-id',
      'receipt-sold-to',
      'receipt-date',
      'receipt-quantity',
      'receipt-item',
      'receipt-unit-price',
      'receipt-total',
      'receipt-payment-method',
      'receipt-seller',
      'receipt-brand-logo',
    ].map(byTestId);
    for (let index = 1; index < order.length; index += 1) {
      expect(
        order[index - 1]!.compareDocumentPosition(order[index]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Back to Billing' }).getAttribute('href')).toBe(
      '/organization-manage-v2/settings/billing/',
    );
  });

  it('without a tax record shows only the total, and no period unless both dates exist; amounts in the receipt currency', async () => {
    open({
      [RECEIPT]: json(
        receipt({
          period_end: null,
          unit_price: { amount: 10000, currency: 'EUR' },
          amount: {
            currency: 'EUR',
            total_amount: 100000,
            tax_exclusive_amount: 100000,
            tax_amount: 0,
            has_tax_record: false,
          },
          sold_to: {
            name: 'Acme GmbH',
            address: 'Marktplatz 1',
            address2: null,
            tax_id: null,
            region: null,
            postal_code: null,
            country: 'DE',
            country_name: 'Germany',
          },
          seller: { name: 'Lectern', address: null, tax_id: null, support_email: 'help@lectern.test' },
        }),
      ),
    });
    await screen.findByRole('article', { name: 'Receipt R-000041' });
    expect(byTestId('receipt-total').textContent).toBe('€1,000.00 EUR');
    expect(byTestId('receipt-unit-price').textContent).toBe('€100.00 EUR');
    expect(screen.queryByTestId('receipt-subtotal')).toBeNull();
    expect(screen.queryByTestId('receipt-tax')).toBeNull();
    expect(screen.queryByText('Subtotal')).toBeNull();
    expect(screen.queryByTestId('receipt-period')).toBeNull();
    expect(screen.queryByText(/Subscription Period/)).toBeNull();
    // Optional lines are left out: no region or postal code line, no tax id.
    expect([...byTestId('receipt-sold-to-address').children].map((line) => line.textContent)).toEqual([
      'Marktplatz 1',
      'Germany',
    ]);
    expect(within(byTestId('receipt-sold-to')).queryByText(/Tax ID/)).toBeNull();
    expect(within(byTestId('receipt-seller')).queryByText(/Tax ID/)).toBeNull();
  });

  it.each([
    ['American Express', 'amex', 'American Express •••• 0005'],
    ['MasterCard', 'mc', 'Mastercard •••• 0005'],
    ['elo', 'elo', 'Elo •••• 0005'],
    ['maestro', 'maestro', 'Maestro •••• 0005'],
    ['troy', 'troy', 'Troy •••• 0005'],
    ['diners', 'diners', 'Diners Club •••• 0005'],
    ['rupay', 'card_default', 'Rupay •••• 0005'],
  ])('shows a %s card with the %s image', async (cardType, icon, text) => {
    open({ [RECEIPT]: json(receipt({ card_type: cardType, card_last4: '0005' })) });
    const method = await screen.findByTestId('receipt-payment-method');
    expect(method.querySelector(`[data-method-icon="${icon}"]`)).not.toBeNull();
    expect(within(method).getByTestId('receipt-card').textContent).toBe(text);
  });

  it('shows the default card image when the receipt names no card', async () => {
    open({ [RECEIPT]: json(receipt({ card_type: null, card_last4: null })) });
    const method = await screen.findByTestId('receipt-payment-method');
    expect(method.querySelector('[data-method-icon="card_default"]')).not.toBeNull();
    expect(within(method).getByTestId('receipt-card').textContent).toBe('Card');
  });

  it('says when the receipt does not exist, with the way back', async () => {
    open({ [RECEIPT]: json({ detail: 'There is no such receipt.', code: 'not_found' }, 404) });
    expect(await screen.findByText("We couldn't find this receipt.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Billing' }).getAttribute('href')).toBe(
      '/organization-manage-v2/settings/billing/',
    );
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('offers to try again when the receipt could not be loaded', async () => {
    const { server } = open({
      [RECEIPT]: [json({ detail: 'Down.', code: 'internal' }, 500), json(receipt())],
    });
    expect(
      await screen.findByText('The receipt could not be loaded. Please check your internet and try again.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Receipt R-000041' })).toBeTruthy();
    expect(server.requests.filter((request) => request.path.endsWith('/receipts/41/'))).toHaveLength(2);
  });

  it("prints with the browser's print, from the receipt's own header", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    open({ [RECEIPT]: json(receipt()) });
    const article = await screen.findByRole('article', { name: 'Receipt R-000041' });
    const header = within(article).getByTestId('receipt-header');
    expect(within(header).getByTestId('receipt-sale-id')).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: 'Print' }));
    expect(screen.getAllByRole('button', { name: 'Print' })).toHaveLength(1);
    expect(print).toHaveBeenCalledTimes(1);
    // The receipt is the element the print stylesheet keeps.
    expect(screen.getByTestId('receipt').hasAttribute('data-receipt-print')).toBe(true);
  });
});

describe('receipt-details modal', () => {
  /** No billing details yet; a PUT stores them (or answers `refusal`), the receipt then holds them. */
  function withoutDetails(refusal?: FakeHandler) {
    let saved: ReceiptDetails | null = null;
    const answers: FakeHandler[] = [];
    if (refusal) answers.push(refusal);
    answers.push((request) => {
      saved = { exists: true, ...(request.body as Omit<ReceiptDetails, 'exists'>) };
      return json(saved);
    });
    return open({
      [DETAILS]: json(details({ exists: false, name: 'Acme', address: '', address2: '', taxId: '' })),
      [SAVE_DETAILS]: answers,
      [RECEIPT]: () =>
        json(
          receipt({
            sold_to: saved
              ? {
                  name: saved.name,
                  address: saved.address,
                  address2: saved.address2 || null,
                  tax_id: saved.taxId || null,
                  ...NOWHERE,
                }
              : { name: null, address: null, address2: null, tax_id: null, ...NOWHERE },
          }),
        ),
    });
  }

  const LABELS = {
    Name: /^Name/,
    Address: /^Address(?! line)/,
    'Address line 2': /^Address line 2/,
    'Tax ID': /^Tax ID/,
  };
  const type = (label: keyof typeof LABELS, value: string) =>
    fireEvent.change(screen.getByLabelText(LABELS[label]), { target: { value } });

  it('asks for the details in two steps before the receipt, then shows the receipt with them', async () => {
    const { server } = withoutDetails();
    const dialog = await screen.findByRole('dialog', { name: 'Add receipt details' });
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Acme');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const next = within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    type('Address', '5 Market Street');
    await waitFor(() => expect(next.disabled).toBe(false));
    type('Name', '  ');
    await waitFor(() => expect(next.disabled).toBe(true));
    type('Name', 'Acme Learning GmbH');
    type('Address line 2', 'Floor 3');
    type('Tax ID', 'DE1234567');
    fireEvent.click(next);

    const confirm = await within(dialog).findByTestId('receipt-details-confirm');
    expect(within(confirm).getByTestId('receipt-details-name').textContent).toBe('Acme Learning GmbH');
    expect(within(confirm).getByTestId('receipt-details-address').textContent).toBe('5 Market Street');
    expect(within(confirm).getByTestId('receipt-details-address2').textContent).toBe('Floor 3');
    expect(within(confirm).getByTestId('receipt-details-taxId').textContent).toBe('DE1234567');

    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' })),
    );
    // Back returns to the input step with everything typed, the focus on the name.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(((await within(dialog).findByLabelText(/^Address line 2/)) as HTMLInputElement).value).toBe(
      'Floor 3',
    );
    const nameAgain = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    expect(nameAgain.value).toBe('Acme Learning GmbH');
    await waitFor(() => expect(document.activeElement).toBe(nameAgain));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    // The receipt is not asked for before the details exist.
    expect(server.requests.some((request) => request.path.endsWith('/receipts/41/'))).toBe(false);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));

    const article = await screen.findByRole('article', { name: 'Receipt R-000041' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const save = server.requests.find((request) => request.method === 'PUT');
    expect(save?.body).toEqual({
      name: 'Acme Learning GmbH',
      address: '5 Market Street',
      address2: 'Floor 3',
      taxId: 'DE1234567',
    });
    const soldTo = within(within(article).getByTestId('receipt-sold-to'));
    expect(soldTo.getByText('Acme Learning GmbH')).toBeTruthy();
    expect(soldTo.getByText('5 Market Street')).toBeTruthy();
    expect(soldTo.getByText('Floor 3')).toBeTruthy();
    expect(soldTo.getByText('Tax ID: DE1234567')).toBeTruthy();
  });

  it("shows the server's field errors at their fields, back on the input step, keeping what was typed", async () => {
    const { server } = withoutDetails(
      json(
        {
          detail: 'Invalid input.',
          code: 'invalid',
          field_errors: { taxId: ['The tax ID is at most 32 characters.'] },
        },
        400,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add receipt details' });
    type('Address', '5 Market Street');
    type('Tax ID', 'DE 123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));

    const taxId = (await within(dialog).findByLabelText(/^Tax ID/)) as HTMLInputElement;
    expect(await within(dialog).findByText('The tax ID is at most 32 characters.')).toBeTruthy();
    expect(taxId.getAttribute('aria-invalid')).toBe('true');
    expect(taxId.value).toBe('DE 123');
    expect((within(dialog).getByLabelText(/^Address(?! line)/) as HTMLInputElement).value).toBe(
      '5 Market Street',
    );
    await waitFor(() => expect(document.activeElement).toBe(taxId));

    // Corrected, it saves and the receipt follows.
    type('Tax ID', 'DE123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('article', { name: 'Receipt R-000041' })).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
  });

  it('closes with Escape, and then shows the receipt without the details', async () => {
    const { server } = withoutDetails();
    const dialog = await screen.findByRole('dialog', { name: 'Add receipt details' });
    fireEvent.keyDown(within(dialog).getByLabelText(LABELS.Name), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Receipt R-000041' })).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('shows an inline message for a tax id longer than 32 characters', async () => {
    withoutDetails();
    const dialog = await screen.findByRole('dialog', { name: 'Add receipt details' });
    type('Address', '5 Market Street');
    type('Tax ID', 'DE'.padEnd(33, '1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('The tax ID is at most 32 characters.')).toBeTruthy();
    expect(within(dialog).queryByTestId('receipt-details-confirm')).toBeNull();
  });
});
