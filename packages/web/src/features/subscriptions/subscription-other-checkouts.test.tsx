import type { PaymentMethodConfig } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../test-utils/fake-server';
import {
  CARD,
  enrollment,
  graphql,
  info,
  installSdk,
  PERSONAL_PLAN,
  removeSdk,
  result,
  sdk,
  setUp,
  TEAM_PLAN,
} from './subscription-fixtures';

const STORED: PaymentMethodConfig = {
  ...CARD,
  method_id: 100,
  mode: 'stored',
  name: 'Visa •••• 4242',
  options: {
    ...CARD.options,
    stored_payment_method: {
      id: 'stored_pm_9',
      payment_method_details: {
        card: {
          brand: 'visa',
          last_4_digit: '4242',
          card_holder_name: null,
          expiry_month: 12,
          expiry_year: 2030,
          card_bin: null,
          additional_data: {
            checks: { avs_result: null, cvc_result: null, address_postal_code_check: null, cvc_check: null },
          },
        },
      },
      fraud_context: { bank_country: null, bank_name: null, account_holder_name: null },
      is_used_by_subscription: true,
    },
  },
  selected: true,
};
const FREE: PaymentMethodConfig = {
  method_id: 0,
  vendor: 'Free',
  mode: 'internal',
  type: 'free-method',
  name: 'Free',
  gateway_status: 'up',
  options: {},
  selected: true,
};

const submitButton = () => screen.getByTestId('checkout-submit') as HTMLButtonElement;
const bodiesOf = (requests: { path: string; body: unknown }[], path: string) =>
  requests.filter((entry) => entry.path === path).map((entry) => entry.body as Record<string, unknown>);

beforeEach(installSdk);
afterEach(removeSdk);

