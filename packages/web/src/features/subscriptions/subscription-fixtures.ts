// Shared by the subscription page tests: the GraphQL and checkout answers of the demo plans,
// the pages rendered in the whole app as a signed-in user, and the provider's SDK.
import type {
  CheckoutResult,
  PaymentMethodConfig,
  RetentionOfferAcceptance,
  RetentionOfferAvailability,
  RetentionOfferView,
  SubscriptionCheckoutInfo,
  SubscriptionCheckoutSummary,
} from '@lectern/domain';
import { vi } from 'vitest';
import type { CurrentSubscriptionEnrollmentQuery } from '../../platform/graphql/graphql-types.generated';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { graphqlCall } from '../../test-utils/fake-graphql';
import { renderApp } from '../../test-utils/render';
import type { ProviderSdk } from '../checkout/provider-sdk';
import type { CurrentEnrollment, SubscriptionPlan } from './subscription-api';

export const CARD: PaymentMethodConfig = {
  method_id: 2,
  vendor: 'CardToken',
  mode: 'direct',
  type: 'card',
  name: 'Card',
  gateway_status: 'up',
  options: {
    client_publishable_key: 'pk_test_lectern_sandbox',
    client_sdk_url: 'http://provider.test/sdk/v1/lectern-sandbox.js',
    brand_codes: ['visa', 'mc', 'amex'],
    storing_payment_method_disabled: false,
    store_payment_method_default_override: null,
  },
  selected: true,
};

const usd = (amount: number) => ({ amount, currency: 'USD' });

export const TEAM_PLAN: SubscriptionPlan = {
  id: 'team',
  productType: 'TEAM',
  name: 'Team Plan',
  priceOptions: [
    {
      id: 'team-monthly',
      listPrice: usd(3000),
      renewalInterval: { type: 'MONTH', count: 1 },
      trial: { dateInterval: { type: 'DAY', count: 14 } },
      licenseContext: {
        unitPrice: usd(3000),
        licenseCount: 10,
        defaultLicenseCount: 10,
        minimumLicenseCount: 5,
        maximumLicenseCount: 20,
      },
      annualSavings: null,
      monthlyPrice: null,
    },
    {
      id: 'team-annual',
      listPrice: usd(36000),
      renewalInterval: { type: 'YEAR', count: 1 },
      trial: { dateInterval: { type: 'DAY', count: 14 } },
      licenseContext: {
        unitPrice: usd(36000),
        licenseCount: 10,
        defaultLicenseCount: 10,
        minimumLicenseCount: 5,
        maximumLicenseCount: 20,
      },
      annualSavings: null,
      monthlyPrice: null,
    },
  ],
};

export const PERSONAL_PLAN: SubscriptionPlan = {
  id: 'personal',
  productType: 'CONSUMERSUBSCRIPTION',
  name: 'Personal Plan',
  priceOptions: [
    {
      id: 'personal-annual',
      listPrice: { amount: 12000, currency: 'USD' },
      renewalInterval: { type: 'YEAR', count: 1 },
      trial: { dateInterval: { type: 'DAY', count: 7 } },
      licenseContext: null,
      annualSavings: { amount: 7680, currency: 'USD' },
      monthlyPrice: { amount: 1000, currency: 'USD' },
    },
    {
      id: 'personal-monthly',
      listPrice: { amount: 1640, currency: 'USD' },
      renewalInterval: { type: 'MONTH', count: 1 },
      trial: { dateInterval: { type: 'DAY', count: 7 } },
      licenseContext: null,
      annualSavings: null,
      monthlyPrice: null,
    },
  ],
};

export function enrollment(overrides: Partial<CurrentEnrollment> = {}): CurrentEnrollment {
  return {
    id: 'enr-1',
    checkoutReference: 'LSC-1',
    productType: 'TEAM',
    priceOptionId: 'team-annual',
    status: 'ACTIVE',
    cancelDate: null,
    trialEndDate: null,
    licenseCount: 10,
    usedLicenseCount: 4,
    renewalInterval: { type: 'YEAR', count: 1 },
    subscriber: { type: 'ORGANIZATION', id: '3' },
    billing: {
      currentPeriodStartDate: '2026-03-05T00:00:00.000Z',
      currentPeriodEndDate: '2027-03-05T00:00:00.000Z',
      chargePrice: usd(391950),
      taxPrice: usd(31950),
    },
    paymentIssue: null,
    ...overrides,
  };
}

