import {
  BILLING_COUNTRIES,
  FREE_TRIAL_LIMIT_RELOAD_MS,
  PAGE_ROUTES,
  SUBSCRIPTION_MESSAGES,
  isTaxNumberEnabled,
  paymentErrorMessage,
  secondaryLocationError,
  secondaryLocationFieldOf,
  subscriptionBillingErrors,
  teamPlanCardNameError,
  type CardField,
  type CheckoutResult,
  type PlanLicenseLimits,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useBrandName, useUserContext } from '../../app/user-context/user-context-provider';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import { BillingAddressSection } from '../checkout/billing-address-section';
import { CardForm } from '../checkout/card-form';
import { CARD_FIELDS, EMPTY_CARD, cardFieldError, type CardInput } from '../checkout/card-fields';
import { buildPaymentInfo, sdkFor } from '../checkout/checkout-payment';
import { CheckoutMessageBanner, type CheckoutMessage } from '../checkout/checkout-message';
import { methodKindOf } from '../checkout/payment-methods';
import { LicensePicker, type LicenseChoice } from './license-picker';
import {
  fetchCurrentEnrollment,
  fetchPlans,
  fetchSubscriptionInfo,
  submitSubscription,
  submitSubscriptionResult,
  type SubscriptionSubmitEvent,
} from './subscription-api';
import { SubscriptionSummary } from './subscription-summary';
import { useSubscriptionTracking } from './subscription-tracking';

/** Which purchase a checkout page makes (team-plan §2 routes, checkout §1 products). */
export type SubscriptionPurchase = 'team' | 'upsell' | 'resubscribe' | 'personal';

/** Team-plan §4 checkout status. */
type CheckoutStatus = 'LOADING' | 'READY' | 'PROCESSING' | 'REDIRECTING' | 'COMPLETE';

const DEMO_URL = 'https://business.example.com/request-demo/?ref=indupgrade';

interface BillingForm {
  country: string;
  zip: string;
  customerName: string;
  line1: string;
  line2: string;
  taxNumber: string;
}

/**
 * The Team Plan checkout (`/payment/checkout-teamplan/`), its license upsell and resubscribe
 * pages, and the Personal Plan checkout: the server prices every change (checkout-info with
 * `checkout_environment: 'Subscription'`); the card goes to the provider's SDK, and a trial
 * stores it without charging.
 */
export function SubscriptionCheckoutPage({ purchase }: { purchase: SubscriptionPurchase }) {
  const intl = useIntl();
  const brand = useBrandName();
  const context = useUserContext();
  const me = context.me;
  const title =
    purchase === 'upsell'
      ? SUBSCRIPTION_MESSAGES.buyLicensesTitle
      : purchase === 'resubscribe'
        ? SUBSCRIPTION_MESSAGES.resubscribeTitle(brand)
        : purchase === 'personal'
          ? SUBSCRIPTION_MESSAGES.personalPlanName
          : SUBSCRIPTION_MESSAGES.buyTeamPlanTitle(brand);
  usePageTitle(title);
  if (!me.is_authenticated) {
    const next = `${window.location.pathname}${window.location.search}`;
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>{title}</Title>
          <Button component={Link} to={authPath('login', next)} w="fit-content">
            {intl.formatMessage({ id: 'common.logInToSee' })}
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <SignedInCheckout
      purchase={purchase}
      title={title}
      brand={brand}
      defaultCountry={context.request?.price_country ?? 'US'}
    />
  );
}

