import {
  acceptsTaxNumber,
  taxNumberError,
  validTaxNumber,
  billingCountryError,
  BILLING_COUNTRIES,
  CHECKOUT_MESSAGES,
  isBillingInformationValid,
  isCheckoutUnavailable,
  isCountrySelectDisabled,
  isRememberMeShown,
  PAGE_ROUTES,
  pagePath,
  paymentMethodSelectionError,
  rememberMeDefault,
  secondaryLocationError,
  secondaryLocationFieldOf,
  money,
  taxModeOf,
  type BillingAddressInput,
  type CardField,
  type CheckoutItemData,
  type CheckoutResult,
  type PaymentMethodConfig,
} from '@lectern/domain';
import { Anchor, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { EmptyState } from '../../ui/empty-state';
import { authPath } from '../auth/auth-paths';
import { useCartClient } from '../cart/cart-provider';
import { browserSessionStorage, clearCheckoutList } from '../cart/cart-storage';
import { readCheckoutList } from '../cart/checkout-handoff';
import { useCheckoutTracking } from '../tracking/checkout-events';
import { BillingAddressSection } from './billing-address-section';
import { CARD_FIELDS, cardFieldCode, cardFieldError, EMPTY_CARD, type CardInput } from './card-fields';
import { CheckoutMessageBanner, type CheckoutMessage } from './checkout-message';
import { buildPaymentInfo, CheckoutFailure, failureOf, pay, sdkFor } from './checkout-payment';
import { OrderSummary } from './order-summary';
import { PaymentMethodForm, storedCvcError } from './payment-method-form';
import { PaymentMethodSection } from './payment-method-section';
import {
  arrangeExpressMethod,
  initialMethodKey,
  isStoredMethodValid,
  methodKey,
  methodKindOf,
  type ExpressWallet,
  type MethodKind,
} from './payment-methods';
import type { ProviderWalletEvent } from './provider-sdk';
import { bnplTimelineVariant, isBnplTimelineShown, useBnplExposure } from './use-bnpl-experiment';
import { secondaryLocationFieldError, useCheckoutInfo } from './use-checkout-info';
import { useExpressWallets } from './use-express-wallets';
import { useMethodForms } from './use-method-forms';

type Phase = 'READY' | 'PROCESSING' | 'ACTION';

const NO_FIELDS: Record<CardField, boolean> = { name: false, number: false, expiry: false, cvc: false };
const NO_CODES: Record<CardField, string | null> = { name: null, number: null, expiry: null, cvc: null };

/** `/payment/checkout/`: pays for the frozen checkout list (checkout §1–§9). */
export function CheckoutPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'checkout.pageTitle' }));
  const { me } = useUserContext();
  const [items] = useState<CheckoutItemData[]>(() => readCheckoutList());

  let body;
  if (items.length === 0) {
    body = (
      <EmptyState
        message={<FormattedMessage id="checkout.empty" />}
        linkTo={PAGE_ROUTES.cart}
        linkLabel={<FormattedMessage id="checkout.backToCart" />}
      />
    );
  } else if (!me.is_authenticated) {
    body = (
      <Button component={Link} to={authPath('login', PAGE_ROUTES.checkout)} w="fit-content">
        <FormattedMessage id="checkout.logInToContinue" />
      </Button>
    );
  } else {
    body = <Checkout items={items} />;
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="checkout.heading" />
        </Title>
        {body}
      </Stack>
    </Container>
  );
}