/** A Team Plan's new-purchase summary: 10 annual licenses at $360, 8.875% tax, 14-day trial. */
export function summary(overrides: Partial<SubscriptionCheckoutSummary> = {}): SubscriptionCheckoutSummary {
  const licenses = overrides.licenses ?? 10;
  const subtotal = 36000 * licenses;
  const tax = Math.round(subtotal * 0.08875);
  return {
    product_type: 'TEAM',
    plan_price_option_id: 'team-annual',
    renewal_interval: { type: 'YEAR', count: 1 },
    currency: 'USD',
    unit_price: 36000,
    licenses,
    current_licenses: 0,
    added_licenses: 0,
    trial_days: 14,
    trial_end: '2027-03-05T00:00:00.000Z',
    next_charge_date: '2027-03-05T00:00:00.000Z',
    proration: null,
    due_today: { subtotal: 0, tax: 0, total: 0 },
    due_next: { subtotal, tax, total: subtotal + tax },
    tax_rate: 8.875,
    tax_breakdown_type: 'tax_exclusive',
    region_restricted: false,
    enrollment_status: null,
    subscription_checkout_ref: null,
    ...overrides,
  };
}

export function info(
  overrides: Partial<SubscriptionCheckoutSummary> = {},
  methods: PaymentMethodConfig[] = [CARD],
): SubscriptionCheckoutInfo {
  return {
    status: 'succeeded',
    message: null,
    data: {
      subscription_summary: summary(overrides),
      checkout_config: { payment_methods: methods, credit_is_usable: false },
      billing_config: {
        country: 'US',
        secondary_location: { kind: 'zip' },
        secondary_location_info: null,
        address_line1: null,
        address_line2: null,
        customer_name: null,
        tax_number: null,
        tax_number_enabled: false,
      },
    },
  };
}

export function result(
  status: CheckoutResult['status'],
  data: Partial<CheckoutResult['data']> = {},
  error: { code: string; message: string } | null = null,
): CheckoutResult {
  return {
    status,
    message: status === 'succeeded' ? 'Your subscription has started.' : (error?.message ?? null),
    error_code: error?.code ?? null,
    data: {
      payment_attempt_id: 'att-1',
      action_data: null,
      return_url: null,
      client_secret: null,
      payment_method_id: null,
      authentication_type: null,
      checkout_ref: 'ref',
      redirect_url: status === 'succeeded' ? '/user/manage-subscriptions/' : null,
      ...data,
    },
  };
}

/** The GraphQL endpoint: each operation by its name in the document. */
export function graphql(answers: {
  plans?: SubscriptionPlan[];
  enrollment?: CurrentSubscriptionEnrollmentQuery['currentSubscriptionEnrollment'];
}): FakeHandler {
  return (request) => {
    const { operationName } = graphqlCall(request);
    if (operationName === 'SubscriptionPlansByProductType') {
      return json({ data: { subscriptionPlansByProductType: answers.plans ?? [TEAM_PLAN] } });
    }
    if (operationName === 'CurrentSubscriptionEnrollment') {
      return json({ data: { currentSubscriptionEnrollment: answers.enrollment ?? null } });
    }
    return json({ errors: [{ message: 'Unknown operation.', extensions: { code: 'BAD_REQUEST' } }] });
  };
}

