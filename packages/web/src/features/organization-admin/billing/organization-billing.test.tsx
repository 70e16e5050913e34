import type { CheckoutResult, TaxRateChange } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type FakeHandler, type RecordedRequest } from '../../../test-utils/fake-server';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { enrollment, graphql, info, result, setUp } from '../../subscriptions/subscription-fixtures';
import type { BillingHistoryRecord } from '@lectern/domain';
import type { BillingInformation } from './billing-api';
import { PAYMENT_METHOD, context, member, visa } from '../shell/organization-admin-test-kit';

const BILLING = '/organization-manage-v2/settings/billing/';
const INFORMATION = 'GET /api-2.0/organizations/3/billing-information/';
const HISTORY = 'GET /api-2.0/organizations/3/billing-history/';
const CHECKOUT_INFO = 'POST /payment/checkout-info/';
const SUBMIT = 'POST /payment/checkout-submit/';

const ON_FILE: BillingInformation = {
  customer_name: 'Acme Corp',
  address_line1: '1 Main Street',
  address_line2: 'Suite 5',
  country: 'US',
  secondary_location: '10001',
  tax_number: null,
  created_by: 'Grace Hopper',
  created: '2026-04-02T10:00:00.000Z',
};

const NOTHING_ON_FILE: BillingInformation = {
  customer_name: null,
  address_line1: null,
  address_line2: null,
  country: null,
  secondary_location: null,
  tax_number: null,
  created_by: null,
  created: null,
};

const failure = (status = 500) => json({ detail: 'Down.', code: 'internal' }, status);
/** An answer that never comes: the page stays loading. */
const never: FakeHandler = () => new Promise<Response>(() => {});

function record(id: number, overrides: Partial<BillingHistoryRecord> = {}): BillingHistoryRecord {
  return {
    id,
    subscription_plan_description: 'Team Plan',
    subtitle: 'Renewal · 10 licenses',
    billing_period_start_text: 'March 5, 2026',
    price_money_text: '$3,919.50',
    brand: 'visa',
    payment_method: '•••• 4242',
    invoice_url: `/api-2.0/subscriptions/receipts/${id}/`,
    status: 'succeeded',
    failure_message: null,
    ...overrides,
  };
}

const FAILED = record(12, {
  subtitle: 'Renewal · 10 licenses',
  billing_period_start_text: 'April 5, 2026',
  invoice_url: null,
  status: 'failed',
  failure_message: 'Your card has insufficient funds.',
});

/** The billing history in pages of 10: `pages[n - 1]` is page n. */
function history(pages: BillingHistoryRecord[][]): FakeHandler {
  return (request) => {
    const page = Number(new URL(request.url, 'http://test').searchParams.get('page'));
    const results = pages[page - 1] ?? [];
    const count = pages.reduce((sum, rows) => sum + rows.length, 0);
    return json({ count, total_pages: Math.max(1, pages.length), results });
  };
}

function open({
  plan = enrollment() as CurrentEnrollment | null,
  information = json(ON_FILE) as FakeHandler | FakeHandler[],
  paymentMethod = visa as FakeHandler | FakeHandler[],
  billingHistory = history([[record(11), FAILED]]) as FakeHandler | FakeHandler[],
  path = BILLING,
  routes = {} as Record<string, FakeHandler | FakeHandler[]>,
} = {}) {
  return setUp(path, {
    'GET /api-2.0/contexts/me/': context(member('owner')),
    'POST /api/2022-03/graphql/': graphql({ enrollment: plan }),
    [INFORMATION]: information,
    [PAYMENT_METHOD]: paymentMethod,
    [HISTORY]: billingHistory,
    ...routes,
  });
}

const panel = (id: string) => screen.getByTestId(id);
const editLink = () => screen.getByRole('button', { name: 'Edit billing information' });
const updateLink = () => screen.getByRole('button', { name: 'Update payment method' });
const requestsTo = (requests: RecordedRequest[], route: string) =>
  requests.filter((request) => `${request.method} ${request.path}` === route);

