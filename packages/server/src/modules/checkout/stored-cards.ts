import { CHECKOUT_MESSAGES, type StoredPaymentMethod } from '@lectern/domain';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import { GatewayError, type GatewayPaymentMethod } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';

/** Checkout §3: a stored method's local id is `<vendor>_<type>_<provider id>`. */
export const STORED_CARD_PREFIX = 'CardToken_card_';

/** A card saved on the provider's customer, as checkout §3 describes a stored payment method. */
export function toStoredMethod(method: GatewayPaymentMethod): StoredPaymentMethod | null {
  const card = method.card;
  if (!card) return null;
  return {
    id: `${STORED_CARD_PREFIX}${method.id}`,
    payment_method_details: {
      card: {
        brand: card.brand,
        last_4_digit: card.last4,
        card_holder_name: method.billingDetails.name,
        expiry_month: card.expMonth,
        expiry_year: card.expYear,
        card_bin: card.bin,
        additional_data: {
          checks: {
            avs_result: null,
            cvc_result: card.cvcCheck,
            address_postal_code_check: null,
            cvc_check: card.cvcCheck,
          },
        },
      },
    },
    fraud_context: {
      bank_country: card.country,
      bank_name: null,
      account_holder_name: method.billingDetails.name,
    },
    // No subscriptions charge saved cards yet; the subscriptions issue sets this.
    is_used_by_subscription: false,
  };
}

/**
 * The buyer's saved cards (checkout §8 payment settings): they live on the buyer's customer at
 * the provider; Lectern keeps only the customer id.
 */
export function createStoredCards(payments: PaymentsService) {
  const gateway = payments.gateway;

  async function cardsOf(userId: number): Promise<GatewayPaymentMethod[]> {
    const customerId = await payments.customerOf(userId);
    if (!customerId) return [];
    return gateway.listPaymentMethods(customerId, 'card');
  }

  return {
    cardsOf,

    /** `GET /payment-vendor/stored-payment-method/`: the buyer's saved cards. */
    async list(userId: number): Promise<StoredPaymentMethod[]> {
      return (await cardsOf(userId)).map(toStoredMethod).filter((method) => method !== null);
    },

    /**
     * `DELETE /payment-vendor/stored-payment-method/{id}/`: a card of another customer is
     * not found; a card an active subscription charges cannot be removed (checkout §8).
     */
    async remove(userId: number, storedId: string): Promise<void> {
      const methods = await cardsOf(userId);
      const method = methods.find((candidate) => `${STORED_CARD_PREFIX}${candidate.id}` === storedId);
      const stored = method && toStoredMethod(method);
      if (!method || !stored) throw notFound('There is no saved payment method with this id.');
      if (stored.is_used_by_subscription) {
        throw new HttpError(409, 'used_by_subscription', CHECKOUT_MESSAGES.usedBySubscription);
      }
      try {
        await gateway.detachPaymentMethod(method.id, { idempotencyKey: `detach:${method.id}` });
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        throw new HttpError(502, 'removal_failed', CHECKOUT_MESSAGES.removalFailed);
      }
    },
  };
}

export type StoredCards = ReturnType<typeof createStoredCards>;