function Checkout({ items }: { items: CheckoutItemData[] }) {
  const api = useApiClient();
  const cart = useCartClient();
  const navigate = useNavigate();
  const { me, brandName: brand, experiment } = useUserContext();
  const { state, reload, changeBilling, showSecondaryLocationError } = useCheckoutInfo(items, true);
  const { methods, summary, status } = state;
  const tracking = useCheckoutTracking(items);

  // Billing address (checkout §4: the server's country first, then the buyer's choice).
  const [country, setCountry] = useState<string | null>(null);
  const [secondary, setSecondary] = useState('');
  const [billingTouched, setBillingTouched] = useState(false);
  // A business buyer's VAT/GST number (optional): sent once it is valid for the country.
  const [taxNumber, setTaxNumber] = useState('');
  const [taxNumberTouched, setTaxNumberTouched] = useState(false);
  const lastTaxNumber = useRef<string | null>(null);
  useEffect(() => {
    if (country !== null || !state.billingConfig) return;
    setCountry(state.billingConfig.country);
    setSecondary(state.billingConfig.secondary_location_info ?? '');
  }, [country, state.billingConfig]);
  const currentCountry = country ?? '';

  // Checkout §4 express wallet: hidden until the provider says this device can pay with one.
  const loadSdk = useCallback((method: PaymentMethodConfig) => sdkFor(method, methods), [methods]);
  const expressMethod = methods.find((method) => methodKindOf(method) === 'express') ?? null;
  const express = useExpressWallets(
    expressMethod,
    summary && currentCountry
      ? {
          country: currentCountry,
          currency: summary.total.currency,
          label: brand,
          amount: summary.total.amount,
        }
      : null,
    loadSdk,
  );

  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  useEffect(() => setSelectedKey((previous) => initialMethodKey(methods, previous)), [methods]);
  const arranged = arrangeExpressMethod(methods, selectedKey, express.wallets);
  useEffect(() => {
    if (arranged.selectedKey !== selectedKey) setSelectedKey(arranged.selectedKey);
  }, [arranged.selectedKey, selectedKey]);
  const selected = arranged.methods.find((method) => methodKey(method) === arranged.selectedKey) ?? null;
  const selectedKind = selected ? methodKindOf(selected) : null;

  const timelineVariant = bnplTimelineVariant(experiment);
  useBnplExposure(selectedKind, selected?.type ?? null, timelineVariant, items);

  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [touched, setTouched] = useState(NO_FIELDS);
  const [providerCodes, setProviderCodes] = useState(NO_CODES);
  const [rememberMe, setRememberMe] = useState<boolean | null>(null);
  const [storedCvc, setStoredCvc] = useState('');
  const [storedCvcTouched, setStoredCvcTouched] = useState(false);
  const forms = useMethodForms();
  const [phase, setPhase] = useState<Phase>('READY');
  const [message, setMessage] = useState<CheckoutMessage | null>(null);
  const dismissMessage = useCallback(() => setMessage(null), []);
  // One reference per purchase attempt: a double click or a retried request finds the same
  // attempt on the server and never charges twice; a failed attempt gets a new one.
  const checkoutRef = useRef<string | null>(null);

  const cardMethod = methods.find((method) => methodKindOf(method) === 'card');
  useEffect(() => {
    if (cardMethod && rememberMe === null) setRememberMe(rememberMeDefault(cardMethod.options));
  }, [cardMethod, rememberMe]);

  const isFree = summary?.is_free ?? false;
  const fullyCredit = summary?.is_fully_paid_by_credit ?? false;
  // While the provider has not said whether a wallet can pay, the hidden express method may
  // still be the one that can: the region is not called unavailable yet.
  const unavailable =
    status === 'DONE' && isCheckoutUnavailable(express.wallets === null ? methods : arranged.methods);
  const billingValid = isBillingInformationValid(currentCountry, secondary);
  const businessTaxNumber = acceptsTaxNumber(currentCountry)
    ? validTaxNumber(currentCountry, taxNumber)
    : null;
  const billing: BillingAddressInput | null = billingValid
    ? {
        country_code: currentCountry,
        secondary_location_info: secondary || null,
        ...(businessTaxNumber ? { tax_number: businessTaxNumber } : {}),
      }
    : null;
  // Known from the country alone, so a reset tax context still knows the total waits for tax.
  const taxExclusive = currentCountry !== '' && taxModeOf(currentCountry) === 'tax_exclusive';
  const busy = phase !== 'READY';

  const showError = (text: string, displayMs = 5_000) =>
    setMessage({ type: 'error', text, displayMs, created: Date.now() });

  const onCountryChange = (next: string) => {
    setCountry(next);
    // Checkout §4: a country change clears the secondary location first.
    setSecondary('');
    setBillingTouched(false);
    setTaxNumber('');
    setTaxNumberTouched(false);
    lastTaxNumber.current = null;
    changeBilling(next, '');
  };
  const onSecondaryChange = (next: string) => {
    setSecondary(next);
    changeBilling(currentCountry, next, businessTaxNumber);
  };
  // The tax is asked for again when the number becomes valid, or stops being.
  const onTaxNumberBlur = () => {
    setTaxNumberTouched(true);
    if (businessTaxNumber !== lastTaxNumber.current) {
      lastTaxNumber.current = businessTaxNumber;
      changeBilling(currentCountry, secondary, businessTaxNumber);
    }
  };

  const cardErrors = Object.fromEntries(
    CARD_FIELDS.map((field) => [field, cardFieldError(field, card, touched[field], providerCodes[field])]),
  ) as Record<CardField, string | null>;

  const renderForm = (method: PaymentMethodConfig) => (
    <PaymentMethodForm
      method={method}
      kind={methodKindOf(method)}
      card={{
        input: card,
        errors: cardErrors,
        onChange: (field, value) => {
          setCard((current) => ({ ...current, [field]: value }));
          setProviderCodes((current) => ({ ...current, [field]: null }));
        },
        onBlur: (field) => setTouched((current) => ({ ...current, [field]: true })),
        rememberMe: isRememberMeShown(method, false) ? (rememberMe ?? true) : null,
        onRememberMeChange: setRememberMe,
      }}
      storedCvc={{
        value: storedCvc,
        error: storedCvcError(storedCvc, storedCvcTouched),
        onChange: setStoredCvc,
        onBlur: () => setStoredCvcTouched(true),
      }}
      forms={forms}
      country={currentCountry}
      total={summary ? money(summary.total.amount, summary.total.currency) : null}
      timelineShown={isBnplTimelineShown(timelineVariant)}
      wallets={express.wallets ?? []}
      onWalletPay={payWithWallet}
      disabled={busy}
    />
  );

  /** Checkout §5 checks before paying; returns the message to show, or null. */
  const validate = (): string | null => {
    const selectionError = paymentMethodSelectionError(selected);
    if (selectionError || !selected) return selectionError;
    if (!isStoredMethodValid(selected, methods)) return CHECKOUT_MESSAGES.storedMethodInvalid;
    if (!isFree) {
      setBillingTouched(true);
      if (!billingValid) return CHECKOUT_MESSAGES.billingCountryAndLocation;
      if (state.secondaryLocationServerError) return CHECKOUT_MESSAGES.billingCountryAndLocation;
    }
    if (selectedKind === 'card' || selectedKind === 'localCard') {
      setTouched({ name: true, number: true, expiry: true, cvc: true });
      if (CARD_FIELDS.some((field) => cardFieldCode(field, card) !== null))
        return CHECKOUT_MESSAGES.missingMethodFields;
    }
    if (selectedKind === 'storedCard' && selected.options.is_cvc_required_on_saved_card) {
      setStoredCvcTouched(true);
      if (!/^\d{3,4}$/.test(storedCvc)) return CHECKOUT_MESSAGES.missingMethodFields;
    }
    return selectedKind ? forms.validate(selected, selectedKind, currentCountry) : null;
  };

  /**
   * Pays with the selected method: builds its payment context, submits it and follows the
   * answer (checkout §4). A wallet payment also tells the pay sheet how it ended (checkout §8:
   * a failed wallet confirmation marks the express payment failed).
   */
  const runPayment = async (method: PaymentMethodConfig, kind: MethodKind, wallet?: ProviderWalletEvent) => {
    setPhase('PROCESSING');
    try {
      const paymentInfo = await buildPaymentInfo({
        method,
        kind,
        methods,
        card,
        rememberMe: isRememberMeShown(method, false) ? (rememberMe ?? true) : null,
        storedCvc,
        billing,
        buyer: me.is_authenticated
          ? { name: `${me.name} ${me.surname}`.trim() || me.display_name, email: me.email }
          : undefined,
        bnplAddress: forms.bnplAddress.input,
        localCard: forms.localCard.input,
        hosted: forms.hosted.input(method),
        walletPaymentMethod: wallet?.paymentMethod,
      });
      checkoutRef.current ??= crypto.randomUUID();
      const ref = checkoutRef.current;
      tracking.submitted({
        chargeType: isFree ? 'free' : 'paid',
        paymentMethod: method.type,
        checkoutRef: ref,
      });
      const accepted = (result: CheckoutResult) =>
        tracking.attemptAccepted(result.data.payment_attempt_id, {
          paymentMethod: method.type,
          checkoutRef: ref,
        });
      const result = await pay({
        api,
        items,
        checkoutRef: ref,
        billing: isFree ? null : billing,
        paymentInfo,
        expectedTotal: summary ? { amount: summary.total.amount, currency: summary.total.currency } : null,
        sdk: () => sdkFor(method, methods),
        onAction: () => setPhase('ACTION'),
        onLeave: accepted,
      });
      if (result.status === 'succeeded') {
        wallet?.complete('success');
        accepted(result);
        clearCheckoutList(browserSessionStorage());
        cart.refetch().catch((error: unknown) => reportError(error, { step: 'cart-after-checkout' }));
        await navigate(
          result.data.redirect_url ??
            pagePath('checkoutSuccess', { gatewayTransactionId: result.data.payment_attempt_id }),
        );
        return;
      }
      // The browser is on its way to the provider's or the success page.
      if (result.status === 'redirect' && result.data.return_url) return;
      checkoutRef.current = null;
      throw result.status === 'failed'
        ? failureOf(result)
        : new CheckoutFailure(CHECKOUT_MESSAGES.methodProblem, 10_000);
    } catch (error) {
      wallet?.complete('fail');
      if (error instanceof CheckoutFailure) {
        if (error.field)
          setProviderCodes((current) => ({ ...current, [error.field!.name]: error.field!.code }));
        showError(error.text, error.displayMs);
      } else {
        reportError(error, { step: 'checkout-submit' });
        // A 4xx is final for this attempt; after a network failure the same reference is
        // sent again, so the server can find the attempt that may already exist.
        if (isApiError(error) && error.isParsedError && (error.statusCode ?? 500) < 500)
          checkoutRef.current = null;
        const locationError = secondaryLocationFieldError(error);
        if (locationError) showSecondaryLocationError(locationError);
        // The order changed since it was shown (its price, the credit it uses, a purchase in
        // another tab): nothing was charged; the summary is reloaded so the buyer sees what is
        // true now, and the server's message says what happened.
        if (isApiError(error) && error.statusCode === 409) void reload(billing ?? undefined);
        showError(isApiError(error) && error.isParsedError ? error.detail : CHECKOUT_MESSAGES.orderProblem);
      }
      setPhase('READY');
    }
  };

  const completeCheckout = () => {
    setMessage(null);
    const problem = validate();
    if (problem || !selected || !selectedKind) {
      showError(problem ?? CHECKOUT_MESSAGES.noMethod);
      return;
    }
    void runPayment(selected, selectedKind);
  };

  /**
   * Checkout §8: a wallet button runs the checkout's checks first (billing address…) and shows
   * a failure as an error message; then the wallet's pay sheet opens, and its card pays.
   */
  function payWithWallet(wallet: ExpressWallet) {
    setMessage(null);
    const problem = validate();
    const request = express.request;
    if (problem || !selected || selectedKind !== 'express' || !request || !summary) {
      showError(problem ?? CHECKOUT_MESSAGES.methodProblem);
      return;
    }
    const method = selected;
    const onPaymentMethod = (event: ProviderWalletEvent) => {
      detach();
      void runPayment(method, 'express', event);
    };
    const detach = () => {
      request.off('paymentmethod', onPaymentMethod);
      request.off('cancel', detach);
    };
    request.update({ total: { label: brand, amount: summary.total.amount } });
    request.on('paymentmethod', onPaymentMethod);
    request.on('cancel', detach);
    request.show(wallet);
  }

  if (status === 'ERROR') {
    return (
      <LoadErrorAlert
        message={state.loadError ?? CHECKOUT_MESSAGES.configLoadFailed}
        onRetry={() => void reload(billing ?? undefined)}
        testId="checkout-load-error"
      />
    );
  }

  const secondaryField = secondaryLocationFieldOf(currentCountry);
  const countries = BILLING_COUNTRIES;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="xl">
          {!isFree && status === 'DONE' && (
            <BillingAddressSection
              countries={countries}
              country={currentCountry}
              secondaryLocation={secondary}
              field={secondaryField}
              countryError={billingTouched ? billingCountryError(currentCountry) : null}
              secondaryLocationError={
                state.secondaryLocationServerError ??
                (billingTouched ? secondaryLocationError(currentCountry, secondary) : null)
              }
              countryDisabled={isCountrySelectDisabled(countries.length, unavailable)}
              disabled={busy}
              onCountryChange={onCountryChange}
              onSecondaryLocationChange={onSecondaryChange}
              onSecondaryLocationBlur={() => setBillingTouched(true)}
              taxNumber={taxNumber}
              taxNumberError={
                taxNumberTouched && taxNumber.trim() ? taxNumberError(currentCountry, taxNumber) : null
              }
              onTaxNumberChange={setTaxNumber}
              onTaxNumberBlur={onTaxNumberBlur}
            />
          )}
          <PaymentMethodSection
            status={status}
            methods={arranged.methods}
            unavailable={unavailable}
            showSecureTooltip={!isFree && !fullyCredit}
            selectedKey={arranged.selectedKey}
            onSelect={setSelectedKey}
            renderForm={renderForm}
            disabled={busy}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {summary && (
              <OrderSummary
                summary={summary}
                taxLoading={state.taxStatus === 'LOADING'}
                taxKnown={billingValid && state.taxConfig !== null && !state.taxConfig.error}
                taxExclusive={taxExclusive}
              />
            )}
            <CheckoutMessageBanner message={message} onDismiss={dismissMessage} />
            {phase === 'ACTION' && (
              <Text size="sm" role="status">
                <FormattedMessage id="checkout.action" />
              </Text>
            )}
            {/* The wallet buttons are the express method's checkout buttons. */}
            {selectedKind !== 'express' && (
              <Button
                size="lg"
                fullWidth
                loading={busy}
                disabled={status !== 'DONE' || unavailable}
                onClick={completeCheckout}
              >
                <FormattedMessage id="checkout.complete" />
              </Button>
            )}
            <Text size="xs" c="dimmed" data-testid="checkout-terms">
              <FormattedMessage
                id="checkout.legal.terms"
                values={{
                  terms: (chunks: ReactNode) => <LegalLink to={PAGE_ROUTES.terms}>{chunks}</LegalLink>,
                  refund: (chunks: ReactNode) => (
                    <LegalLink to={PAGE_ROUTES.refundPolicy}>{chunks}</LegalLink>
                  ),
                }}
              />
            </Text>
            {currentCountry === 'JP' && (
              <Stack gap={4} data-testid="jp-notices">
                <Text size="xs">
                  <FormattedMessage
                    id="checkout.jp.refund"
                    values={{
                      link: (chunks: ReactNode) => (
                        <LegalLink to={PAGE_ROUTES.refundPolicy}>{chunks}</LegalLink>
                      ),
                    }}
                  />
                </Text>
                <Text size="xs">
                  <FormattedMessage
                    id="checkout.jp.commercialTransactions"
                    values={{
                      link: (chunks: ReactNode) => (
                        <LegalLink to={PAGE_ROUTES.commercialTransactions}>{chunks}</LegalLink>
                      ),
                    }}
                  />
                </Text>
              </Stack>
            )}
            <Anchor component={Link} to={PAGE_ROUTES.cart} size="sm">
              <FormattedMessage id="checkout.backToCart" />
            </Anchor>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** A legal page linked from the checkout (checkout §2), in a new tab so the form keeps what was typed. */
function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor href={to} target="_blank" rel="noopener" inherit underline="always">
      {children}
    </Anchor>
  );
}