describe('OrganizationBillingPage panels', () => {
  it('shows the billing information, the card and the billing history', async () => {
    const { server } = open();
    // The first test waits for the page's lazily loaded module too.
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByText('View and edit your billing information, review your billing history'),
    ).toBeTruthy();

    const address = await screen.findByTestId('billing-information-address');
    expect([...address.children].map((line) => line.textContent)).toEqual([
      'Acme Corp',
      '1 Main Street',
      'Suite 5',
      '10001, United States',
    ]);
    const information = panel('billing-information');
    expect(within(information).getByRole('heading', { level: 2, name: 'Billing information' })).toBeTruthy();
    expect(within(information).getByTestId('last-edited').textContent).toBe(
      'Last edited by Grace Hopper on April 2, 2026',
    );
    expect(editLink()).toHaveProperty('disabled', false);

    const payment = panel('payment-method');
    expect((await within(payment).findByTestId('card-label')).textContent).toBe('•••• 4242');
    expect(within(payment).getByRole('img', { name: 'Visa' })).toBeTruthy();
    expect(within(payment).getByTestId('last-edited').textContent).toBe(
      'Last edited by Ada Lovelace on March 5, 2026',
    );
    await waitFor(() => expect(updateLink()).toHaveProperty('disabled', false));

    const table = await within(panel('billing-history')).findByRole('table', { name: 'Billing history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Description', 'Billing date', 'Total amount', 'Payment method', 'Invoice']);
    const [paid, failed] = within(table).getAllByTestId('billing-history-row');
    expect(
      within(paid!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Team PlanRenewal · 10 licenses', 'March 5, 2026', '$3,919.50', '•••• 4242', 'View invoice']);
    expect(within(paid!).getByRole('img', { name: 'Visa' })).toBeTruthy();
    expect(
      within(paid!)
        .getByRole('link', { name: 'View invoice: Team Plan, March 5, 2026' })
        .getAttribute('href'),
    ).toBe('/organization-manage-v2/settings/payment/11/');
    expect(within(failed!).getByText('Payment failed')).toBeTruthy();
    expect(within(failed!).getByText('Your card has insufficient funds.')).toBeTruthy();
    expect(within(failed!).getByText('Invoice unavailable')).toBeTruthy();
    expect(within(failed!).queryByRole('link')).toBeNull();

    expect(within(screen.getByTestId('billing-support')).getByRole('link').getAttribute('href')).toBe(
      '/support/',
    );
    const [historyRequest] = requestsTo(server.requests, HISTORY);
    expect(historyRequest!.url).toContain('page=1&page_size=10');
  });

  it('names the province and country, and shows the tax ID', async () => {
    open({
      information: json({
        ...ON_FILE,
        address_line2: null,
        country: 'CA',
        secondary_location: 'ON',
        tax_number: '123456789',
      }),
    });
    const address = await screen.findByTestId('billing-information-address');
    expect([...address.children].map((line) => line.textContent)).toEqual([
      'Acme Corp',
      '1 Main Street',
      'Ontario, Canada',
      'TAX/VAT ID: 123456789',
    ]);
  });

  it('names the country alone when it has no secondary location', async () => {
    open({ information: json({ ...ON_FILE, country: 'DE', secondary_location: null }) });
    const address = await screen.findByTestId('billing-information-address');
    expect(within(address).getByText('Germany')).toBeTruthy();
  });

  it('shows skeletons while loading, with the links disabled', async () => {
    open({ information: never, paymentMethod: never, billingHistory: never });
    expect(await screen.findByRole('status', { name: 'Loading billing information' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the payment method' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading billing history' })).toBeTruthy();
    expect(editLink()).toHaveProperty('disabled', true);
    expect(updateLink()).toHaveProperty('disabled', true);
  });

  it('shows skeletons until the subscription enrollment is known', async () => {
    setUp(BILLING, {
      'GET /api-2.0/contexts/me/': context(member('owner')),
      'POST /api/2022-03/graphql/': never,
    });
    expect(await screen.findByRole('status', { name: 'Loading your subscription' })).toBeTruthy();
    expect(screen.queryByTestId('billing-information')).toBeNull();
  });

  it('says when there is nothing on file yet', async () => {
    open({
      information: json(NOTHING_ON_FILE),
      paymentMethod: json({ spm_info: { data: null }, last_edit_user: null }),
      billingHistory: history([]),
    });
    expect((await screen.findByTestId('billing-information-empty')).textContent).toBe(
      'No billing information is on file yet.',
    );
    expect(await screen.findByText('No payment method is stored.')).toBeTruthy();
    expect(
      await screen.findByText("Your organization doesn't have any transactions for a subscription plan."),
    ).toBeTruthy();
    expect(screen.queryByTestId('last-edited')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
  });

  it('hides the payment method of a preview (trial) with no card', async () => {
    open({
      plan: enrollment({ status: 'TRIAL', trialEndDate: '2026-12-09T00:00:00.000Z' }),
      paymentMethod: json({ spm_info: { data: null }, last_edit_user: null }),
    });
    await screen.findByTestId('billing-information-address');
    await waitFor(() => expect(screen.queryByTestId('payment-method')).toBeNull());
  });

  it('shows each load failure with Try again, which loads it again', async () => {
    open({
      information: [failure(), json(ON_FILE)],
      paymentMethod: [failure(), visa],
      billingHistory: [failure(), history([[record(11)]])],
    });
    const infoError = await screen.findByText('There was a problem while loading billing information');
    const cardError = await screen.findByText('There was a problem while loading active payment method');
    const historyError = await screen.findByText('There was a problem while loading billing history');
    expect(editLink()).toHaveProperty('disabled', true);
    expect(updateLink()).toHaveProperty('disabled', true);

    for (const [id, message] of [
      ['billing-information', infoError],
      ['payment-method', cardError],
      ['billing-history', historyError],
    ] as const) {
      expect(within(panel(id)).getByText(message.textContent!)).toBeTruthy();
      fireEvent.click(within(panel(id)).getByRole('button', { name: 'Try again' }));
    }
    expect(await screen.findByTestId('billing-information-address')).toBeTruthy();
    expect(await within(panel('payment-method')).findByTestId('card-label')).toBeTruthy();
    expect(await screen.findAllByTestId('billing-history-row')).toHaveLength(1);
    expect(editLink()).toHaveProperty('disabled', false);
    expect(updateLink()).toHaveProperty('disabled', false);
  });

  it('disables editing and updating when the plan is expired', async () => {
    open({ plan: enrollment({ status: 'EXPIRED' }) });
    await screen.findByTestId('billing-information-address');
    await within(panel('payment-method')).findByTestId('card-label');
    expect(editLink()).toHaveProperty('disabled', true);
    expect(updateLink()).toHaveProperty('disabled', true);
  });

  it('points an organization without a Team Plan to the checkout', async () => {
    const { server } = open({ plan: null });
    expect(await screen.findByText("Your organization doesn't have a Team Plan yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy a Team Plan' }).getAttribute('href')).toBe(
      '/payment/checkout-teamplan/',
    );
    expect(requestsTo(server.requests, INFORMATION)).toHaveLength(0);
  });

  it('pages through the billing history', async () => {
    const first = Array.from({ length: 10 }, (_, index) => record(100 - index));
    const { server, router } = open({ billingHistory: history([first, [record(90), record(89)]]) });
    expect(await screen.findAllByTestId('billing-history-row')).toHaveLength(10);
    const pagination = screen.getByRole('navigation', { name: /pagination|pages/i });
    fireEvent.click(within(pagination).getByRole('link', { name: /2/ }));

    await waitFor(() => expect(screen.getAllByTestId('billing-history-row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?p=2');
    expect(requestsTo(server.requests, HISTORY).at(-1)!.url).toContain('page=2&page_size=10');
    expect(
      screen.getAllByRole('link', { name: /^View invoice/ }).map((link) => link.getAttribute('href')),
    ).toEqual([
      '/organization-manage-v2/settings/payment/90/',
      '/organization-manage-v2/settings/payment/89/',
    ]);
  });

  it('opens the update payment method modal', async () => {
    open();
    await waitFor(() => expect(updateLink()).toHaveProperty('disabled', false));
    fireEvent.click(updateLink());
    expect(await screen.findByRole('dialog', { name: 'Update payment method' })).toBeTruthy();
  });
});

const taxChange = (overrides: Partial<TaxRateChange> = {}): TaxRateChange => ({
  previous_rate: 8.875,
  new_rate: 0,
  tax_breakdown_type: 'tax_exclusive',
  currency: 'USD',
  previous_total: 391950,
  new_total: 360000,
  tax_excluded_amount: 360000,
  previous_tax: 31950,
  new_tax: 0,
  ...overrides,
});

function saved(change: TaxRateChange | null): CheckoutResult {
  const answer = result('succeeded', { redirect_url: null, tax_rate_change: change });
  return { ...answer, message: 'Your billing information has been updated.' };
}

/** checkout-info of the UpdateBilling event: the billing information on file. */
function onFileInfo() {
  const answer = info({ due_next: { subtotal: 360000, tax: 31950, total: 391950 } });
  answer.data.billing_config = {
    ...answer.data.billing_config!,
    country: 'US',
    secondary_location_info: '10001',
    customer_name: 'Acme Corp',
    address_line1: '1 Main Street',
    address_line2: 'Suite 5',
  };
  return json(answer);
}

async function openEditor(routes: Record<string, FakeHandler | FakeHandler[]>, information?: FakeHandler[]) {
  const page = open({ routes, ...(information ? { information } : {}) });
  await waitFor(() => expect(editLink()).toHaveProperty('disabled', false));
  fireEvent.click(editLink());
  const dialog = await screen.findByRole('dialog', { name: 'Edit billing information' });
  return { ...page, dialog };
}

describe('Edit billing information', () => {
  it('shows a spinner, then the form filled with the information on file; Escape closes it', async () => {
    let answer: (response: Response) => void = () => {};
    const { dialog } = await openEditor({
      [CHECKOUT_INFO]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(within(dialog).getByRole('status', { name: 'Loading billing information' })).toBeTruthy();
    answer(onFileInfo());
    const company = (await within(dialog).findByLabelText(/^Company name/)) as HTMLInputElement;
    expect(company.value).toBe('Acme Corp');
    expect((within(dialog).getByLabelText(/^Address line 1/) as HTMLInputElement).value).toBe(
      '1 Main Street',
    );
    expect((within(dialog).getByLabelText('ZIP Code') as HTMLInputElement).value).toBe('10001');
    expect(
      within(dialog).getByText('Updating billing information may affect tax and total payment at renewal.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the billing configuration cannot be loaded', async () => {
    const { dialog } = await openEditor({ [CHECKOUT_INFO]: failure() });
    expect(
      await within(dialog).findByText(
        'Unfortunately we are not able to process your request, please try again later',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Company name/)).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const { dialog, server } = await openEditor({
      [CHECKOUT_INFO]: onFileInfo(),
      [SUBMIT]: json(saved(null)),
    });
    const company = await within(dialog).findByLabelText(/^Company name/);
    fireEvent.change(company, { target: { value: '  ' } });
    fireEvent.blur(company);
    expect(await within(dialog).findByText('Please enter your company name.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(requestsTo(server.requests, SUBMIT)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit billing information' })).toBeTruthy();
  });

  it('reloads the tax when an address line is left, saves, and shows the tax-rate change', async () => {
    const updated = { ...ON_FILE, address_line1: '200 Pine Street', secondary_location: '97201' };
    const { dialog, server } = await openEditor(
      { [CHECKOUT_INFO]: onFileInfo(), [SUBMIT]: json(saved(taxChange())) },
      [json(ON_FILE), json(updated)],
    );
    const zip = await within(dialog).findByLabelText('ZIP Code');
    fireEvent.change(zip, { target: { value: '97201' } });
    const line1 = within(dialog).getByLabelText(/^Address line 1/);
    fireEvent.change(line1, { target: { value: '200 Pine Street' } });
    fireEvent.blur(line1);
    await waitFor(() => expect(requestsTo(server.requests, CHECKOUT_INFO)).toHaveLength(2));
    const reload = requestsTo(server.requests, CHECKOUT_INFO)[1]!.body as Record<string, unknown>;
    expect(reload).toMatchObject({
      checkout_environment: 'Subscription',
      checkout_event: 'UpdateBilling',
      billing_address: { country_code: 'US', secondary_location_info: '97201' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [submit] = requestsTo(server.requests, SUBMIT);
    expect(submit!.body).toMatchObject({
      checkout_environment: 'Subscription',
      checkout_event: 'UpdateBilling',
      shopping_info: {
        items: [
          {
            buyable: {
              id: 'team-annual',
              buyable_object_type: 'subscription_plan_price_option',
              checkout_ref: 'LSC-1',
            },
          },
        ],
      },
      billing_address: {
        country_code: 'US',
        secondary_location_info: '97201',
        customer_name: 'Acme Corp',
        address_line1: '200 Pine Street',
        address_line2: 'Suite 5',
      },
    });

    const banner = await screen.findByTestId('tax-rate-change');
    expect(within(banner).getByText('Your tax rate has changed')).toBeTruthy();
    expect(within(banner).getByTestId('tax-rate-change-rates').textContent).toBe(
      'Your tax rate changed from 8.875% to 0%.',
    );
    expect(within(banner).getByTestId('tax-rate-change-current').textContent).toBe(
      'Current total: $3,919.50 ($3,600.00 + $319.50 tax)',
    );
    expect(within(banner).getByTestId('tax-rate-change-new').textContent).toBe(
      'New total: $3,600.00 ($3,600.00 + $0.00 tax)',
    );
    expect(await screen.findByText('Your billing information has been updated.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('billing-information-address').textContent).toContain('200 Pine Street'),
    );
    expect(screen.getByTestId('billing-information-address').textContent).toContain('97201, United States');
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('tax-rate-change')).toBeNull());
  });

  it('puts server field errors at their fields, keeps what was typed, then shows a tax-inclusive change', async () => {
    const refused = json(
      {
        detail: 'Please check the billing address.',
        code: 'validation_error',
        field_errors: { 'billing_address.secondary_location_info': ['We could not place this ZIP code.'] },
      },
      400,
    );
    const inclusive = taxChange({
      previous_rate: 20,
      new_rate: 10,
      tax_breakdown_type: 'tax_inclusive',
      previous_total: 360000,
      new_total: 330000,
    });
    const { dialog } = await openEditor({
      [CHECKOUT_INFO]: onFileInfo(),
      [SUBMIT]: [refused, json(saved(inclusive))],
    });
    const zip = await within(dialog).findByLabelText('ZIP Code');
    fireEvent.change(zip, { target: { value: '99999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('We could not place this ZIP code.')).toBeTruthy();
    expect(within(dialog).getByLabelText('ZIP Code').getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByLabelText('ZIP Code') as HTMLInputElement).value).toBe('99999');
    expect((within(dialog).getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Acme Corp');

    fireEvent.change(within(dialog).getByLabelText('ZIP Code'), { target: { value: '97201' } });
    expect(within(dialog).queryByText('We could not place this ZIP code.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const banner = await screen.findByTestId('tax-rate-change');
    expect(within(banner).getByTestId('tax-rate-change-rates').textContent).toBe(
      'Your tax rate changed from 20% to 10%.',
    );
    expect(within(banner).getByTestId('tax-rate-change-current').textContent).toBe(
      'Current total: $3,600.00',
    );
    expect(within(banner).getByTestId('tax-rate-change-new').textContent).toBe('New total: $3,300.00');
  });

  it('shows no banner when the tax rate stayed the same', async () => {
    const { dialog } = await openEditor({ [CHECKOUT_INFO]: onFileInfo(), [SUBMIT]: json(saved(null)) });
    await within(dialog).findByLabelText(/^Company name/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Your billing information has been updated.')).toBeTruthy();
    expect(screen.queryByTestId('tax-rate-change')).toBeNull();
  });
});
