import type { CardProfile } from '../cards/card-number.js';
import { TrackedMap } from '../state/tracked-map.js';
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
  /** While `processing`: when the asynchronous method settles (epoch ms) and how. */
  settlement: { dueAt: number; settles: 'succeeds' | 'fails' } | null;
}

/**
 * The objects of one sandbox: in memory, and also on disk when the sandbox was given a state
 * folder (state/sandbox-state.ts). Maps keep insertion order, which lists rely on (newest
 * first = reverse insertion order).
 *
 * Objects are changed in place. A persisted sandbox learns what may have changed from the
 * maps (every `get`, `set` and `delete` is reported, see TrackedMap) and from the events
 * emitted (their object), and writes what really changed before the API answers. So: change
 * an object in the same synchronous stretch as you read it from its map, or call `touch` on
 * its map (e.g. for objects found by iterating, or kept across an `await`).
 */
export class Store {
  readonly customers = new TrackedMap<Customer>();
  /** Deleted customers (id → unix seconds): retrieving one answers `deleted: true`, as Stripe does. */
  readonly deletedCustomers = new TrackedMap<number>();
  readonly paymentMethods = new TrackedMap<PaymentMethod>();
  readonly paymentMethodState = new TrackedMap<PaymentMethodState>();
  readonly paymentIntents = new TrackedMap<PaymentIntent>();
  readonly setupIntents = new TrackedMap<SetupIntent>();
  readonly intentState = new TrackedMap<IntentState>();
  readonly charges = new TrackedMap<Charge>();
  readonly refunds = new TrackedMap<Refund>();
  readonly events = new TrackedMap<StripeEvent>();
  readonly webhookEndpoints = new TrackedMap<WebhookEndpoint>();
  /** Webhook signing secrets by endpoint id (returned once, at creation). */
  readonly webhookSecrets = new TrackedMap<string>();

  /** The map that holds objects with this id's prefix (`pi_…` → paymentIntents). */
  private mapFor(id: string): TrackedMap<unknown> | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    switch (prefix) {
      case 'cus':
        return this.customers;
      case 'pm':
        return this.paymentMethods;
      case 'pi':
        return this.paymentIntents;
      case 'seti':
        return this.setupIntents;
      case 'ch':
        return this.charges;
      case 're':
        return this.refunds;
      case 'evt':
        return this.events;
      default:
        return undefined;
    }
  }

  /** Any object by id, for `expand[]`. */
  find(id: string): unknown {
    return this.mapFor(id)?.get(id);
  }

  /** Reports the object with this id as possibly changed (see the class comment). */
  touch(id: string): void {
    this.mapFor(id)?.touch(id);
  }

  intentStateOf(id: string): IntentState {
    let state = this.intentState.get(id);
    if (!state) {
      state = {
        offSession: false,
        authenticatedPaymentMethod: null,
        pendingAction: null,
        returnUrl: null,
        settlement: null,
      };
      this.intentState.set(id, state);
    }
    return state;
  }
}
