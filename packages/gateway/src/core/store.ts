import type { CardProfile } from '../cards/card-number.js';
import type {
  Charge,
  Customer,
  PaymentIntent,
  PaymentMethod,
  Refund,
  SetupIntent,
  StripeEvent,
  WebhookEndpoint,
} from './objects.js';

/** What the sandbox knows about a payment method beyond its wire shape. */
export interface PaymentMethodState {
  /** Cards only: the outcome profile of the number (never the number). */
  card?: CardProfile;
  /** Set up for off-session use (a SetupIntent, or a payment with setup_future_usage=off_session). */
  setUpForOffSession: boolean;
  /** Used once without a customer: Stripe refuses to use it again. */
  consumed: boolean;
  /** sepa_debit: how the debit settles. */
  debitSettles?: 'succeeds' | 'fails';
}

/** What the sandbox knows about an intent beyond its wire shape. */
export interface IntentState {
  offSession: boolean;
  /** The payment method that passed 3-D Secure on this intent (manual confirmation resumes from it). */
  authenticatedPaymentMethod: string | null;
  /** The hosted page the customer must visit, while the intent is `requires_action`. */
  pendingAction: string | null;
  returnUrl: string | null;
}

/**
 * In-memory state of one sandbox process. Maps keep insertion order, which lists rely on
 * (newest first = reverse insertion order).
 */
export class Store {
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly paymentMethodState = new Map<string, PaymentMethodState>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly intentState = new Map<string, IntentState>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly events = new Map<string, StripeEvent>();
  readonly webhookEndpoints = new Map<string, WebhookEndpoint>();
  /** Webhook signing secrets by endpoint id (returned once, at creation). */
  readonly webhookSecrets = new Map<string, string>();

  /** Any object by id, for `expand[]`. */
  find(id: string): unknown {
    const prefix = id.slice(0, id.indexOf('_'));
    switch (prefix) {
      case 'cus':
        return this.customers.get(id);
      case 'pm':
        return this.paymentMethods.get(id);
      case 'pi':
        return this.paymentIntents.get(id);
      case 'seti':
        return this.setupIntents.get(id);
      case 'ch':
        return this.charges.get(id);
      case 're':
        return this.refunds.get(id);
      case 'evt':
        return this.events.get(id);
      default:
        return undefined;
    }
  }

  intentStateOf(id: string): IntentState {
    let state = this.intentState.get(id);
    if (!state) {
      state = { offSession: false, authenticatedPaymentMethod: null, pendingAction: null, returnUrl: null };
      this.intentState.set(id, state);
    }
    return state;
  }
}