function SignedInCheckout({
  purchase,
  title,
  brand,
  defaultCountry,
}: {
  purchase: SubscriptionPurchase;
  title: string;
  brand: string;
  defaultCountry: string;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const team = purchase !== 'personal';
  const tracking = useSubscriptionTracking(purchase);

  // The plan's options (annual first) and, for upsell and resubscribe, the enrollment to change.
  const plans = useQuery({
    queryKey: ['subscription-plans', team ? 'TEAM' : 'CONSUMERSUBSCRIPTION'],
    queryFn: () => fetchPlans(api, team ? 'TEAM' : 'CONSUMERSUBSCRIPTION'),
  });
  const needsEnrollment = purchase === 'upsell' || purchase === 'resubscribe';
  const enrollment = useQuery({
    queryKey: ['current-subscription-enrollment'],
    queryFn: () => fetchCurrentEnrollment(api),
    enabled: needsEnrollment,
  });
  const options = plans.data?.[0]?.priceOptions ?? [];
  const [chosenOption, setChosenOption] = useState<string | null>(search.get('option'));
  const option =
    options.find(
      (candidate) => candidate.id === (needsEnrollment ? enrollment.data?.priceOptionId : chosenOption),
    ) ??
    options.find((candidate) => candidate.renewalInterval.type === 'YEAR') ??
    options[0];
  const limits: PlanLicenseLimits | null = option?.licenseContext
    ? {
        defaultLicenseCount: option.licenseContext.defaultLicenseCount,
        minimumLicenseCount: option.licenseContext.minimumLicenseCount,
        maximumLicenseCount: option.licenseContext.maximumLicenseCount,
      }
    : null;
  const current = enrollment.data?.licenseCount ?? 0;
  const [licenses, setLicenses] = useState<LicenseChoice | null>(null);
  const licenseChoice: LicenseChoice =
    licenses ?? (purchase === 'upsell' ? 1 : (limits?.defaultLicenseCount ?? 1));

  const [billing, setBilling] = useState<BillingForm>({
    country: defaultCountry,
    zip: '',
    customerName: '',
    line1: '',
    line2: '',
    taxNumber: '',
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [cardTouched, setCardTouched] = useState<Record<CardField, boolean>>({
    name: false,
    number: false,
    expiry: false,
    cvc: false,
  });
  const [status, setStatus] = useState<CheckoutStatus>('READY');
  const [message, setMessage] = useState<CheckoutMessage | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const checkoutRef = useRef<string | null>(null);

  const event =
    purchase === 'upsell' ? 'UpsellInfo' : purchase === 'resubscribe' ? 'ResubscribeSubmit' : 'Info';
  const submitEvent: SubscriptionSubmitEvent =
    purchase === 'upsell' ? 'UpsellSubmit' : purchase === 'resubscribe' ? 'ResubscribeSubmit' : 'Submit';
  const reference = enrollment.data?.checkoutReference;
  const seats = licenseChoice === 'more' ? null : licenseChoice;
  const zipField = secondaryLocationFieldOf(billing.country);
  const locationReady = !zipField || !secondaryLocationError(billing.country, billing.zip);
  const item = option
    ? {
        buyable: {
          id: option.id,
          buyable_object_type: 'subscription_plan_price_option' as const,
          ...(needsEnrollment && reference ? { checkout_ref: reference } : {}),
        },
        ...(team && seats !== null ? { requested_seat_count: seats } : {}),
      }
    : null;
  const info = useQuery({
    queryKey: ['subscription-info', event, item, billing.country, locationReady ? billing.zip : ''],
    queryFn: ({ signal }) =>
      fetchSubscriptionInfo(
        api,
        {
          checkout_event: event,
          items: [item!],
          ...(purchase === 'upsell'
            ? {}
            : {
                billing_address: {
                  country_code: billing.country,
                  ...(zipField && locationReady ? { secondary_location_info: billing.zip } : {}),
                },
              }),
        },
        signal,
      ),
    enabled: item !== null && seats !== null && (!needsEnrollment || !!reference),
    placeholderData: (previous) => previous,
  });
  const summary = info.data?.data.subscription_summary;
  const methods = useMemo(() => info.data?.data.checkout_config?.payment_methods ?? [], [info.data]);
  const method = methods.find((candidate) => candidate.selected) ?? methods[0];
  const kind = method ? methodKindOf(method) : null;
  const needsCardForm = kind === 'card';

  useEffect(() => {
    tracking.started();
  }, [tracking]);

  const billingErrors = subscriptionBillingErrors(
    {
      customer_name: billing.customerName,
      address_line1: billing.line1,
      address_line2: billing.line2,
      tax_number: billing.taxNumber,
    },
    billing.country,
    team,
  );
  const showBilling = purchase !== 'upsell';
  const cardErrors = Object.fromEntries(
    CARD_FIELDS.map((field) => {
      if (field === 'name') {
        return [field, cardTouched.name ? teamPlanCardNameError(card.name, billing.country) : null];
      }
      return [field, cardFieldError(field, card, cardTouched[field], null)];
    }),
  ) as Record<CardField, string | null>;

  const regionRestricted = summary?.region_restricted ?? false;
  const loading =
    plans.isPending || (needsEnrollment && enrollment.isPending) || (!summary && info.isFetching);
  const available =
    status === 'READY' && !!summary && !info.isFetching && !regionRestricted && seats !== null;

  if (plans.isError || enrollment.isError || info.isError) {
    const error = plans.error ?? enrollment.error ?? info.error;
    return (
      <Container size="md" py="xl">
        <Stack>
          <Title order={1}>{title}</Title>
          <Alert color="red" role="alert">
            {isApiError(error) && error.statusCode === 403 ? error.detail : SUBSCRIPTION_MESSAGES.loadFailed}
          </Alert>
        </Stack>
      </Container>
    );
  }
  if (needsEnrollment && enrollment.isSuccess && !enrollment.data) {
    return (
      <Container size="md" py="xl">
        <Stack>
          <Title order={1}>{title}</Title>
          <Text>There is no Team Plan to change yet.</Text>
          <Anchor component={Link} to={PAGE_ROUTES.teamPlanCheckout}>
            Buy a Team Plan
          </Anchor>
        </Stack>
      </Container>
    );
  }

  const showMessage = (next: Omit<CheckoutMessage, 'created'>) =>
    setMessage({ ...next, created: Date.now() });

  async function finish(result: CheckoutResult) {
    if (result.status === 'succeeded') {
      setStatus(purchase === 'upsell' ? 'COMPLETE' : 'REDIRECTING');
      tracking.submitted(summary?.due_today.total ? 'paid' : 'free');
      showMessage({ type: 'success', text: result.message ?? '', displayMs: 5000 });
      await queryClient.invalidateQueries({ queryKey: ['current-subscription-enrollment'] });
      void navigate(result.data.redirect_url ?? PAGE_ROUTES.manageSubscriptions, {
        state: { message: result.message },
      });
      return;
    }
    if (result.status === 'redirect') {
      if (!result.data.return_url) throw new Error(SUBSCRIPTION_MESSAGES.returnUrlMissing);
      setStatus('REDIRECTING');
      window.location.assign(result.data.return_url);
      return;
    }
    if (result.status === 'action_required' && method && result.data.client_secret) {
      const sdk = await sdkFor(method, methods);
      const outcome =
        result.data.authentication_type === 'setup'
          ? await sdk.confirmCardSetup(result.data.client_secret, {
              ...(result.data.payment_method_id ? { payment_method: result.data.payment_method_id } : {}),
            })
          : await sdk.handleCardAction(result.data.client_secret);
      if (outcome.error) {
        fail('initial_authentication_or_charge_for_subscription_failed');
        return;
      }
      await finish(await submitSubscriptionResult(api, submitEvent, result));
      return;
    }
    fail(result.error_code ?? 'card_declined');
  }

  function fail(code: string) {
    const text = paymentErrorMessage(code);
    setStatus('READY');
    checkoutRef.current = null;
    showMessage({ type: 'error', text: text.text, displayMs: text.displayMs });
    // Team-plan §4: after this one the page reloads, 5 seconds later.
    if (code === 'card_already_used_for_free_trial')
      setTimeout(() => window.location.reload(), FREE_TRIAL_LIMIT_RELOAD_MS);
  }

  async function submit() {
    setTouched({ customer_name: true, address_line1: true, zip: true });
    setCardTouched({ name: true, number: true, expiry: true, cvc: true });
    if (!summary || !method || !kind || !item) return;
    if (showBilling && (Object.keys(billingErrors).length > 0 || !locationReady)) return;
    if (
      needsCardForm &&
      CARD_FIELDS.some(
        (field) =>
          cardFieldError(field, card, true, null) ||
          (field === 'name' && teamPlanCardNameError(card.name, billing.country)),
      )
    ) {
      return;
    }
    setStatus('PROCESSING');
    setFieldErrors({});
    checkoutRef.current ??= crypto.randomUUID();
    try {
      const billingAddress = showBilling
        ? {
            country_code: billing.country,
            ...(zipField ? { secondary_location_info: billing.zip } : {}),
            address_line1: billing.line1,
            ...(billing.line2 ? { address_line2: billing.line2 } : {}),
            ...(team ? { customer_name: billing.customerName } : {}),
            ...(billing.taxNumber && isTaxNumberEnabled(billing.country)
              ? { tax_number: billing.taxNumber }
              : {}),
          }
        : undefined;
      const paymentInfo = await buildPaymentInfo({
        method,
        kind,
        methods,
        card,
        rememberMe: null,
        storedCvc: '',
        billing: billingAddress
          ? {
              country_code: billingAddress.country_code,
              secondary_location_info: billingAddress.secondary_location_info ?? null,
            }
          : null,
      });
      const result = await submitSubscription(api, {
        checkout_event: submitEvent,
        checkout_ref: checkoutRef.current,
        items: [item],
        ...(billingAddress ? { billing_address: billingAddress } : {}),
        payment_info: paymentInfo,
        expected_total: { amount: summary.due_today.total, currency: summary.currency },
      });
      await finish(result);
    } catch (error) {
      setStatus('READY');
      checkoutRef.current = null;
      if (isApiError(error)) {
        const errors = Object.fromEntries(
          Object.entries(error.fieldErrors ?? {}).map(([field, messages]) => [
            field.replace(/^billing_address\./, ''),
            messages[0] ?? '',
          ]),
        );
        setFieldErrors(errors);
        if (error.statusCode === 409) void info.refetch();
        showMessage({ type: 'error', text: error.detail, displayMs: 10_000 });
        return;
      }
      reportError(error, { step: 'subscription-submit' });
      showMessage({
        type: 'error',
        text: error instanceof Error && error.message ? error.message : paymentErrorMessage('n/a').text,
        displayMs: 10_000,
      });
    }
  }

  const errorOf = (field: keyof typeof billingErrors | 'zip', shown: boolean) =>
    fieldErrors[field === 'zip' ? 'secondary_location_info' : field] ??
    (shown ? (billingErrors[field] ?? null) : null);
  const locale = intl.locale;
  const trial = (summary?.trial_days ?? 0) > 0;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {purchase === 'personal' && <Text size="lg">{SUBSCRIPTION_MESSAGES.personalPlanTagline}</Text>}
        {regionRestricted && (
          <Alert
            color="red"
            role="alert"
            title={
              purchase === 'upsell'
                ? SUBSCRIPTION_MESSAGES.regionRestrictedLicenses
                : SUBSCRIPTION_MESSAGES.regionRestrictedNew(brand)
            }
            data-testid="region-restriction"
          >
            <Stack gap="xs">
              <Text>{SUBSCRIPTION_MESSAGES.regionRestrictedBody}</Text>
              <Anchor href={DEMO_URL} target="_blank" rel="noreferrer">
                {SUBSCRIPTION_MESSAGES.requestDemo}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <CheckoutMessageBanner message={message} onDismiss={() => setMessage(null)} />
        {loading && !summary ? (
          <PageLoader label="Loading the checkout" />
        ) : (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                {!needsEnrollment && options.length > 1 && (
                  <SegmentedControl
                    aria-label="Billing interval"
                    value={option?.id ?? ''}
                    onChange={(value) => {
                      setChosenOption(value);
                      tracking.selected(value);
                    }}
                    data={options.map((candidate) => ({
                      value: candidate.id,
                      label: candidate.renewalInterval.type === 'YEAR' ? 'Annual' : 'Monthly',
                    }))}
                  />
                )}
                {team && limits && (
                  <LicensePicker
                    plan={limits}
                    purchase={
                      purchase === 'upsell' ? 'upsell' : purchase === 'resubscribe' ? 'resubscribe' : 'new'
                    }
                    current={current}
                    value={licenseChoice}
                    onChange={setLicenses}
                    disabled={status !== 'READY'}
                  />
                )}
                {seats !== null && showBilling && (
                  <Stack gap="sm">
                    <BillingAddressSection
                      countries={BILLING_COUNTRIES}
                      country={billing.country}
                      secondaryLocation={billing.zip}
                      field={zipField}
                      countryError={null}
                      secondaryLocationError={
                        fieldErrors.secondary_location_info ??
                        (touched.zip ? secondaryLocationError(billing.country, billing.zip) : null) ??
                        info.data?.data.tax_config?.error ??
                        null
                      }
                      countryDisabled={false}
                      disabled={status !== 'READY'}
                      onCountryChange={(country) =>
                        setBilling((previous) => ({ ...previous, country, zip: '' }))
                      }
                      onSecondaryLocationChange={(zip) => setBilling((previous) => ({ ...previous, zip }))}
                      onSecondaryLocationBlur={() => setTouched((previous) => ({ ...previous, zip: true }))}
                    />
                    {team && (
                      <TextInput
                        label="Company name"
                        required
                        maxLength={256}
                        value={billing.customerName}
                        error={errorOf('customer_name', touched.customer_name === true)}
                        onBlur={() => setTouched((previous) => ({ ...previous, customer_name: true }))}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setBilling((previous) => ({ ...previous, customerName: value }));
                        }}
                      />
                    )}
                    <TextInput
                      label="Address line 1"
                      required
                      maxLength={256}
                      autoComplete="address-line1"
                      value={billing.line1}
                      error={errorOf('address_line1', !!touched.address_line1)}
                      onBlur={() => setTouched((previous) => ({ ...previous, address_line1: true }))}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setBilling((previous) => ({ ...previous, line1: value }));
                      }}
                    />
                    <TextInput
                      label="Address line 2 (optional)"
                      maxLength={256}
                      autoComplete="address-line2"
                      value={billing.line2}
                      error={errorOf('address_line2', true)}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setBilling((previous) => ({ ...previous, line2: value }));
                      }}
                    />
                    {isTaxNumberEnabled(billing.country) && (
                      <TextInput
                        label="Tax/VAT ID (optional)"
                        maxLength={10}
                        value={billing.taxNumber}
                        error={errorOf('tax_number', true)}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setBilling((previous) => ({ ...previous, taxNumber: value }));
                        }}
                      />
                    )}
                  </Stack>
                )}
                {seats !== null && needsCardForm && (
                  <Stack gap="sm" component="section" aria-labelledby="payment-heading">
                    <Title order={2} size="h4" id="payment-heading">
                      Payment method
                    </Title>
                    <CardForm
                      input={card}
                      errors={cardErrors}
                      onChange={(field, value) => setCard((previous) => ({ ...previous, [field]: value }))}
                      onBlur={(field) => setCardTouched((previous) => ({ ...previous, [field]: true }))}
                      brands={method?.options.brand_codes ?? []}
                      rememberMe={null}
                      onRememberMeChange={() => {}}
                      storedForSubscription
                      nameLast={team}
                      disabled={status !== 'READY'}
                    />
                  </Stack>
                )}
                {seats !== null && kind === 'storedCard' && method && (
                  <Text>Charged to the stored card: {method.name}</Text>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              {summary && seats !== null && (
                <Stack gap="md">
                  <SubscriptionSummary
                    summary={summary}
                    locale={locale}
                    upsell={purchase === 'upsell'}
                    licensed={team}
                  />
                  <Button
                    size="lg"
                    data-testid="checkout-submit"
                    disabled={!available}
                    loading={status === 'PROCESSING' || status === 'REDIRECTING'}
                    onClick={() => void submit()}
                  >
                    {purchase === 'upsell' ? 'Add licenses' : trial ? 'Start free trial' : 'Pay now'}
                  </Button>
                </Stack>
              )}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
