import { CHECKOUT_MESSAGES, paymentErrorMessage } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../test-utils/fake-server';
import { info, installSdk, removeSdk, result, sdk, setUp } from './subscription-fixtures';

const PATH = '/payment/checkout-teamplan/';
const submitButton = () => screen.getByTestId('checkout-submit') as HTMLButtonElement;

/** Fills the form, then waits for the summary repriced for the ZIP (the submit waits for it too). */
async function fillForm() {
  fireEvent.change(screen.getByLabelText('ZIP Code'), { target: { value: '98101' } });
  fireEvent.change(screen.getByLabelText(/^Company name/), { target: { value: 'Initech' } });
  fireEvent.change(screen.getByLabelText(/^Address line 1/), { target: { value: '1201 Third Avenue' } });
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Avery Tester' } });
  await waitFor(() => expect(submitButton().disabled).toBe(false));
}

beforeEach(installSdk);
afterEach(removeSdk);

describe('Team Plan checkout page', () => {
  it('renders the Summary of the info answer for the default annual plan and 10 licenses', async () => {
    const { server } = setUp(PATH, { 'POST /payment/checkout-info/': json(info()) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy Lectern Business - Team Plan' }),
    ).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect((screen.getByTestId('license-picker') as HTMLSelectElement).value).toBe('10');
    const options = within(screen.getByTestId('license-picker')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      ...Array.from({ length: 16 }, (_, index) => String(index + 5)),
      'More than 20 licenses',
    ]);
    expect(within(summary).getByText('Billed annually')).toBeTruthy();
    expect(within(summary).getByText('$360.00 per year')).toBeTruthy();
    expect(screen.getByTestId('summary-licenses').textContent).toBe('10');
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$3,600.00');
    expect(within(summary).getByText('Tax (8.875%)')).toBeTruthy();
    expect(screen.getByTestId('summary-tax').textContent).toBe('$319.50');
    expect(within(summary).getByText('Total due on March 5, 2027')).toBeTruthy();
    expect(screen.getByTestId('summary-total-trial').textContent).toBe('$3,919.50');
    expect(screen.getByTestId('summary-total-today').textContent).toBe('$0.00');
    // The business terms, in a new tab.
    const terms = within(summary).getByRole('link', { name: 'Lectern Business Terms' });
    expect(terms.getAttribute('href')).toBe('/terms/ub/');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(submitButton().textContent).toBe('Start free trial');
    expect(submitButton().disabled).toBe(false);
    // Checkout §2 on subscriptions: the disclaimer instead of remember-me, the name last.
    expect(screen.getByText(CHECKOUT_MESSAGES.subscriptionCardStored)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    const cardFields = ['Card number', 'Expiry date', 'CVC', 'Name on card'].map((label) =>
      screen.getByLabelText(label),
    );
    const order = cardFields.map((field) =>
      Array.from(document.querySelectorAll('input')).indexOf(field as HTMLInputElement),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const request = server.requests.find((entry) => entry.path === '/payment/checkout-info/');
    expect(request?.body).toEqual({
      requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
      checkout_environment: 'Subscription',
      checkout_event: 'Info',
      shopping_info: {
        items: [
          {
            buyable: { id: 'team-annual', buyable_object_type: 'subscription_plan_price_option' },
            requested_seat_count: 10,
          },
        ],
      },
      billing_address: { country_code: 'US' },
    });
  });

  it("hides the checkout behind the Enterprise note when 'More than 20 licenses' is picked", async () => {
    const { server } = setUp(PATH, { 'POST /payment/checkout-info/': json(info()) });
    await screen.findByTestId('summary-total-today');
    const infoCalls = () =>
      server.requests.filter((entry) => entry.path === '/payment/checkout-info/').length;
    const before = infoCalls();

    fireEvent.change(screen.getByTestId('license-picker'), { target: { value: 'more' } });

    expect(await screen.findByText('Team Plan only allows for 20 total users.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to enterprise' }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('checkout-submit')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(infoCalls()).toBe(before);

    fireEvent.change(screen.getByTestId('license-picker'), { target: { value: '12' } });
    expect(await screen.findByTestId('checkout-submit')).toBeTruthy();
    expect(screen.queryByText('Team Plan only allows for 20 total users.')).toBeNull();
  });

  it('shows the region-restriction banner and blocks the submit for a restricted region', async () => {
    setUp(PATH, { 'POST /payment/checkout-info/': json(info({ region_restricted: true })) });

    const banner = await screen.findByTestId('region-restriction');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(
      within(banner).getByText('Lectern Business is not available for online purchase in your region.'),
    ).toBeTruthy();
    expect(
      within(banner).getByText(
        'Request a demo and a sales representative will reach out to assist with your account setup.',
      ),
    ).toBeTruthy();
    const demo = within(banner).getByRole('link', { name: 'Request a demo' });
    expect(demo.getAttribute('target')).toBe('_blank');
    expect(demo.getAttribute('href')).toContain('ref=indupgrade');
    expect(within(banner).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(submitButton().disabled).toBe(true);
  });

  it('stores the card through the SDK, confirms the setup and goes to the subscription', async () => {
    const { server, router } = setUp(PATH, {
      'POST /payment/checkout-info/': json(info()),
      'POST /payment/checkout-submit/': json(
        result('action_required', {
          authentication_type: 'setup',
          client_secret: 'seti_1_secret_x',
          payment_method_id: 'pm_1',
        }),
      ),
      'PATCH /payment/checkout-submit/att-1/': json(result('succeeded')),
    });
    await screen.findByTestId('summary-total-today');
    await fillForm();
    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/manage-subscriptions/'));
    expect(sdk.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: { name: 'Avery Tester', address: { country: 'US', postal_code: '98101' } },
      }),
    );
    expect(sdk.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', { payment_method: 'pm_1' });
    const submit = server.requests.find((entry) => entry.path === '/payment/checkout-submit/');
    expect(submit?.body).toMatchObject({
      checkout_environment: 'Subscription',
      checkout_event: 'Submit',
      shopping_info: { items: [{ buyable: { id: 'team-annual' }, requested_seat_count: 10 }] },
      billing_address: {
        country_code: 'US',
        secondary_location_info: '98101',
        address_line1: '1201 Third Avenue',
        customer_name: 'Initech',
      },
      expected_total: { amount: 0, currency: 'USD' },
      payment_info: {
        method_id: 2,
        payment_vendor: 'CardToken',
        payment_method: 'card',
        credentials: { payment_method_id: 'pm_1' },
      },
    });
    expect((submit?.body as { checkout_ref: string }).checkout_ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(submit?.body)).not.toContain('4242424242424242');
    const patch = server.requests.find((entry) => entry.method === 'PATCH');
    expect(patch?.body).toEqual({
      checkout_environment: 'Subscription',
      checkout_event: 'Result',
      payment_info: {
        credentials: { payment_method_id: 'pm_1', action_result: 'succeeded', checkout_ref: 'ref' },
      },
    });
    expect(await screen.findByText('Your subscription has started.')).toBeTruthy();
  });

  it('shows the payment error of a failed answer and lets the buyer try again with a new reference', async () => {
    const { server } = setUp(PATH, {
      'POST /payment/checkout-info/': json(info()),
      'POST /payment/checkout-submit/': json(
        result('failed', {}, { code: 'card_declined', message: 'Your card was declined.' }),
      ),
    });
    await screen.findByTestId('summary-total-today');
    await fillForm();
    fireEvent.click(submitButton());

    const alert = await screen.findByTestId('checkout-message');
    expect(alert.textContent).toContain(paymentErrorMessage('card_declined').text);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(server.requests.filter((entry) => entry.path === '/payment/checkout-submit/')).toHaveLength(2),
    );
    const [first, second] = server.requests
      .filter((entry) => entry.path === '/payment/checkout-submit/')
      .map((entry) => (entry.body as { checkout_ref: string }).checkout_ref);
    expect(first).not.toBe(second);
  });

  it("shows the server's field errors under their fields", async () => {
    setUp(PATH, {
      'POST /payment/checkout-info/': json(info()),
      'POST /payment/checkout-submit/': json(
        {
          detail: 'Please check the billing information.',
          code: 'validation_error',
          field_errors: { 'billing_address.customer_name': ['The company name is not valid.'] },
        },
        400,
      ),
    });
    await screen.findByTestId('summary-total-today');
    await fillForm();
    fireEvent.click(submitButton());

    expect(await screen.findByText('The company name is not valid.')).toBeTruthy();
    expect(screen.getByTestId('checkout-message').textContent).toContain(
      'Please check the billing information.',
    );
    fireEvent.change(screen.getByLabelText(/^Company name/), { target: { value: 'Initech Ltd' } });
    expect(screen.queryByText('The company name is not valid.')).toBeNull();
  });

  it('asks for the missing fields before anything goes to the provider', async () => {
    const { server } = setUp(PATH, { 'POST /payment/checkout-info/': json(info()) });
    await screen.findByTestId('summary-total-today');
    fireEvent.click(submitButton());

    expect((await screen.findByTestId('checkout-message')).textContent).toContain(
      CHECKOUT_MESSAGES.checkFields,
    );
    expect(screen.getByText('Please enter your company name.')).toBeTruthy();
    expect(screen.getByText('Please enter your address.')).toBeTruthy();
    expect(screen.getByText(CHECKOUT_MESSAGES.invalidZip)).toBeTruthy();
    expect(screen.getByText('Please enter your name exactly as it appears on your card.')).toBeTruthy();
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();
    expect(server.requests.some((entry) => entry.path === '/payment/checkout-submit/')).toBe(false);
  });

  it('sends a visitor to the login page, coming back here', async () => {
    const { router } = setUp(PATH, {}, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/login-popup/'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(PATH);
  });
});
