import { chargeNetwork } from '../cards/networks.js';
import type { Decline } from '../cards/test-cards.js';
import { newId, nowSeconds } from '../core/ids.js';
import type { Charge, PaymentIntent, PaymentMethod } from '../core/objects.js';

/** The charge of one payment attempt: succeeded, or failed with the decline's codes. */
export function buildCharge(intent: PaymentIntent, pm: PaymentMethod, decline: Decline | null): Charge {
  return {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: decline ? 0 : intent.amount,
    amount_refunded: 0,
    captured: !decline,
    created: nowSeconds(),
    currency: intent.currency,
    customer: intent.customer,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    livemode: false,
    metadata: { ...intent.metadata },
    outcome: decline
      ? {
          network_status: 'declined_by_network',
          reason: decline.declineCode,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          network_status: 'approved_by_network',
          reason: null,
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !decline,
    payment_intent: intent.id,
    payment_method: pm.id,
    payment_method_details: pm.card
      ? {
          type: 'card',
          card: {
            brand: pm.card.brand,
            last4: pm.card.last4,
            exp_month: pm.card.exp_month,
            exp_year: pm.card.exp_year,
            country: pm.card.country,
            funding: pm.card.funding,
            checks: pm.card.checks,
            network: chargeNetwork(pm.card),
          },
        }
      : { type: pm.type },
    refunded: false,
    status: decline ? 'failed' : 'succeeded',
  };
}