describe('license upsell', () => {
  const paidUpsell = info(
    {
      licenses: 13,
      current_licenses: 10,
      added_licenses: 3,
      trial_days: 0,
      trial_end: null,
      proration: { remaining_days: 200, period_days: 365 },
      due_today: { subtotal: 59178, tax: 5252, total: 64430 },
      enrollment_status: 'ACTIVE',
    },
    [STORED, { ...CARD, selected: false }],
  );

  it('prices licenses to add on the stored card and pays the prorated total', async () => {
    const { server, router } = setUp('/payment/upsell-teamplan/', {
      'POST /api/2022-03/graphql/': graphql({ enrollment: enrollment() }),
      'POST /payment/checkout-info/': json(paidUpsell),
      'POST /payment/checkout-submit/': json(
        result('succeeded', { redirect_url: '/user/manage-subscriptions/' }),
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy additional user licenses' }),
    ).toBeTruthy();
    await screen.findByTestId('summary-total-today');
    const picker = screen.getByTestId('license-picker') as HTMLSelectElement;
    expect(picker.value).toBe('1');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...Array.from({ length: 10 }, (_, index) => String(index + 1)), 'More than 10 licenses']);
    fireEvent.change(picker, { target: { value: '3' } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    expect(screen.getByText('Additional user licenses')).toBeTruthy();
    expect(screen.getByTestId('summary-licenses').textContent).toBe('3');
    expect(screen.getByText('Subtotal (prorated for 200 of 365 days)')).toBeTruthy();
    expect(screen.getByTestId('summary-total-today').textContent).toBe('$644.30');
    expect(screen.queryByTestId('summary-total-trial')).toBeNull();
    expect(screen.getByTestId('stored-card').textContent).toContain('Visa •••• 4242');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(submitButton().textContent).toBe('Add licenses');

    const infoBody = bodiesOf(server.requests, '/payment/checkout-info/').at(-1);
    expect(infoBody).toMatchObject({
      checkout_event: 'UpsellInfo',
      shopping_info: {
        items: [{ buyable: { id: 'team-annual', checkout_ref: 'LSC-1' }, requested_seat_count: 3 }],
      },
    });
    expect(infoBody).not.toHaveProperty('billing_address');

    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/manage-subscriptions/'));
    expect(bodiesOf(server.requests, '/payment/checkout-submit/')[0]).toMatchObject({
      checkout_event: 'UpsellSubmit',
      expected_total: { amount: 64430, currency: 'USD' },
      payment_info: { method_id: 100, credentials: { stored_payment_method_id: 'stored_pm_9' } },
    });
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('adds licenses during a trial for nothing today, with the Free method', async () => {
    const { server } = setUp('/payment/upsell-teamplan/', {
      'POST /api/2022-03/graphql/': graphql({
        enrollment: enrollment({ status: 'TRIAL', trialEndDate: '2026-12-09T00:00:00.000Z' }),
      }),
      'POST /payment/checkout-info/': json(
        info(
          { licenses: 11, current_licenses: 10, added_licenses: 1, trial_end: '2026-12-09T00:00:00.000Z' },
          [FREE],
        ),
      ),
      'POST /payment/checkout-submit/': json(result('succeeded')),
    });
    await screen.findByTestId('summary-total-today');
    expect(screen.getByTestId('summary-total-today').textContent).toBe('$0.00');
    expect(screen.getByText('Total due on December 9, 2026')).toBeTruthy();
    expect(screen.getByTestId('summary-licenses').textContent).toBe('11');
    expect(screen.queryByRole('region', { name: 'Payment method' })).toBeNull();
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodiesOf(server.requests, '/payment/checkout-submit/')).toHaveLength(1));
    expect(bodiesOf(server.requests, '/payment/checkout-submit/')[0]).toMatchObject({
      checkout_event: 'UpsellSubmit',
      payment_info: { method_id: 0, payment_vendor: 'Free', credentials: {} },
    });
  });

  it('says the additional licenses cannot be bought online in a restricted region', async () => {
    setUp('/payment/upsell-teamplan/', {
      'POST /api/2022-03/graphql/': graphql({ enrollment: enrollment() }),
      'POST /payment/checkout-info/': json(info({ region_restricted: true, trial_end: null }, [STORED])),
    });
    const banner = await screen.findByTestId('region-restriction');
    expect(
      within(banner).getByText('Additional licenses are not available for online purchase in your region.'),
    ).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('shows the Enterprise note when the plan already holds 20 licenses', async () => {
    setUp('/payment/upsell-teamplan/', {
      'POST /api/2022-03/graphql/': graphql({ enrollment: enrollment({ licenseCount: 20 }) }),
    });
    expect(await screen.findByText('Team Plan only allows for 20 total users.')).toBeTruthy();
    expect(screen.queryByTestId('license-picker')).toBeNull();
    expect(screen.queryByTestId('checkout-submit')).toBeNull();
  });

  it('points to the Team Plan checkout when there is no plan to change', async () => {
    setUp('/payment/upsell-teamplan/', {});
    expect(await screen.findByText('There is no Team Plan to change yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy a Team Plan' }).getAttribute('href')).toBe(
      '/payment/checkout-teamplan/',
    );
  });
});

describe('Personal Plan checkout', () => {
  it('says why today costs when the trial was had before, and asks to pay now', async () => {
    setUp('/payment/checkout-personal-plan/?option=personal-monthly', {
      'POST /api/2022-03/graphql/': graphql({ plans: [PERSONAL_PLAN] }),
      'POST /payment/checkout-info/': json(
        info({
          product_type: 'CONSUMERSUBSCRIPTION',
          plan_price_option_id: 'personal-monthly',
          renewal_interval: { type: 'MONTH', count: 1 },
          unit_price: 1640,
          licenses: 1,
          trial_days: 0,
          trial_end: null,
          due_today: { subtotal: 1640, tax: 0, total: 1640 },
        }),
      ),
    });
    expect((await screen.findByTestId('trial-used')).textContent).toBe(
      "You've had a free trial before, so the plan starts today and the first period is charged now.",
    );
    await waitFor(() => expect(submitButton().textContent).toBe('Pay now'));
  });

  it('buys the option of the query without licenses or company name', async () => {
    const { server } = setUp('/payment/checkout-personal-plan/?option=personal-monthly', {
      'POST /api/2022-03/graphql/': graphql({ plans: [PERSONAL_PLAN] }),
      'POST /payment/checkout-info/': json(
        info({
          product_type: 'CONSUMERSUBSCRIPTION',
          plan_price_option_id: 'personal-monthly',
          renewal_interval: { type: 'MONTH', count: 1 },
          unit_price: 1640,
          licenses: 1,
          trial_days: 7,
        }),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Plan' })).toBeTruthy();
    expect(screen.getByText('New opportunities await.')).toBeTruthy();
    await screen.findByTestId('summary-total-today');
    expect(screen.queryByTestId('license-picker')).toBeNull();
    expect(screen.queryByTestId('summary-licenses')).toBeNull();
    expect(screen.queryByLabelText(/^Company name/)).toBeNull();
    expect(screen.getByLabelText(/^Address line 1/)).toBeTruthy();
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.getByText('$16.40 per month')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);
    expect(bodiesOf(server.requests, '/payment/checkout-info/')[0]).toMatchObject({
      checkout_event: 'Info',
      shopping_info: {
        items: [
          { buyable: { id: 'personal-monthly', buyable_object_type: 'subscription_plan_price_option' } },
        ],
      },
    });
    expect(
      (bodiesOf(server.requests, '/payment/checkout-info/')[0] as { shopping_info: { items: object[] } })
        .shopping_info.items[0],
    ).not.toHaveProperty('requested_seat_count');
  });
});

describe('Team Plan resubscribe', () => {
  it('prices the expired plan again with the billing on file and no trial, on an interval the owner may change', async () => {
    const onFile = info({
      trial_days: 0,
      trial_end: null,
      due_today: { subtotal: 360000, tax: 31950, total: 391950 },
    });
    onFile.data.billing_config = {
      ...onFile.data.billing_config!,
      secondary_location_info: '98101',
      address_line1: '1201 Third Avenue',
      customer_name: 'Initech',
    };
    const { server } = setUp('/payment/resubscribe-teamplan/', {
      'POST /api/2022-03/graphql/': graphql({
        enrollment: enrollment({ status: 'EXPIRED', licenseCount: 12 }),
      }),
      'POST /payment/checkout-info/': json(onFile),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resubscribe to Lectern Business - Team Plan' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Initech'),
    );
    expect((screen.getByLabelText(/^Address line 1/) as HTMLInputElement).value).toBe('1201 Third Avenue');
    expect((screen.getByLabelText('ZIP Code') as HTMLInputElement).value).toBe('98101');
    expect((screen.getByTestId('license-picker') as HTMLSelectElement).value).toBe('12');
    await waitFor(() => expect(submitButton().textContent).toBe('Pay now'));
    expect(bodiesOf(server.requests, '/payment/checkout-info/').at(-1)).toMatchObject({
      checkout_event: 'ResubscribeSubmit',
      shopping_info: {
        items: [{ buyable: { id: 'team-annual', checkout_ref: 'LSC-1' }, requested_seat_count: 12 }],
      },
      billing_address: { country_code: 'US', secondary_location_info: '98101' },
    });
    // It starts on the expired plan's interval; the new period may be monthly instead.
    expect((screen.getByRole('radio', { name: 'Annual' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await waitFor(() =>
      expect(bodiesOf(server.requests, '/payment/checkout-info/').at(-1)).toMatchObject({
        checkout_event: 'ResubscribeSubmit',
        shopping_info: { items: [{ buyable: { id: 'team-monthly', checkout_ref: 'LSC-1' } }] },
      }),
    );
  });
});

describe('Team Plan interval', () => {
  it('lets the buyer switch the interval of a new plan', async () => {
    const { server } = setUp('/payment/checkout-teamplan/', {
      'POST /api/2022-03/graphql/': graphql({ plans: [TEAM_PLAN] }),
      'POST /payment/checkout-info/': json(info()),
    });
    await screen.findByTestId('summary-total-today');
    expect((screen.getByRole('radio', { name: 'Annual' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await waitFor(() =>
      expect(bodiesOf(server.requests, '/payment/checkout-info/').at(-1)).toMatchObject({
        shopping_info: { items: [{ buyable: { id: 'team-monthly' } }] },
      }),
    );
  });
});
