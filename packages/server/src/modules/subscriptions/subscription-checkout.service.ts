import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  FREE_METHOD,
  addInterval,
  SUBSCRIPTION_MESSAGES,
  checkoutReferenceOf,
  chargeWithTax,
  isRegionRestricted,
  money,
  normalizeSecondaryLocation,
  paymentErrorCodeOf,
  paymentErrorMessage,
  periodPrice,
  subscriptionBillingErrors,
  isTaxNumberEnabled,
  secondaryLocationFieldOf,
  type CheckoutResult,
  type CurrencyCode,
  type PaymentMethodConfig,
  type SubscriptionProductType,
  type TaxRateChange,
  type SubscriptionCheckoutInfo,
  type SubscriptionCheckoutSummary,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import {
  GatewayError,
  type GatewayNextAction,
  type GatewayPayment,
  type GatewayPaymentMethod,
  type GatewaySetup,
  type PaymentGateway,
} from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import {
  assertLicenseCount,
  priceSubscription,
  type BillingLocation,
  type SubscriptionPrice,
} from './subscription-pricing.js';
import { isLicensed } from './subscription-plans.js';
import type {
  EnrollmentRow,
  PriceOptionRow,
  PlanRow,
  Subscriber,
  SubscriptionCheckoutRow,
} from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type {
  SubscriptionCheckoutInfoRequest,
  SubscriptionCheckoutSubmitRequest,
  SubscriptionResultRequest,
} from './subscription-checkout.schemas.js';

/** Card-testing defence for subscription cards, like the course checkout's (design §6). */
const FAILED_CARD_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 };
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;
const OPEN = ['processing', 'requires_action'] as const;

/** Where each product's buyer lands after a new plan (the admin area comes with its own issue). */
const MANAGE_SUBSCRIPTIONS_PATH = '/user/manage-subscriptions/';

/** The provider facts every checkout page shows, shared with the course checkout's caches. */
export interface ProviderFacts {
  cardMethod(): Promise<PaymentMethodConfig>;
}

const regionRestricted = (upsell: boolean, brand: string) =>
  new HttpError(
    400,
    'region_restricted',
    `${upsell ? SUBSCRIPTION_MESSAGES.regionRestrictedLicenses : SUBSCRIPTION_MESSAGES.regionRestrictedNew(brand)} ${SUBSCRIPTION_MESSAGES.regionRestrictedBody}`,
  );

/**
 * The Subscription checkout environment (checkout §4, team-plan §2, §4, §7): prices Team Plan
 * and Personal Plan purchases on the server and runs each submit as a persisted checkout whose
 * effect on the enrollment (new plan, added licenses, new card) is applied exactly once.
 * Provider calls carry idempotency keys from the checkout and never run inside a transaction.
 */
