import {
  chargeWithTax,
  addInterval,
  money,
  periodPrice,
  type CurrencyCode,
  type TaxRateChange,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayPayment, GatewayPaymentMethod, PaymentGateway } from '../payments/payment-gateway.js';
import { OPEN_CHECKOUT as OPEN } from './subscription-checkout-answers.js';
import type { Writer } from '../../platform/db/database.js';
import type { SubscriptionNotices } from './subscription-notices.js';
import type { SubscriptionPrice } from './subscription-pricing.js';
import { createRetentionOffersRepository, renewalUnitPrice } from './subscription-retention-offers.js';
import type {
  EnrollmentRow,
  Subscriber,
  SubscriptionCheckoutRow,
  SubscriptionsRepository,
} from './subscriptions.repository.js';

/** What applying a checkout came to. */
export type CompletionOutcome =
  /** Applied now or earlier: the checkout as it stands (null: read it again). */
  | { kind: 'applied'; row: SubscriptionCheckoutRow | null }
  /** The provider's payment is not this checkout's (amount, currency, metadata). */
  | { kind: 'mismatch' }
  /** It can no longer be applied (a plan bought meanwhile, the ceiling reached). */
  | { kind: 'conflict'; reason: string };

/**
 * The one place an enrollment changes after a checkout (design §4, §5): each effect (a new
 * enrollment, added licenses, a new card, new billing information) is applied in one
 * transaction holding the checkout's row lock, once, whichever path (the provider's answer, its
 * webhook, reconciliation) gets there first.
 */
export function createSubscriptionCompletion(deps: {
  repository: SubscriptionsRepository;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: () => Date;
  notices: SubscriptionNotices;
  /** A new card was stored for a plan: a past-due plan is charged again at once (the lifecycle engine). */
  onCardChanged: (enrollmentId: number, paymentMethodId: string, writer: Writer) => Promise<void>;
}) {
  const { repository, gateway, log, now, notices } = deps;
  const retentionOffers = createRetentionOffersRepository(repository.db);

  /**
   * The plan's next charge at a new location's taxes: the price's, or the discounted one when an
   * accepted retention offer covers the next period (decision 0029).
   */
  async function nextChargeAt(enrollment: EnrollmentRow, price: SubscriptionPrice) {
    if (enrollment.subscriberType !== 'user') return price.next;
    const offer = await retentionOffers.ofEnrollment(enrollment.id);
    const unit = renewalUnitPrice(enrollment, offer, enrollment.currentPeriodEnd);
    if (unit === enrollment.unitPrice) return price.next;
    const rates = price.quote.taxLines?.map((line) => line.ratePercent) ?? [];
    return chargeWithTax(
      periodPrice(money(unit, enrollment.currency as CurrencyCode), enrollment.licenseCount),
      rates.length > 0 ? rates : price.quote.taxRate,
      price.quote.taxMode,
    );
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

  return {
    /** Applies a paid (or free, or card-only) checkout: the new plan, licenses or card. */
    async apply(
      row: SubscriptionCheckoutRow,
      method: GatewayPaymentMethod | null,
      payment: GatewayPayment | null,
    ): Promise<CompletionOutcome> {
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
          return { kind: 'mismatch' };
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
          let acted: EnrollmentRow | null = null;
          let periodStart = at;
          let periodEnd = at;
          if (locked.event === 'Submit' || locked.event === 'ResubscribeSubmit') {
            const current = await repository.currentEnrollment(subscriber, tx);
            if (current && current.status !== 'EXPIRED') {
              conflict = 'already_subscribed';
              return null;
            }
            const option = options.find((candidate) => candidate.id === quote.priceOptionId)!;
            const trialEnd =
              quote.trialDays > 0 ? new Date(at.getTime() + quote.trialDays * 86_400_000) : null;
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
            acted = enrollment;
            if (trialEnd) await notices.trialStarted(enrollment, tx);
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
            acted = await repository.updateEnrollment(
              enrollment.id,
              { licenseCount: total, chargeAmount: next.total.amount, taxAmount: next.tax.amount },
              tx,
            );
            await notices.licensesAdded(
              acted!,
              {
                added: quote.licenses,
                total,
                charged: payment ? money(quote.total, quote.currency as CurrencyCode) : null,
                checkoutId: locked.id,
              },
              tx,
            );
            periodStart = at;
            periodEnd = enrollment.currentPeriodEnd;
          }
          if (payment && enrollmentId !== null) {
            const charge = await repository.insertCharge(
              {
                enrollmentId,
                checkoutId: locked.id,
                kind: locked.event === 'UpsellSubmit' ? 'proration' : 'first_period',
                licenses: quote.licenses,
                currency: quote.currency,
                amount: quote.total,
                taxAmount: quote.tax,
                taxLines: quote.taxLines ?? null,
                taxNote: quote.taxNote ?? null,
                periodStart,
                periodEnd,
                gatewayPaymentId: payment.id,
                cardBrand: method?.card?.brand ?? profile?.cardBrand ?? null,
                cardLast4: method?.card?.last4 ?? profile?.cardLast4 ?? null,
                unitPrice: locked.event === 'UpsellSubmit' ? null : quote.unitPrice,
              },
              tx,
            );
            acted ??= await repository.enrollment(enrollmentId, tx);
            if (acted) await notices.receipt(acted, charge, tx);
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
            if (enrollmentId !== null) await deps.onCardChanged(enrollmentId, method.id, tx);
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
      if (conflict) return { kind: 'conflict', reason: conflict };
      if (replacedMethod) {
        // The organization keeps one stored card (team-plan §3): the old one is detached.
        await gateway
          .detachPaymentMethod(replacedMethod, { idempotencyKey: `detach:${replacedMethod}` })
          .catch((error: unknown) =>
            log.warn({ err: error, method: replacedMethod }, 'old subscription card not detached'),
          );
      }
      return { kind: 'applied', row: done };
    },

    /** UpdateBilling: stores the information and re-taxes the next charge; says how the tax changed. */
    async applyBilling(
      row: SubscriptionCheckoutRow,
      enrollment: EnrollmentRow,
      price: SubscriptionPrice,
    ): Promise<{ row: SubscriptionCheckoutRow | null; change: TaxRateChange | null }> {
      const at = now();
      const next = await nextChargeAt(enrollment, price);
      const change: TaxRateChange = {
        previous_rate: Number(enrollment.taxRate),
        new_rate: price.quote.taxRate,
        tax_breakdown_type: price.quote.taxMode,
        currency: enrollment.currency as CurrencyCode,
        previous_total: enrollment.chargeAmount,
        new_total: next.total.amount,
        tax_excluded_amount: next.total.amount - next.tax.amount,
        previous_tax: enrollment.taxAmount,
        new_tax: next.tax.amount,
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
            chargeAmount: next.total.amount,
            taxAmount: next.tax.amount,
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
      return { row: done, change: change.previous_rate !== change.new_rate ? change : null };
    },
  };
}

export type SubscriptionCompletion = ReturnType<typeof createSubscriptionCompletion>;
