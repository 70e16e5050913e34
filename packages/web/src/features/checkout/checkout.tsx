import {
  acceptsTaxNumber,
  taxNumberError,
  validTaxNumber,
  billingCountryError,
  BILLING_COUNTRIES,
  guestEmailError,
  CHECKOUT_MESSAGES,
  isBillingInformationValid,
  isCheckoutUnavailable,
  isCountrySelectDisabled,
  isRememberMeShown,
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
  type PaymentAttemptOutcome,
  type PaymentMethodConfig,
} from '@lectern/domain';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useRefreshAfterAuthChange, useUserContext } from '../../app/user-context/use-user-context';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { useNavigation } from '../../platform/navigation/navigation';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PlainLoader, PlainTextField } from '../../ui/plain-form';
import { useCartClient } from '../cart/cart-provider';
import { browserSessionStorage, clearCheckoutList } from '../cart/cart-storage';
import { useCheckoutTracking } from '../tracking/checkout-events';
import { BillingAddressSection } from './billing-address-section';
import { CARD_FIELDS, cardFieldCode, cardFieldError, EMPTY_CARD, type CardInput } from './card-fields';
import type { CheckoutMessage } from './checkout-message';
import { CheckoutOrderPanel } from './checkout-order-panel';
import classes from './checkout.module.css';
import { logPaymentAttempt } from './checkout-api';
import { buildPaymentInfo, CheckoutFailure, failureOf, pay, sdkFor } from './checkout-payment';
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
import {
  bnplExperimentId,
  bnplTimelineVariant,
  isBnplTimelineShown,
  useBnplExposure,
} from './use-bnpl-experiment';
import { secondaryLocationFieldError, useCheckoutInfo } from './use-checkout-info';
import { useExpressWallets } from './use-express-wallets';
import { GiftRecipientFields } from './gift-recipient-fields';
import { clearGiftRecipients } from './gift-recipients';
import { useGiftRecipients } from './use-gift-recipients';
import { useMethodForms } from './use-method-forms';

/** How long the first page waits for the provider to say whether a wallet can pay. */
const WALLET_ANSWER_WAIT_MS = 3_000;

export type CheckoutPhase = 'READY' | 'PROCESSING' | 'ACTION';

/** The order panel's way back: the cart, or the course an express checkout came from. */
export interface CheckoutBackLink {
  to: string;
  label: ReactNode;
}

const NO_FIELDS: Record<CardField, boolean> = { name: false, number: false, expiry: false, cvc: false };
const NO_CODES: Record<CardField, string | null> = { name: null, number: null, expiry: null, cvc: null };

/**
 * Pays for the frozen checkout list (checkout §1–§9): the billing address, the payment
 * methods with their forms, and the order panel with its one checkout button. A `guest`
 * (team-plan §6, a visitor in the guest-checkout experiment) also gives an e-mail, and the
 * guest variants of info and submit make the account the courses go to.
 */