export function createSubscriptionCheckoutService(deps: {
  subscriptions: SubscriptionsService;
  payments: PaymentsService;
  tax: TaxProvider;
  providerFacts: ProviderFacts;
  brandName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** How old an open checkout must be before reconciliation finishes it (default 5 minutes). */
  reconcileAfterMs?: number;
}) {
  const { subscriptions, payments, log } = deps;
  const reconcileAfterMs = deps.reconcileAfterMs ?? 5 * 60 * 1000;
  const repository = subscriptions.repository;
  const gateway: PaymentGateway = payments.gateway;
  const now = deps.now ?? (() => new Date());
  const failures = createAttemptLimiter(repository.db, {
    name: 'subscriptions.card_failures',
    ...FAILED_CARD_ATTEMPTS,
  });
  const key = (row: SubscriptionCheckoutRow, step: string) => `subscription:${row.id}:${step}`;

  // ---- what is being bought ------------------------------------------------------------

  interface Purchase {
    plan: PlanRow;
    option: PriceOptionRow;
    productType: SubscriptionProductType;
    subscriber: Subscriber;
    enrollment: EnrollmentRow | null;
    location: BillingLocation;
    licenses: number;
    withTrial: boolean;
  }

  async function optionOf(id: string): Promise<{ plan: PlanRow; option: PriceOptionRow }> {
    for (const { plan, options } of await repository.plans()) {
      const option = options.find((candidate) => candidate.id === id);
      if (option) return { plan, option };
    }
    throw validationError({ 'shopping_info.items.0.buyable.id': ['This subscription plan is not sold.'] });
  }

  async function purchaseOf(
    buyer: CheckoutBuyer,
    event: SubscriptionCheckoutInfoRequest['checkout_event'],
    request: Pick<SubscriptionCheckoutInfoRequest, 'shopping_info' | 'billing_address'>,
    defaultCountry: string,
  ): Promise<Purchase> {
    const item = request.shopping_info.items[0]!;
    const { plan, option } = await optionOf(item.buyable.id);
    const productType = plan.productType as SubscriptionProductType;
    const subscriber = await subscriptions.subscriberFor(buyer.id, productType);
    const reference = item.buyable.checkout_ref;
    let enrollment: EnrollmentRow | null;
    if (event === 'Info' || event === 'Submit') {
      enrollment = await repository.currentEnrollment(subscriber);
    } else {
      if (!reference) {
        throw validationError({
          'shopping_info.items.0.buyable.checkout_ref': ['checkout_ref names the subscription to change.'],
        });
      }
      enrollment = await subscriptions.enrollmentByReference(buyer.id, reference);
    }
    const profile = await repository.profile(subscriber);
    const address = request.billing_address;
    const country = (address?.country_code ?? profile?.country ?? defaultCountry).toUpperCase();
    const location: BillingLocation = {
      country,
      secondaryLocation: address
        ? normalizeSecondaryLocation(country, address.secondary_location_info)
        : (profile?.secondaryLocation ?? null),
    };
    const upsell = event === 'UpsellInfo' || event === 'UpsellSubmit';
    const licenses = isLicensed(option)
      ? (item.requested_seat_count ?? (upsell ? 1 : (option.defaultLicenses ?? 1)))
      : 1;
    const firstPlan = event === 'Info' || event === 'Submit';
    const withTrial =
      firstPlan &&
      option.trialDays > 0 &&
      !(await repository.hadEnrollment(subscriber)) &&
      !(await repository.skipsTrial(buyer.id, plan.id));
    return { plan, option, productType, subscriber, enrollment, location, licenses, withTrial };
  }

  const priceOf = (purchase: Purchase, event: SubscriptionCheckoutInfoRequest['checkout_event']) =>
    priceSubscription({
      tax: deps.tax,
      event,
      option: purchase.option,
      enrollment: purchase.enrollment,
      location: purchase.location,
      licenses: purchase.licenses,
      withTrial: purchase.withTrial,
      now: now(),
    });

  // ---- answers -------------------------------------------------------------------------

  function answer(
    row: SubscriptionCheckoutRow,
    status: CheckoutResult['status'],
    data: Partial<CheckoutResult['data']> = {},
  ): CheckoutResult {
    const failed = status === 'failed';
    const code = row.errorCode ?? 'card_declined';
    return {
      status,
      message: failed ? paymentErrorMessage(code).text : status === 'succeeded' ? successMessage(row) : null,
      error_code: failed ? code : null,
      data: {
        payment_attempt_id: row.id,
        action_data: null,
        return_url: null,
        client_secret: null,
        payment_method_id: row.paymentMethodId,
        authentication_type: null,
        checkout_ref: row.checkoutRef,
        redirect_url: status === 'succeeded' ? redirectOf(row) : null,
        subscription_checkout_ref: row.enrollmentId === null ? null : checkoutReferenceOf(row.enrollmentId),
        proration_payment_attempt_id: row.event === 'UpsellSubmit' && row.quote.total > 0 ? row.id : null,
        ...data,
      },
    };
  }

  function successMessage(row: SubscriptionCheckoutRow): string {
    switch (row.event) {
      case 'UpsellSubmit':
        return CHECKOUT_MESSAGES.licensesAdded;
      case 'Update':
        return CHECKOUT_MESSAGES.paymentInfoUpdated;
      case 'UpdateBilling':
        return CHECKOUT_MESSAGES.billingUpdated;
      default:
        return CHECKOUT_MESSAGES.subscriptionStarted;
    }
  }

  /** Checkout §4: a new plan redirects; updates complete on the page they came from. */
  const redirectOf = (row: SubscriptionCheckoutRow) =>
    row.event === 'Submit' || row.event === 'ResubscribeSubmit' || row.event === 'UpsellSubmit'
      ? MANAGE_SUBSCRIPTIONS_PATH
      : null;

  async function fail(
    row: SubscriptionCheckoutRow,
    errorCode: string,
    countsAsCardFailure = true,
  ): Promise<CheckoutResult> {
    const failed = await repository.transitionCheckout(row.id, OPEN, { status: 'failed', errorCode });
    if (!failed) return resultOf((await repository.checkout(row.id)) ?? row);
    if (countsAsCardFailure) await failures.record(`user:${row.userId}`);
    return answer(failed, 'failed');
  }

  async function resultOf(row: SubscriptionCheckoutRow): Promise<CheckoutResult> {
    if (row.status === 'succeeded') return answer(row, 'succeeded');
    if (row.status === 'failed') return answer(row, 'failed');
    if (row.status === 'requires_action') {
      if (row.gatewaySetupId) return afterSetup(row, await gateway.retrieveSetup(row.gatewaySetupId));
      if (row.gatewayPaymentId) return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
    }
    return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
  }

  /** A repeated submit: waits while the first request is still talking to the provider. */
  async function settle(row: SubscriptionCheckoutRow): Promise<CheckoutResult> {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    let current = row;
    while (current.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      current = (await repository.checkout(row.id)) ?? current;
    }
    return resultOf(current);
  }

  // ---- completion: the one place an enrollment changes after a checkout ----------------

  /**
   * Applies a checkout's effect once, in one transaction holding its row lock: the new
   * enrollment, the added licenses or the new card, the charge record and the billing
   * profile. A charge that cannot be applied (the plan was bought meanwhile, the ceiling was
   * reached) is refunded in full.
   */
  async function complete(
    row: SubscriptionCheckoutRow,
    method: GatewayPaymentMethod | null,
    payment: GatewayPayment | null,
  ): Promise<CheckoutResult> {
    if (payment) {
      const quote = row.quote;
      const matches =
        payment.amount.amount === quote.total &&
        payment.amount.currency === quote.currency &&
        payment.metadata.subscription_checkout_id === row.id;
      if (!matches) {
        log.error(
          { checkout: row.id, payment: payment.id },
          'subscription payment does not match its checkout',
        );
        return fail(row, 'payment_mismatch', false);
      }
    }
    const at = now();
    // Read before the transaction: the embedded database has one connection.
    const options = (await repository.plans()).flatMap((plan) => plan.options);
    let replacedMethod: string | null = null;
    let conflict: string | null = null;
    const done = await repository.db
      .transaction(async (tx) => {
        const locked = await repository.checkout(row.id, tx, true);
        if (!locked || !(OPEN as readonly string[]).includes(locked.status)) return locked;
        const subscriber: Subscriber = { type: locked.subscriberType, id: locked.subscriberId };
        const quote = locked.quote;
        const profile = await repository.profile(subscriber, tx);
        let enrollmentId = locked.enrollmentId;
        let periodStart = at;
        let periodEnd = at;
        if (locked.event === 'Submit' || locked.event === 'ResubscribeSubmit') {
          const current = await repository.currentEnrollment(subscriber, tx);
          if (current && current.status !== 'EXPIRED') {
            conflict = 'already_subscribed';
            return null;
          }
          const option = options.find((candidate) => candidate.id === quote.priceOptionId)!;
          const trialEnd = quote.trialDays > 0 ? new Date(at.getTime() + quote.trialDays * 86_400_000) : null;
          periodEnd = trialEnd ?? addInterval(at, { type: option.renewalType, count: option.renewalCount });
          const enrollment = await repository.insertEnrollment(
            {
              subscriberType: subscriber.type,
              subscriberId: subscriber.id,
              priceOptionId: quote.priceOptionId,
              status: trialEnd ? 'TRIAL' : 'ACTIVE',
              trialDays: quote.trialDays,
              trialEnd,
              licenseCount: quote.licenses,
              currency: quote.currency,
              unitPrice: quote.unitPrice,
              chargeAmount: quote.nextCharge,
              taxAmount: quote.nextTax,
              taxRate: String(quote.taxRate),
              taxMode: quote.taxMode,
              currentPeriodStart: at,
              currentPeriodEnd: periodEnd,
              createdBy: locked.userId,
            },
            tx,
          );
          enrollmentId = enrollment.id;
        } else if (locked.event === 'UpsellSubmit') {
          const enrollment = await repository.enrollment(locked.enrollmentId!, tx, true);
          const option = options.find((candidate) => candidate.id === enrollment?.priceOptionId);
          const total = (enrollment?.licenseCount ?? 0) + quote.licenses;
          if (!enrollment || !option || total > (option.maximumLicenses ?? total)) {
            conflict = 'license_limit_reached';
            return null;
          }
          const next = chargeWithTax(
            periodPrice(money(enrollment.unitPrice, enrollment.currency as CurrencyCode), total),
            Number(enrollment.taxRate),
            enrollment.taxMode as 'tax_exclusive' | 'tax_inclusive',
          );
          await repository.updateEnrollment(
            enrollment.id,
            { licenseCount: total, chargeAmount: next.total.amount, taxAmount: next.tax.amount },
            tx,
          );
          periodStart = at;
          periodEnd = enrollment.currentPeriodEnd;
        }
        if (payment && enrollmentId !== null) {
          await repository.insertCharge(
            {
              enrollmentId,
              checkoutId: locked.id,
              kind: locked.event === 'UpsellSubmit' ? 'proration' : 'first_period',
              licenses: quote.licenses,
              currency: quote.currency,
              amount: quote.total,
              taxAmount: quote.tax,
              periodStart,
              periodEnd,
              gatewayPaymentId: payment.id,
              cardBrand: method?.card?.brand ?? profile?.cardBrand ?? null,
              cardLast4: method?.card?.last4 ?? profile?.cardLast4 ?? null,
            },
            tx,
          );
        }
        if (method?.card) {
          if (profile?.paymentMethodId && profile.paymentMethodId !== method.id)
            replacedMethod = profile.paymentMethodId;
          await repository.updateProfile(
            subscriber,
            {
              paymentMethodId: method.id,
              cardBrand: method.card.brand,
              cardLast4: method.card.last4,
              cardExpMonth: method.card.expMonth,
              cardExpYear: method.card.expYear,
              cardUpdatedBy: locked.userId,
              cardUpdatedAt: at,
            },
            tx,
          );
        }
        if (locked.billing) await storeBilling(subscriber, locked.billing, locked.userId, at, tx);
        return repository.transitionCheckout(locked.id, OPEN, { status: 'succeeded', enrollmentId }, tx);
      })
      .catch((error: unknown) => {
        // Two first purchases of one subscriber raced: the unique current-enrollment index.
        if (
          String(
            (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code,
          ) === '23505'
        ) {
          conflict = 'already_subscribed';
          return null;
        }
        throw error;
      });
    if (conflict) return refundAndFail(row, payment, conflict);
    if (replacedMethod) {
      // The organization keeps one stored card (team-plan §3): the old one is detached.
      await gateway
        .detachPaymentMethod(replacedMethod, { idempotencyKey: `detach:${replacedMethod}` })
        .catch((error: unknown) =>
          log.warn({ err: error, method: replacedMethod }, 'old subscription card not detached'),
        );
    }
    return resultOf(done ?? (await repository.checkout(row.id)) ?? row);
  }

  async function refundAndFail(row: SubscriptionCheckoutRow, payment: GatewayPayment | null, reason: string) {
    if (payment) {
      await gateway.refund(
        { paymentId: payment.id, reason: 'duplicate', metadata: { subscription_checkout_id: row.id } },
        { idempotencyKey: key(row, 'refund') },
      );
    }
    return fail(row, payment ? 'payment_refunded' : reason, false);
  }

  async function storeBilling(
    subscriber: Subscriber,
    billing: Record<string, string | null>,
    userId: number,
    at: Date,
    tx?: Parameters<typeof repository.updateProfile>[2],
  ) {
    await repository.updateProfile(
      subscriber,
      {
        customerName: billing.customer_name ?? null,
        addressLine1: billing.address_line1 ?? null,
        addressLine2: billing.address_line2 ?? null,
        country: billing.country ?? null,
        secondaryLocation: billing.secondary_location ?? null,
        taxNumber: billing.tax_number ?? null,
        billingUpdatedBy: userId,
        billingUpdatedAt: at,
      },
      tx,
    );
  }

  // ---- provider steps ------------------------------------------------------------------

  async function afterSetup(row: SubscriptionCheckoutRow, setup: GatewaySetup): Promise<CheckoutResult> {
    switch (setup.status) {
      case 'succeeded': {
        const method =
          setup.paymentMethod ??
          (setup.paymentMethodId ? await gateway.retrievePaymentMethod(setup.paymentMethodId) : null);
        const fingerprint = method?.card?.fingerprint;
        if (row.event === 'Submit' && row.quote.trialDays > 0 && fingerprint && method) {
          // One free trial per card, whichever account (team-plan §8 card_already_used_for_free_trial).
          const owner = await repository.db.transaction((tx) =>
            repository.claimTrialCard(fingerprint, row.userId, tx),
          );
          if (owner !== row.userId) {
            await gateway
              .detachPaymentMethod(method.id, { idempotencyKey: key(row, 'detach') })
              .catch((error: unknown) =>
                log.warn({ err: error, checkout: row.id }, 'refused trial card not detached'),
              );
            return fail(row, 'card_already_used_for_free_trial', false);
          }
        }
        return complete(row, method, null);
      }
      case 'requires_action':
      case 'requires_confirmation': {
        const moved =
          (await repository.transitionCheckout(row.id, OPEN, {
            status: 'requires_action',
            gatewaySetupId: setup.id,
          })) ?? row;
        return answer(moved, 'action_required', {
          client_secret: setup.clientSecret,
          payment_method_id: setup.paymentMethodId,
          authentication_type: 'setup',
          action_data: actionOf(setup.nextAction),
        });
      }
      case 'processing':
        return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
      default:
        return fail(row, setup.lastError ? paymentErrorCodeOf(setup.lastError) : 'card_declined');
    }
  }

  async function afterPayment(
    row: SubscriptionCheckoutRow,
    payment: GatewayPayment,
  ): Promise<CheckoutResult> {
    switch (payment.status) {
      case 'succeeded': {
        const method =
          payment.paymentMethod ??
          (payment.paymentMethodId ? await gateway.retrievePaymentMethod(payment.paymentMethodId) : null);
        return complete(row, method, payment);
      }
      case 'requires_action':
      case 'requires_confirmation': {
        const moved =
          (await repository.transitionCheckout(row.id, OPEN, {
            status: 'requires_action',
            gatewayPaymentId: payment.id,
          })) ?? row;
        return answer(moved, 'action_required', {
          client_secret: payment.clientSecret,
          payment_method_id: payment.paymentMethodId,
          authentication_type: 'payment',
          action_data: actionOf(payment.nextAction),
        });
      }
      case 'processing':
        return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
      default:
        return fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', true);
    }
  }

  /** Runs a provider step; a decline is an answer, an unknown outcome leaves the checkout open. */
  async function providerStep(
    row: SubscriptionCheckoutRow,
    step: () => Promise<CheckoutResult>,
  ): Promise<CheckoutResult> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn(
        { err: error, checkout: row.id, kind: error.kind },
        'subscription payment failed at the provider',
      );
      if (error.kind === 'card_declined' || error.kind === 'invalid_request' || error.kind === 'not_found') {
        return fail(
          row,
          paymentErrorCodeOf({
            type: error.kind === 'card_declined' ? 'card_error' : 'invalid_request_error',
            code: error.details.code ?? 'card_declined',
            declineCode: error.details.declineCode ?? null,
          }),
        );
      }
      if (
        error.kind === 'unavailable' ||
        error.kind === 'protocol' ||
        error.kind === 'idempotency_conflict'
      ) {
        return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
      }
      return fail(row, 'card_error:processing_error', false);
    }
  }

  /** The subscriber's provider customer (one per organization or learner), created once. */
  async function customerOf(subscriber: Subscriber, buyer: CheckoutBuyer): Promise<string> {
    const profile = await repository.profile(subscriber);
    if (profile?.gatewayCustomerId) return profile.gatewayCustomerId;
    const customerId =
      subscriber.type === 'user'
        ? await payments.ensureCustomer(buyer.id, { email: buyer.email, name: buyer.name })
        : (
            await gateway.createCustomer(
              { email: buyer.email, metadata: { lectern_organization_id: String(subscriber.id) } },
              { idempotencyKey: `customer:organization:${subscriber.id}` },
            )
          ).id;
    return (await repository.ensureProfile(subscriber, customerId)).gatewayCustomerId ?? customerId;
  }

  // ---- info ----------------------------------------------------------------------------

  function summaryOf(purchase: Purchase, price: SubscriptionPrice): SubscriptionCheckoutSummary {
    const amount = (value: { amount: number }) => value.amount;
    return {
      product_type: purchase.productType,
      plan_price_option_id: purchase.option.id,
      renewal_interval: { type: purchase.option.renewalType, count: purchase.option.renewalCount },
      currency: price.quote.currency as CurrencyCode,
      unit_price: price.quote.unitPrice,
      licenses: purchase.enrollment && price.addedLicenses === 0 ? price.quote.licenses : purchase.licenses,
      current_licenses: purchase.enrollment?.licenseCount ?? 0,
      added_licenses: price.addedLicenses,
      trial_days: price.quote.trialDays,
      trial_end: price.trialEnd?.toISOString() ?? null,
      next_charge_date: price.nextChargeDate.toISOString(),
      proration: price.proration
        ? { remaining_days: price.proration.remainingDays, period_days: price.proration.periodDays }
        : null,
      due_today: {
        subtotal: amount(price.today.subtotal),
        tax: amount(price.today.tax),
        total: amount(price.today.total),
      },
      due_next: {
        subtotal: amount(price.next.subtotal),
        tax: amount(price.next.tax),
        total: amount(price.next.total),
      },
      tax_rate: price.quote.taxRate,
      tax_breakdown_type: price.quote.taxMode,
      region_restricted: purchase.productType === 'TEAM' && isRegionRestricted(purchase.location.country),
      enrollment_status: purchase.enrollment?.status ?? null,
      subscription_checkout_ref: purchase.enrollment ? checkoutReferenceOf(purchase.enrollment.id) : null,
    };
  }

  function billingErrorsOf(
    purchase: Purchase,
    address: SubscriptionCheckoutSubmitRequest['billing_address'],
  ) {
    const errors = subscriptionBillingErrors(
      address ?? {},
      purchase.location.country,
      purchase.productType === 'TEAM',
    );
    return Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [`billing_address.${field}`, [message]]),
    );
  }

  const billingOf = (purchase: Purchase, address: SubscriptionCheckoutSubmitRequest['billing_address']) => ({
    customer_name: address?.customer_name?.trim() || null,
    address_line1: address?.address_line1?.trim() || null,
    address_line2: address?.address_line2?.trim() || null,
    country: purchase.location.country,
    secondary_location: purchase.location.secondaryLocation,
    tax_number: address?.tax_number?.trim() || null,
  });

  return {
    /** `POST /payment/checkout-info/` with `checkout_environment: 'Subscription'`. */
    async info(
      buyer: CheckoutBuyer,
      defaultCountry: string,
      request: SubscriptionCheckoutInfoRequest,
    ): Promise<SubscriptionCheckoutInfo> {
      const purchase = await purchaseOf(buyer, request.checkout_event, request, defaultCountry);
      const price = await priceOf(purchase, request.checkout_event);
      const wants = new Set(request.requested_configs);
      const profile = await repository.profile(purchase.subscriber);
      const data: SubscriptionCheckoutInfo['data'] = { subscription_summary: summaryOf(purchase, price) };
      if (wants.has('checkout_config')) {
        const free =
          price.today.total.amount === 0 &&
          !['Info', 'Submit', 'ResubscribeSubmit', 'Update'].includes(request.checkout_event);
        const methods: PaymentMethodConfig[] = [];
        if (free)
          methods.push({ ...FREE_METHOD, name: 'Free', gateway_status: 'up', options: {}, selected: true });
        else {
          const card = await deps.providerFacts.cardMethod();
          // Checkout §4: stored methods are left out of a card update.
          if (profile?.paymentMethodId && request.checkout_event !== 'Update') {
            methods.push({
              ...card,
              method_id: 100,
              mode: 'stored',
              name: `${profile.cardBrand ?? 'card'} •••• ${profile.cardLast4 ?? ''}`,
              options: {
                ...card.options,
                stored_payment_method: {
                  id: `stored_${profile.paymentMethodId}`,
                  payment_method_details: {
                    card: {
                      brand: profile.cardBrand ?? 'card',
                      last_4_digit: profile.cardLast4 ?? '',
                      card_holder_name: null,
                      expiry_month: profile.cardExpMonth ?? 0,
                      expiry_year: profile.cardExpYear ?? 0,
                      card_bin: null,
                      additional_data: null,
                    },
                  },
                  fraud_context: null,
                } as never,
              },
              selected: true,
            });
          }
          methods.push({ ...card, selected: methods.length === 0 });
        }
        data.checkout_config = { payment_methods: methods, credit_is_usable: false };
      }
      if (wants.has('billing_config')) {
        data.billing_config = {
          country: purchase.location.country,
          secondary_location: secondaryLocationFieldOf(purchase.location.country),
          secondary_location_info: purchase.location.secondaryLocation,
          address_line1: profile?.addressLine1 ?? null,
          address_line2: profile?.addressLine2 ?? null,
          customer_name: profile?.customerName ?? null,
          tax_number: profile?.taxNumber ?? null,
          tax_number_enabled: isTaxNumberEnabled(purchase.location.country),
        };
      }
      if (wants.has('tax_config')) {
        data.tax_config = {
          tax_rate: price.quote.taxRate,
          tax_breakdown_type: price.quote.taxMode,
          total_tax_amount: price.today.tax.amount,
          total_tax_included_amount: price.today.total.amount,
          total_tax_excluded_amount: price.today.total.amount - price.today.tax.amount,
          currency: price.quote.currency as CurrencyCode,
          country_code: purchase.location.country,
          secondary_location_info: purchase.location.secondaryLocation,
          proration_tax_context: price.proration
            ? { tax_amount: price.today.tax.amount, tax_rate: price.quote.taxRate }
            : null,
          error: price.taxError,
        };
      }
      return { status: 'succeeded' as const, message: null, data };
    },

    /** `POST /payment/checkout-submit/` with `checkout_environment: 'Subscription'`. */
    async submit(
      buyer: CheckoutBuyer,
      defaultCountry: string,
      request: SubscriptionCheckoutSubmitRequest,
    ): Promise<CheckoutResult> {
      const existing = await repository.checkoutByRef(buyer.id, request.checkout_ref);
      if (existing) return settle(existing);
      await failures.assertAllowed(`user:${buyer.id}`).catch(() => {
        throw new HttpError(
          429,
          'too_many_failed_attempts',
          paymentErrorMessage('too_many_failed_attempts').text,
        );
      });
      const event = request.checkout_event;
      const purchase = await purchaseOf(buyer, event, request, defaultCountry);
      const { enrollment, option } = purchase;
      const upsell = event === 'UpsellSubmit';

      if (
        purchase.productType === 'TEAM' &&
        isRegionRestricted(purchase.location.country) &&
        event !== 'UpdateBilling' &&
        event !== 'Update'
      ) {
        throw regionRestricted(upsell, deps.brandName);
      }
      if (event === 'Submit' && enrollment && enrollment.status !== 'EXPIRED') {
        throw new HttpError(
          409,
          'already_subscribed',
          'You already have this subscription. Manage it from your subscription page.',
        );
      }
      if (event === 'ResubscribeSubmit' && enrollment?.status !== 'EXPIRED') {
        throw new HttpError(
          409,
          'not_expired',
          'Only an expired plan can be resubscribed; this one is still running.',
        );
      }
      if ((upsell || event === 'Update' || event === 'UpdateBilling') && enrollment?.status === 'EXPIRED') {
        throw new HttpError(409, 'subscription_expired', 'This plan has expired. Resubscribe to change it.');
      }
      if (upsell && enrollment && enrollment.status !== 'TRIAL' && enrollment.status !== 'ACTIVE') {
        throw new HttpError(
          409,
          'not_upsellable',
          'Licenses can be added to a plan in trial or active only.',
        );
      }
      if (event === 'Submit' || event === 'ResubscribeSubmit')
        assertLicenseCount(purchase.licenses, 'new', option);
      if (upsell) assertLicenseCount(purchase.licenses, 'upsell', option, enrollment?.licenseCount ?? 0);

      const needsBilling = event === 'Submit' || event === 'ResubscribeSubmit' || event === 'UpdateBilling';
      const price = await priceOf(purchase, event);
      const fieldErrors: Record<string, string[]> = needsBilling
        ? billingErrorsOf(purchase, request.billing_address)
        : {};
      if (price.taxError && (needsBilling || price.today.total.amount > 0)) {
        fieldErrors['billing_address.secondary_location_info'] = [price.taxError];
      }
      if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
      const seen = request.expected_total;
      if (
        seen &&
        (seen.amount !== price.today.total.amount || seen.currency.toUpperCase() !== price.quote.currency)
      ) {
        throw new HttpError(
          409,
          'price_changed',
          'The total of this purchase changed. Please review it and submit again; nothing was charged.',
        );
      }

      const credentials = request.payment_info?.credentials ?? {};
      const enteredCard = 'payment_method_id' in credentials ? credentials.payment_method_id : null;
      const profile = await repository.profile(purchase.subscriber);
      const paid = price.today.total.amount > 0;
      // A new plan, a resubscribe and a card update need a card: the one entered, or the stored one.
      const usesStoredCard = !enteredCard && 'stored_payment_method_id' in credentials;
      const needsCard =
        event === 'Submit' || event === 'ResubscribeSubmit' || event === 'Update' || (upsell && paid);
      if (needsCard && !enteredCard && !(usesStoredCard || upsell)) {
        throw validationError({ 'payment_info.credentials': [CHECKOUT_MESSAGES.noMethod] });
      }
      if (needsCard && !enteredCard && !profile?.paymentMethodId) {
        throw validationError({
          'payment_info.credentials': ['There is no stored card on this subscription; enter a card.'],
        });
      }

      const billing = needsBilling ? billingOf(purchase, request.billing_address) : null;
      const inserted = await repository.insertCheckout(
        {
          id: randomUUID(),
          userId: buyer.id,
          checkoutRef: request.checkout_ref,
          event,
          subscriberType: purchase.subscriber.type,
          subscriberId: purchase.subscriber.id,
          enrollmentId:
            enrollment && event !== 'ResubscribeSubmit' && event !== 'Submit' ? enrollment.id : null,
          status: 'processing',
          quote: price.quote,
          billing,
        },
        upsell && enrollment
          ? async (tx) => {
              // The ceiling is race-safe: upsells of one enrollment are checked one at a time,
              // counting the licenses that open upsells hold (design §5).
              const locked = await repository.enrollment(enrollment.id, tx, true);
              const held = await repository.licensesHeldByOpenUpsells(enrollment.id, tx);
              assertLicenseCount(purchase.licenses, 'upsell', option, (locked?.licenseCount ?? 0) + held);
            }
          : undefined,
      );
      if (!inserted) return settle((await repository.checkoutByRef(buyer.id, request.checkout_ref))!);

      if (event === 'UpdateBilling') return updateBilling(inserted, purchase, price);
      if (!needsCard) return complete(inserted, null, null);

      return providerStep(inserted, async () => {
        const customerId = await customerOf(purchase.subscriber, buyer);
        const methodId = enteredCard ?? profile!.paymentMethodId!;
        const withTrialOrUpdate = (event === 'Submit' && price.quote.trialDays > 0) || event === 'Update';
        if (withTrialOrUpdate) {
          const setup = await gateway.createSetup(
            {
              customerId,
              paymentMethodId: methodId,
              methodTypes: ['card'],
              usage: 'off_session',
              confirm: true,
              returnUrl: `${deps.publicUrl}${MANAGE_SUBSCRIPTIONS_PATH}`,
              metadata: { subscription_checkout_id: inserted.id },
            },
            { idempotencyKey: key(inserted, 'setup') },
          );
          return afterSetup(inserted, setup);
        }
        const payment = await gateway.createPayment(
          {
            amount: money(price.today.total.amount, price.quote.currency as CurrencyCode),
            customerId,
            paymentMethodId: methodId,
            methodTypes: ['card'],
            confirm: true,
            ...(enteredCard ? { setupFutureUsage: 'off_session' as const } : {}),
            description: `${purchase.plan.name} ${upsell ? 'additional licenses' : 'subscription'}`,
            receiptEmail: buyer.email,
            // payment_attempt_id lets reconciliation find a payment whose id a crash never stored.
            metadata: { subscription_checkout_id: inserted.id, payment_attempt_id: inserted.id },
          },
          { idempotencyKey: key(inserted, 'payment') },
        );
        return afterPayment(inserted, payment);
      });
    },

    /** `PATCH /payment/checkout-submit/{id}/` after 3-D Secure of a subscription checkout. */
    async result(
      userId: number,
      checkoutId: string,
      request: SubscriptionResultRequest,
    ): Promise<CheckoutResult> {
      const row = await ownCheckout(userId, checkoutId);
      if (row.status === 'succeeded' || row.status === 'failed') return resultOf(row);
      const credentials = request.payment_info.credentials;
      if ('payment_intent_id' in credentials) {
        if (!row.gatewayPaymentId || credentials.payment_intent_id !== row.gatewayPaymentId) {
          throw validationError({
            'payment_info.credentials.payment_intent_id': ['This is not the payment of this attempt.'],
          });
        }
        return providerStep(row, async () => {
          let payment = await gateway.retrievePayment(row.gatewayPaymentId!);
          if (payment.status === 'requires_confirmation') {
            payment = await gateway.confirmPayment(payment.id, {}, { idempotencyKey: key(row, 'confirm') });
          }
          return afterPayment(row, payment);
        });
      }
      if (!row.gatewaySetupId) {
        throw validationError({ 'payment_info.credentials': ['This attempt has no card setup to confirm.'] });
      }
      return providerStep(row, async () => afterSetup(row, await gateway.retrieveSetup(row.gatewaySetupId!)));
    },

    /** `GET /payment/checkout-submit/{id}/` of a subscription checkout. */
    async attempt(userId: number, checkoutId: string): Promise<CheckoutResult> {
      return resultOf(await ownCheckout(userId, checkoutId));
    },

    /** Whether an attempt id names a subscription checkout of this user. */
    async owns(userId: number, checkoutId: string): Promise<boolean> {
      const row = UUID.test(checkoutId) ? await repository.checkout(checkoutId) : null;
      return !!row && row.userId === userId;
    },

    /**
     * The reconciliation job (design §4): finishes checkouts left open by a crash, a lost answer
     * or a buyer who left 3-D Secure, from what the provider says. An abandoned action is ended,
     * so its upsell no longer holds licenses against the ceiling.
     */
    async reconcileOpenCheckouts(): Promise<number> {
      const rows = await repository.openCheckoutsBefore(new Date(now().getTime() - reconcileAfterMs), 50);
      for (const row of rows) {
        try {
          await reconcile(row);
        } catch (error) {
          log.warn({ err: error, checkout: row.id }, 'subscription checkout not reconciled');
        }
      }
      return rows.length;
    },

    /** The provider's payment webhook: the same completion as the answer path. */
    async onPaymentSucceeded(payment: GatewayPayment) {
      const id = payment.metadata.subscription_checkout_id;
      const row =
        id && UUID.test(id) ? await repository.checkout(id) : await repository.checkoutOfPayment(payment.id);
      if (row && (OPEN as readonly string[]).includes(row.status)) {
        const method = payment.paymentMethodId
          ? await gateway.retrievePaymentMethod(payment.paymentMethodId)
          : null;
        await complete(row, method, payment);
      }
    },
    async onSetupSucceeded(setup: GatewaySetup) {
      const id = setup.metadata.subscription_checkout_id;
      const row = id && UUID.test(id) ? await repository.checkout(id) : null;
      if (row && (OPEN as readonly string[]).includes(row.status)) await afterSetup(row, setup);
    },
  };

  async function reconcile(row: SubscriptionCheckoutRow) {
    const abandoned = 'initial_authentication_or_charge_for_subscription_failed';
    if (row.gatewaySetupId) {
      const setup = await gateway.retrieveSetup(row.gatewaySetupId);
      if (setup.status === 'succeeded') await afterSetup(row, setup);
      else await fail(row, abandoned, false);
      return;
    }
    const payment = row.gatewayPaymentId
      ? await gateway.retrievePayment(row.gatewayPaymentId)
      : await gateway.findPaymentOfAttempt(row.id, new Date(row.createdAt.getTime() - 60_000));
    if (!payment) {
      // The provider never saw it: nothing was charged.
      await fail(row, 'card_error:processing_error', false);
      return;
    }
    if (
      payment.status === 'succeeded' ||
      payment.status === 'requires_payment_method' ||
      payment.status === 'canceled'
    ) {
      await afterPayment(row, payment);
      return;
    }
    if (payment.status === 'processing') return; // the webhook ends it
    await gateway.cancelPayment(payment.id, { idempotencyKey: key(row, 'cancel') });
    await fail(row, abandoned, false);
  }

  async function ownCheckout(userId: number, checkoutId: string): Promise<SubscriptionCheckoutRow> {
    const row = UUID.test(checkoutId) ? await repository.checkout(checkoutId) : null;
    if (!row || row.userId !== userId)
      throw new HttpError(404, 'not_found', 'There is no payment attempt with this id.');
    return row;
  }

  /** UpdateBilling: stores the information and re-taxes the next charge; answers the rate change. */
  async function updateBilling(row: SubscriptionCheckoutRow, purchase: Purchase, price: SubscriptionPrice) {
    const enrollment = purchase.enrollment!;
    const at = now();
    const change: TaxRateChange = {
      previous_rate: Number(enrollment.taxRate),
      new_rate: price.quote.taxRate,
      tax_breakdown_type: price.quote.taxMode,
      currency: enrollment.currency as CurrencyCode,
      previous_total: enrollment.chargeAmount,
      new_total: price.next.total.amount,
      tax_excluded_amount: price.next.total.amount - price.next.tax.amount,
      previous_tax: enrollment.taxAmount,
      new_tax: price.next.tax.amount,
    };
    const done = await repository.db.transaction(async (tx) => {
      await storeBilling(
        { type: row.subscriberType, id: row.subscriberId },
        row.billing ?? {},
        row.userId,
        at,
        tx,
      );
      await repository.updateEnrollment(
        enrollment.id,
        {
          taxRate: String(price.quote.taxRate),
          taxMode: price.quote.taxMode,
          chargeAmount: price.next.total.amount,
          taxAmount: price.next.tax.amount,
        },
        tx,
      );
      return repository.transitionCheckout(
        row.id,
        OPEN,
        { status: 'succeeded', enrollmentId: enrollment.id },
        tx,
      );
    });
    const changed = change.previous_rate !== change.new_rate;
    return answer(done ?? row, 'succeeded', { tax_rate_change: changed ? change : null });
  }
}

/** The browser's step (checkout §4): the SDK handles 3-D Secure in place, or the page redirects. */
function actionOf(action: GatewayNextAction | null): NonNullable<CheckoutResult['data']['action_data']> {
  if (action?.type === 'redirect_to_url') return { type: 'redirect_to_url', url: action.url };
  return { type: 'use_sdk', ...(action?.type === 'use_sdk' && action.url ? { url: action.url } : {}) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SubscriptionCheckoutService = ReturnType<typeof createSubscriptionCheckoutService>;