/** The whole app at `path` for a signed-in user in the US (or a visitor). */
export function setUp(
  path: string,
  routes: Record<string, FakeHandler | FakeHandler[]>,
  { signedIn = true }: { signedIn?: boolean } = {},
) {
  const server = fakeServer({
    // What every page asks for: the cart, the consent choice, the browser's counters.
    ...fakeCartServer({ userId: 7 }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
    'GET /api-2.0/contexts/me/': json(
      userContext(signedIn ? authenticatedMe({ country: 'US' }) : anonymousMe),
    ),
    'POST /api/2022-03/graphql/': graphql({}),
    ...routes,
  });
  return { server, ...renderApp({ fetch: server.fetch, path }) };
}

export const sdk = {
  createPaymentMethod: vi.fn(),
  handleCardAction: vi.fn(),
  confirmCardSetup: vi.fn(),
};

/** The provider's browser SDK, as the page finds it on window once its script has loaded. */
export function installSdk() {
  window.LecternSandbox = () => sdk as unknown as ProviderSdk;
  sdk.createPaymentMethod.mockResolvedValue({
    paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', country: 'US' } },
  });
  sdk.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
}

export function removeSdk() {
  delete window.LecternSandbox;
  vi.clearAllMocks();
}

/** The GraphQL endpoint with one plan that cancel and reactivate change (or refuse to). */
export function planServer(initial: CurrentEnrollment | null, { failChanges = false } = {}): FakeHandler {
  let current = initial;
  return (request) => {
    const { operationName } = graphqlCall(request);
    if (operationName === 'CurrentSubscriptionEnrollment')
      return json({ data: { currentSubscriptionEnrollment: current } });
    if (failChanges)
      return json({ errors: [{ message: 'No.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    const cancel = operationName === 'SubscriptionEnrollmentCancel';
    current = {
      ...current!,
      status: cancel ? 'CANCELED' : current!.trialEndDate ? 'TRIAL' : 'ACTIVE',
      cancelDate: cancel ? '2026-11-25T08:00:00.000Z' : null,
    };
    const answer = {
      id: current.id,
      status: current.status,
      cancelDate: current.cancelDate,
      billing: { currentPeriodEndDate: current.billing.currentPeriodEndDate },
    };
    return json({
      data: { [cancel ? 'subscriptionEnrollmentCancel' : 'subscriptionEnrollmentReactivate']: answer },
    });
  };
}

/** A monthly Personal Plan in Seattle ($30.00 + 10.55% tax), paid and active, with a REST id. */
export function personalEnrollment(overrides: Partial<CurrentEnrollment> = {}): CurrentEnrollment {
  return enrollment({
    id: '41',
    checkoutReference: 'LSC-41',
    productType: 'CONSUMERSUBSCRIPTION',
    priceOptionId: 'personal-monthly',
    licenseCount: 1,
    usedLicenseCount: 1,
    renewalInterval: { type: 'MONTH', count: 1 },
    subscriber: { type: 'USER', id: '7' },
    billing: {
      currentPeriodStartDate: '2027-02-05T00:00:00.000Z',
      currentPeriodEndDate: '2027-03-05T00:00:00.000Z',
      chargePrice: usd(3317),
      taxPrice: usd(317),
    },
    ...overrides,
  });
}

/** Decision 0029's monthly offer for `personalEnrollment()`: two months at half price. */
export function retentionOfferView(overrides: Partial<RetentionOfferView> = {}): RetentionOfferView {
  return {
    offer_id: 'stay-2-months-50-off',
    percent_off: 50,
    periods: 2,
    renewal_interval: { type: 'MONTH', count: 1 },
    regular_price: usd(3317),
    discounted_price: usd(1659),
    discounted_tax: usd(159),
    total_savings: usd(3316),
    discount_starts_at: '2027-03-05T00:00:00.000Z',
    discount_ends_at: '2027-05-05T00:00:00.000Z',
    charge_dates: ['2027-03-05T00:00:00.000Z', '2027-04-05T00:00:00.000Z'],
    ...overrides,
  };
}

/**
 * `GET` and `POST /payment/retention-promo-submit/`: the offer until it is accepted, then the
 * accepted one; `refuse` answers the POST with that 409 reason (or a 500 for `'server'`).
 */
export function retentionServer(
  offer: RetentionOfferView | null = retentionOfferView(),
  { refuse, reason = 'in_trial' }: { refuse?: string; reason?: string } = {},
) {
  let accepted: (RetentionOfferView & { accepted_at: string }) | null = null;
  const availability = (): RetentionOfferAvailability => ({
    enrollment_id: 41,
    available: offer !== null && accepted === null,
    reason: (offer === null
      ? reason
      : accepted
        ? 'already_accepted'
        : null) as RetentionOfferAvailability['reason'],
    offer: accepted ? null : offer,
    accepted,
  });
  return {
    'GET /payment/retention-promo-submit/': () => json(availability()),
    'POST /payment/retention-promo-submit/': () => {
      if (refuse === 'server') return json({ detail: 'Boom.', code: 'internal_error' }, 500);
      if (refuse) return json({ detail: 'No offer.', code: refuse }, 409);
      accepted = { ...offer!, accepted_at: '2026-11-25T08:00:00.000Z' };
      const answer: RetentionOfferAcceptance = {
        ...offer!,
        enrollment_id: 41,
        status: 'accepted',
        accepted_at: accepted.accepted_at,
        next_charge: offer!.discounted_price,
        next_charge_date: offer!.discount_starts_at,
      };
      return json(answer, 201);
    },
  } satisfies Record<string, FakeHandler>;
}