export function Checkout({
  items,
  guest = false,
  backLink,
}: {
  items: CheckoutItemData[];
  guest?: boolean;
  /** Where "back" leads; the cart by default. */
  backLink?: CheckoutBackLink;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const cart = useCartClient();
  const { navigate } = useNavigation();
  const { me, brandName: brand, experiment } = useUserContext();
  const refreshAfterAuthChange = useRefreshAfterAuthChange();
  const { state, reload, changeBilling, showSecondaryLocationError } = useCheckoutInfo(items, true, guest);
  const [guestEmail, setGuestEmail] = useState('');
  const [guestEmailTouched, setGuestEmailTouched] = useState(false);
  const [guestEmailServerError, setGuestEmailServerError] = useState<string | null>(null);
  const guestEmailMessage = guestEmailServerError ?? (guestEmailTouched ? guestEmailError(guestEmail) : null);
  const { methods, summary, status } = state;
  const tracking = useCheckoutTracking(items);
  // Who each gift line is for (gift-recipients.ts): checked before paying, sent with the submit.
  const gifts = useGiftRecipients(items);

  // Billing address (checkout §4: the server's country first, then the buyer's choice).
  const [country, setCountry] = useState<string | null>(null);
  const [chosenSecondary, setSecondary] = useState('');
  const [billingTouched, setBillingTouched] = useState(false);
  // A business buyer's VAT/GST number (optional): sent once it is valid for the country.
  const [taxNumber, setTaxNumber] = useState('');
  const [taxNumberTouched, setTaxNumberTouched] = useState(false);
  const lastTaxNumber = useRef<string | null>(null);
  // Until the buyer changes them, the server's address is shown; their first change (or a tax
  // number sent) pins it, so no later answer of the server moves what they see.
  const currentCountry = country ?? state.billingConfig?.country ?? '';
  const secondary = country === null ? (state.billingConfig?.secondary_location_info ?? '') : chosenSecondary;
  const pinAddress = () => {
    if (country !== null) return;
    setCountry(currentCountry);
    setSecondary(secondary);
  };

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

  // The provider's first wallet answer is awaited (no method moves when it comes), for at
  // most WALLET_ANSWER_WAIT_MS: a provider that does not answer hides no other method.
  const [walletWaitOver, setWalletWaitOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWalletWaitOver(true), WALLET_ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const walletsPending =
    expressMethod !== null &&
    express.wallets === null &&
    summary !== null &&
    currentCountry !== '' &&
    !walletWaitOver;

  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  useEffect(() => setSelectedKey((previous) => initialMethodKey(methods, previous)), [methods]);
  // The first answer's method is selected in the same render (no frame without a selection).
  const arranged = arrangeExpressMethod(methods, initialMethodKey(methods, selectedKey), express.wallets);
  useEffect(() => {
    if (arranged.selectedKey !== selectedKey) setSelectedKey(arranged.selectedKey);
  }, [arranged.selectedKey, selectedKey]);
  const selected = arranged.methods.find((method) => methodKey(method) === arranged.selectedKey) ?? null;
  const selectedKind = selected ? methodKindOf(selected) : null;

  const timelineVariant = bnplTimelineVariant(experiment);
  useBnplExposure(selectedKind, selected?.type ?? null, timelineVariant, items, bnplExperimentId(experiment));

  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [touched, setTouched] = useState(NO_FIELDS);
  const [providerCodes, setProviderCodes] = useState(NO_CODES);
  const [rememberMe, setRememberMe] = useState<boolean | null>(null);
  const [storedCvc, setStoredCvc] = useState('');
  const [storedCvcTouched, setStoredCvcTouched] = useState(false);
  const forms = useMethodForms();
  const [phase, setPhase] = useState<CheckoutPhase>('READY');
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
    pinAddress();
    setSecondary(next);
    changeBilling(currentCountry, next, businessTaxNumber);
  };
  // The tax is asked for again when the number becomes valid, or stops being.
  const onTaxNumberBlur = () => {
    setTaxNumberTouched(true);
    if (businessTaxNumber !== lastTaxNumber.current) {
      pinAddress();
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
        rememberMe: !guest && isRememberMeShown(method, false) ? (rememberMe ?? true) : null,
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
    if (guest) {
      setGuestEmailTouched(true);
      const emailProblem = guestEmailError(guestEmail);
      if (emailProblem) return emailProblem;
    }
    if (!gifts.validate()) return intl.formatMessage({ id: 'checkout.gift.checkDetails' });
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
        // A guest's new account keeps no card: nothing to remember.
        rememberMe: !guest && isRememberMeShown(method, false) ? (rememberMe ?? true) : null,
        storedCvc,
        billing,
        buyer: me.is_authenticated
          ? { name: `${me.name} ${me.surname}`.trim() || me.display_name, email: me.email }
          : guest
            ? { name: '', email: guestEmail.trim().toLowerCase() }
            : undefined,
        bnplAddress: forms.bnplAddress.input,
        localCard: forms.localCard.input,
        hosted: forms.hosted.input(method),
        walletPaymentMethod: wallet?.paymentMethod,
      });
      checkoutRef.current ??= crypto.randomUUID();
      const ref = checkoutRef.current;
      const log = (outcome: PaymentAttemptOutcome, errorCode?: string | null) =>
        logPaymentAttempt(api, {
          payment_method: method.type,
          outcome,
          checkout_ref: ref,
          ...(errorCode ? { error_code: errorCode } : {}),
        });
      log('submitted');
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
        gifts: gifts.values,
        checkoutRef: ref,
        billing: isFree ? null : billing,
        paymentInfo,
        expectedTotal: summary ? { amount: summary.total.amount, currency: summary.total.currency } : null,
        sdk: () => sdkFor(method, methods),
        onAction: () => {
          log('action_required');
          setPhase('ACTION');
        },
        onLeave: accepted,
        ...(guest ? { guestEmail: guestEmail.trim() } : {}),
      });
      if (result.status === 'succeeded' || result.status === 'failed') log(result.status, result.error_code);
      if (result.status === 'succeeded') {
        wallet?.complete('success');
        accepted(result);
        clearCheckoutList(browserSessionStorage());
        clearGiftRecipients(browserSessionStorage());
        cart.refetch().catch((error: unknown) => reportError(error, { step: 'cart-after-checkout' }));
        // A guest's paid submit may have signed this device in (an account it made, decision
        // 0030): the pages after know it. Otherwise the success page reads the receipt by the pass.
        if (guest) await refreshAfterAuthChange();
        navigate(
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
        const emailError = isApiError(error) ? error.fieldErrors.email?.[0] : undefined;
        if (emailError) setGuestEmailServerError(emailError);
        gifts.showServerErrors(error);
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

  // The first answer shows the billing address, the methods and the order at once, with the
  // express method in its place if the provider says this device can pay with a wallet.
  if (status === 'INIT' || status === 'LOADING' || walletsPending) {
    return <PlainLoader label={intl.formatMessage({ id: 'checkout.methods.loading' })} />;
  }

  const secondaryField = secondaryLocationFieldOf(currentCountry);
  const countries = BILLING_COUNTRIES;

  return (
    <div className={classes.layout}>
      <div className={classes.column}>
        {guest && (
          <PlainTextField
            label={intl.formatMessage({ id: 'checkout.guest.email' })}
            description={intl.formatMessage({ id: 'checkout.guest.emailHint' })}
            name="guest-email"
            type="email"
            autoComplete="email"
            required
            value={guestEmail}
            error={guestEmailMessage}
            disabled={busy}
            onChange={(event) => {
              setGuestEmail(event.target.value);
              setGuestEmailServerError(null);
            }}
            onBlur={() => setGuestEmailTouched(true)}
          />
        )}
        <GiftRecipientFields gifts={gifts} lines={summary?.lines ?? []} disabled={busy} />
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
      </div>
      <CheckoutOrderPanel
        backLink={backLink}
        summary={summary}
        taxLoading={state.taxStatus === 'LOADING'}
        // A free order owes no tax and asks for no address.
        taxKnown={isFree || (billingValid && state.taxConfig !== null && !state.taxConfig.error)}
        taxExclusive={taxExclusive}
        message={message}
        onDismissMessage={dismissMessage}
        phase={phase}
        // The wallet buttons are the express method's checkout buttons.
        showCheckoutButton={selectedKind !== 'express'}
        checkoutDisabled={status !== 'DONE' || unavailable}
        onCheckout={completeCheckout}
        country={currentCountry}
      />
    </div>
  );
}
