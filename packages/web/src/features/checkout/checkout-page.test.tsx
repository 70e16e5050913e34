import { CHECKOUT_MESSAGES, type PaymentMethodConfig } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usd } from '../../test-utils/fake-cart-server';
import { json } from '../../test-utils/fake-server';
import {
  CARD,
  completeButton,
  fillCard,
  info,
  installSdk,
  receipt,
  removeSdk,
  result,
  sdk,
  setUp,
} from './checkout-page-fixtures';

beforeEach(installSdk);
afterEach(removeSdk);

describe('CheckoutPage', () => {
  it('shows the methods, the billing address and the order summary of checkout §2', async () => {
    const { server } = setUp({ 'POST /payment/checkout-info/': json(info()) });
    expect(await screen.findByRole('radio', { name: 'Card' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Card' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(CHECKOUT_MESSAGES.secureTooltipTitle, { exact: false })).toBeTruthy();
    // Checkout §9: six brands at most, visa, mc and amex first, diners dropped before jcb.
    const brands = within(screen.getByRole('list', { name: 'Accepted cards' })).getAllByRole('img');
    expect(brands.map((brand) => brand.getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'JCB',
      'Discover',
      'UnionPay',
    ]);
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
    expect((screen.getByLabelText('ZIP Code') as HTMLInputElement).value).toBe('10001');
    expect(screen.getByTestId('summary-original').textContent).toBe('$39.98');
    expect(screen.getByTestId('summary-discount').textContent).toBe('−$4.00');
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$35.98');
    expect(screen.getByText('Tax (8.875%)')).toBeTruthy();
    expect(screen.getByTestId('summary-tax').textContent).toBe('$3.19');
    expect(screen.getByTestId('summary-total').textContent).toBe('$39.17');
    expect(screen.getByLabelText('Securely save this card for my later purchases')).toHaveProperty(
      'checked',
      true,
    );
    const request = server.requests.find((entry) => entry.path === '/payment/checkout-info/');
    expect(request?.body).toEqual({
      requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
      shopping_info: {
        items: [
          { buyable: { id: 1, buyable_object_type: 'course' } },
          { buyable: { id: 2, buyable_object_type: 'course' } },
        ],
      },
      checkout_environment: 'Marketplace',
      checkout_event: 'Info',
    });
  });

  it('formats the ZIP, resets tax while it is invalid, and reloads tax for a valid one or a new country', async () => {
    const { server } = setUp({
      'POST /payment/checkout-info/': [
        json(info({ zip: null })),
        json(info({ zip: '94103-1234', taxRate: 8.625 })),
        json(info({ country: 'CA', zip: null })),
      ],
    });
    const zip = await screen.findByLabelText('ZIP Code');
    expect(screen.getByTestId('summary-tax').textContent).toBe('Calculated from your address');
    // No rate yet: not "Tax (0%)", which would read as no tax at all.
    expect(screen.getByText('Tax', { exact: true })).toBeTruthy();
    // Tax comes on top in the US: the total says so until it is known.
    expect(screen.getByTestId('summary-total').textContent).toMatch(/^\$[\d,.]+ \+ tax$/);
    fireEvent.change(zip, { target: { value: '941031234' } });
    expect((zip as HTMLInputElement).value).toBe('94103-1234');
    await waitFor(() => expect(screen.getByText('Tax (8.625%)')).toBeTruthy());
    const infoCalls = () => server.requests.filter((entry) => entry.path === '/payment/checkout-info/');
    expect(infoCalls()[1]?.body).toMatchObject({
      billing_address: { country_code: 'US', secondary_location_info: '94103-1234' },
    });

    fireEvent.change(zip, { target: { value: '941' } });
    expect(screen.getByTestId('summary-tax').textContent).toBe('Calculated from your address');
    expect(infoCalls()).toHaveLength(2);

    // A country change clears the secondary location first.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'JP' } });
    expect(screen.queryByLabelText('ZIP Code')).toBeNull();
    await waitFor(() => expect(infoCalls()).toHaveLength(3));
    expect(infoCalls()[2]?.body).toMatchObject({
      billing_address: { country_code: 'JP', secondary_location_info: null },
    });
    // Checkout §2: JP buyers see the refund policy and the commercial-transactions disclosure, linked.
    const notices = within(screen.getByTestId('jp-notices'));
    expect(notices.getByRole('link', { name: 'Refund policy' }).getAttribute('href')).toBe(
      '/terms/refund-policy/',
    );
    expect(
      notices
        .getByRole('link', { name: 'Disclosure under the Act on Specified Commercial Transactions' })
        .getAttribute('href'),
    ).toBe('/terms/commercial-transactions/');
    const terms = within(screen.getByTestId('checkout-terms'));
    expect(terms.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms/');
    expect(terms.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe(
      '/terms/refund-policy/',
    );
  });

  it('shows taxes the law wants apart (GST and QST) as one row each', async () => {
    const quebec = info({ taxRate: 14.975 });
    quebec.data.order_summary!.tax_lines = [
      { name: 'GST', jurisdiction: 'CA', rate: 5, amount: usd(180) },
      { name: 'QST', jurisdiction: 'CA-QC', rate: 9.975, amount: usd(359) },
    ];
    setUp({ 'POST /payment/checkout-info/': json(quebec) });
    const rows = await screen.findAllByTestId('summary-tax-line');
    expect(rows.map((row) => row.textContent)).toEqual(['$1.80', '$3.59']);
    expect(screen.getByText('GST (5%)')).toBeTruthy();
    expect(screen.getByText('QST (9.975%)')).toBeTruthy();
    expect(screen.queryByTestId('summary-tax')).toBeNull();
  });

  it('a business VAT number: checked on the page, sent once valid, and the reverse-charge note shown', async () => {
    const consumer = info({ country: 'FR', zip: null, taxRate: 20 });
    const business = info({ country: 'FR', zip: null, taxRate: 0 });
    business.data.order_summary!.tax_note = 'Reverse charge: VAT to be accounted for by the recipient.';
    const { server } = setUp({ 'POST /payment/checkout-info/': [json(consumer), json(business)] });
    const field = await screen.findByLabelText('VAT number (optional)');
    const infoCalls = () => server.requests.filter((entry) => entry.path === '/payment/checkout-info/');
    fireEvent.change(field, { target: { value: 'FR40303265046' } });
    fireEvent.blur(field);
    expect(await screen.findByText(/Enter a valid VAT number for France/)).toBeTruthy();
    expect(infoCalls()).toHaveLength(1);
    fireEvent.change(field, { target: { value: 'FR 40 303 265 045' } });
    fireEvent.blur(field);
    await waitFor(() => expect(infoCalls()).toHaveLength(2));
    expect(infoCalls()[1]?.body).toMatchObject({
      billing_address: { country_code: 'FR', tax_number: 'FR40303265045' },
    });
    expect((await screen.findByTestId('summary-tax-note')).textContent).toMatch(/Reverse charge/);
    expect(screen.queryByText(/Enter a valid VAT number/)).toBeNull();
  });

  it('asks for the card fields before submitting, with field messages', async () => {
    const { server } = setUp({ 'POST /payment/checkout-info/': json(info()) });
    await screen.findByLabelText('Card number');
    fireEvent.blur(screen.getByLabelText('Card number'));
    expect(await screen.findByText('Please enter a valid card number')).toBeTruthy();
    fireEvent.click(completeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.missingMethodFields);
    expect(screen.getByText('Please enter your cardholder name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid expiration date')).toBeTruthy();
    expect(screen.getByText('Please enter a valid CVC')).toBeTruthy();
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();
    expect(server.requests.some((entry) => entry.path === '/payment/checkout-submit/')).toBe(false);
  });

  it('pays by card through the SDK, completes 3-D Secure, and shows the order', async () => {
    sdk.handleCardAction.mockResolvedValue({
      paymentIntent: { id: 'pi_1', status: 'requires_confirmation' },
    });
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info()),
      'POST /payment/checkout-submit/': json(
        result('action_required', { client_secret: 'pi_1_secret_x', action_data: { type: 'use_sdk' } }),
      ),
      'PATCH /payment/checkout-submit/att-1/': json(result('succeeded')),
      'GET /payment/checkout-result/': json(receipt),
    });
    await screen.findByLabelText('Card number');
    fillCard();
    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TypeScript from First Principles' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My courses' }).getAttribute('href')).toBe(
      '/home/my-courses/',
    );

    expect(sdk.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      billing_details: { name: 'Lena Learner', address: { country: 'US', postal_code: '10001' } },
    });
    expect(sdk.handleCardAction).toHaveBeenCalledWith('pi_1_secret_x');
    const submit = server.requests.find((entry) => entry.path === '/payment/checkout-submit/');
    // The card number never reaches our server: only the provider's payment method id.
    expect(JSON.stringify(submit?.body)).not.toContain('4242424242424242');
    expect(submit?.body).toMatchObject({
      checkout_event: 'Submit',
      billing_address: { country_code: 'US', secondary_location_info: '10001' },
      payment_info: {
        method_id: 2,
        payment_vendor: 'CardToken',
        payment_method: 'card',
        remember_me: true,
        credentials: { payment_method_id: 'pm_1', card_country: 'US' },
        last_4_digits: '4242',
      },
    });
    const patch = server.requests.find((entry) => entry.method === 'PATCH');
    expect(patch?.body).toEqual({
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: 'pi_1', action_result: 'requires_confirmation' } },
    });
    expect(sessionStorage.getItem('lectern.checkout.v1')).toBeNull();
  });

  it('brings the form back with the message of a declined card, then pays with a new attempt', async () => {
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info()),
      'POST /payment/checkout-submit/': [
        json(result('failed', {}, { code: 'card_declined', message: CHECKOUT_MESSAGES.declined })),
        json(result('succeeded')),
      ],
      'GET /payment/checkout-result/': json(receipt),
    });
    await screen.findByLabelText('Card number');
    fillCard('4000000000000002');
    fireEvent.click(completeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.declined);
    expect(screen.getByLabelText('Card number')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    const refs = server.requests
      .filter((entry) => entry.path === '/payment/checkout-submit/')
      .map((entry) => (entry.body as { checkout_ref: string }).checkout_ref);
    expect(refs).toHaveLength(2);
    expect(refs[0]).not.toBe(refs[1]);
  });

  it('a price that changed since the page showed it: the message, the new total, nothing paid, then a new attempt', async () => {
    const changed =
      'The total of your order changed from $39.17 to $42.32. Please review it and submit again; nothing was charged.';
    const { server } = setUp({
      'POST /payment/checkout-info/': [json(info()), json(info({ taxRate: 17.625 }))],
      'POST /payment/checkout-submit/': [
        json({ detail: changed, code: 'price_changed' }, 409),
        json(result('succeeded')),
      ],
      'GET /payment/checkout-result/': json(receipt),
    });
    await screen.findByLabelText('Card number');
    fillCard('4242424242424242');
    fireEvent.click(completeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(changed);
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$42.32'));
    const submits = () => server.requests.filter((entry) => entry.path === '/payment/checkout-submit/');
    expect(submits()[0]?.body).toMatchObject({ expected_total: { amount: 3917, currency: 'USD' } });

    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(submits()[1]?.body).toMatchObject({ expected_total: { amount: 4232, currency: 'USD' } });
    const refs = submits().map((entry) => (entry.body as { checkout_ref: string }).checkout_ref);
    expect(refs[0]).not.toBe(refs[1]);
  });

  it('a free order has only the free method, no billing address and no secure tooltip', async () => {
    const free: PaymentMethodConfig = {
      method_id: 0,
      vendor: 'Free',
      mode: 'internal',
      type: 'free-method',
      name: 'Free',
      gateway_status: 'up',
      options: {},
      selected: true,
    };
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info({ methods: [free], isFree: true })),
      'POST /payment/checkout-submit/': json(result('succeeded')),
      'GET /payment/checkout-result/': json(receipt),
    });
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeTruthy();
    expect(screen.queryByLabelText('Country')).toBeNull();
    // Nothing to tax and no address to ask for: the summary says $0.00, not "calculated from your address".
    expect(screen.getByTestId('summary-tax').textContent).toBe('$0.00');
    expect(server.requests.filter((entry) => entry.path === '/payment/checkout-info/')).toHaveLength(1);
    expect(screen.queryByText(CHECKOUT_MESSAGES.secureTooltipTitle, { exact: false })).toBeNull();
    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    const submit = server.requests.find((entry) => entry.path === '/payment/checkout-submit/');
    expect(submit?.body).toMatchObject({
      payment_info: { method_id: 0, payment_vendor: 'Free', payment_method: 'free-method', credentials: {} },
    });
    expect(submit?.body).not.toHaveProperty('billing_address');
  });

  it('says payments are unavailable when every method is down, and shows a degraded banner', async () => {
    setUp({ 'POST /payment/checkout-info/': json(info({ methods: [{ ...CARD, gateway_status: 'down' }] })) });
    expect((await screen.findByTestId('region-unavailable')).textContent).toBe(
      CHECKOUT_MESSAGES.regionUnavailable,
    );
    expect(completeButton()).toHaveProperty('disabled', true);
  });

  it('warns above the form of a degraded method', async () => {
    setUp({
      'POST /payment/checkout-info/': json(info({ methods: [{ ...CARD, gateway_status: 'degraded' }] })),
    });
    expect((await screen.findByTestId('method-status')).textContent).toBe(CHECKOUT_MESSAGES.gatewayDegraded);
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('shows the load failure with a way to try again', async () => {
    setUp({
      'POST /payment/checkout-info/': json({ status: 'failed', message: null, data: {} }),
    });
    expect((await screen.findByTestId('checkout-load-error')).textContent).toContain(
      CHECKOUT_MESSAGES.configLoadFailed,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
