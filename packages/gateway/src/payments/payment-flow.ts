import { setTimeout as sleep } from 'node:timers/promises';
import { DECLINES, type Decline } from '../cards/test-cards.js';
import { nowSeconds } from '../core/ids.js';
import type { Charge, LastError, PaymentIntent, PaymentMethod, SetupIntent } from '../core/objects.js';
import type { Store } from '../core/store.js';
import { cardError, invalidRequest } from '../core/stripe-error.js';
import { NO_REQUEST, type EventBus, type RequestInfo } from '../webhooks/event-bus.js';
import type { ActionRegistry, PendingAction } from './actions.js';
import {
  afterApproval,
  afterAuthentication,
  decide,
  PROVIDER_DECLINE,
  DEBIT_FAILED,
  VOUCHER_EXPIRED,
  type Outcome,
} from './authorization.js';
import { buildCharge } from './charges.js';
import { transition } from './intent-state.js';
import type { MethodStatusBoard } from './method-status.js';
import { dokuChannelOf, methodType, type MethodTypeInfo } from './method-types.js';
import { buildNextAction, voucherReference } from './next-actions.js';
import type { Timers } from './timers.js';

type Intent = PaymentIntent | SetupIntent;

export interface FlowDeps {
  store: Store;
  events: EventBus;
  actions: ActionRegistry;
  timers: Timers;
  methods: MethodStatusBoard;
  publicUrl: string;
  /** How long asynchronous methods stay `processing`. */
  settlementDelayMs: number;
}

export interface ConfirmContext {
  offSession: boolean;
  returnUrl: string | null;
  /** Confirmed by the browser SDK: 3-D Secure is handled in its modal (`use_stripe_sdk`). */
  useSdk: boolean;
  request: RequestInfo;
  /** Voucher lifetime override, in seconds. */
  voucherLifetime?: number | undefined;
}

export type ActionVerdict = 'complete' | 'fail' | 'approve' | 'decline' | 'paid' | 'expire';

const AUTH_FAILED = (intent: Intent): Decline & { type: 'invalid_request_error' } => ({
  type: 'invalid_request_error',
  code:
    intent.object === 'setup_intent'
      ? 'setup_intent_authentication_failure'
      : 'payment_intent_authentication_failure',
  declineCode: 'authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
});

const isSetup = (intent: Intent): intent is SetupIntent => intent.object === 'setup_intent';
const eventPrefix = (intent: Intent) => (isSetup(intent) ? 'setup_intent' : 'payment_intent');

/**
 * Confirmation and everything after it: decides the outcome (authorization.ts), moves the
 * intent through the state machine, creates charges, hosted-page actions and events, and
 * schedules asynchronous settlement and voucher expiry.
 */
export class PaymentFlow {
  constructor(private readonly deps: FlowDeps) {}

  async confirm(intent: Intent, context: ConfirmContext): Promise<Intent> {
    const { store } = this.deps;
    const pm = store.paymentMethods.get(intent.payment_method ?? '');
    if (!pm) {
      throw invalidRequest(
        `You cannot confirm this ${isSetup(intent) ? 'SetupIntent' : 'PaymentIntent'} because it's missing a payment method. Update it with a payment method and then confirm it again.`,
        { code: isSetup(intent) ? 'setup_intent_unexpected_state' : 'payment_intent_unexpected_state' },
      );
    }
    const method = this.methodFor(pm);
    this.checkCompatible(intent, pm, method, context);
    const state = store.intentStateOf(intent.id);
    state.offSession = context.offSession;
    state.returnUrl = context.returnUrl;

    const pmState = store.paymentMethodState.get(pm.id) ?? { setUpForOffSession: false, consumed: false };
    let outcome: Outcome = decide({
      intentKind: isSetup(intent) ? 'setup' : 'payment',
      method,
      card: pmState.card,
      paymentMethod: pmState,
      offSession: context.offSession,
      authenticated: state.authenticatedPaymentMethod === pm.id,
    });
    const statusKey = pm.card?.wallet?.type ?? pm.type;
    if (this.deps.methods.get(statusKey) === 'degraded' || this.deps.methods.get(pm.type) === 'degraded') {
      await sleep(this.deps.methods.degradedDelayMs);
      if (this.deps.methods.degradedAttemptFails(statusKey)) {
        outcome = { kind: 'decline', decline: DECLINES.processingError };
      }
    }
    return this.apply(intent, pm, method, outcome, context, true);
  }

  /** A customer finished (or failed) a hosted page. */
  completeAction(
    action: PendingAction,
    verdict: ActionVerdict,
  ): { intent: Intent; redirectUrl: string | null } {
    const { store, actions } = this.deps;
    const intent = this.intentById(action.intentId);
    const state = store.intentStateOf(intent.id);
    actions.take(action.id);
    if (intent.status !== 'requires_action' || state.pendingAction !== action.id) {
      return { intent, redirectUrl: this.returnUrlFor(intent, action.returnUrl) };
    }
    state.pendingAction = null;
    const pm = store.paymentMethods.get(intent.payment_method ?? '')!;
    const method = this.methodFor(pm);
    const context: ConfirmContext = {
      offSession: false,
      returnUrl: action.returnUrl,
      useSdk: false,
      request: NO_REQUEST,
    };
    let outcome: Outcome;
    switch (verdict) {
      case 'complete': {
        state.authenticatedPaymentMethod = pm.id;
        if (!isSetup(intent) && intent.confirmation_method === 'manual') {
          transition(intent, 'requires_confirmation');
          intent.next_action = null;
          return { intent, redirectUrl: this.returnUrlFor(intent, action.returnUrl) };
        }
        const pmState = store.paymentMethodState.get(pm.id);
        outcome = afterAuthentication(
          {
            intentKind: isSetup(intent) ? 'setup' : 'payment',
            method,
            card: pmState?.card,
            paymentMethod: pmState ?? { setUpForOffSession: false, consumed: false },
            offSession: false,
            authenticated: true,
          },
          pmState!.card!,
        );
        break;
      }
      case 'fail':
        outcome = { kind: 'decline', decline: AUTH_FAILED(intent) };
        break;
      case 'approve':
        outcome = afterApproval(method);
        break;
      case 'paid':
        outcome = { kind: 'succeed' };
        break;
      case 'decline':
        outcome = { kind: 'decline', decline: PROVIDER_DECLINE };
        break;
      case 'expire':
        outcome = { kind: 'decline', decline: VOUCHER_EXPIRED };
        break;
    }
    this.apply(intent, pm, method, outcome, context, false);
    return { intent, redirectUrl: this.returnUrlFor(intent, action.returnUrl) };
  }

  cancel(intent: Intent, reason: string | null, request: RequestInfo): Intent {
    const state = this.deps.store.intentStateOf(intent.id);
    if (state.pendingAction) this.deps.actions.take(state.pendingAction);
    state.pendingAction = null;
    transition(intent, 'canceled');
    intent.next_action = null;
    intent.cancellation_reason = reason;
    if (!isSetup(intent)) intent.canceled_at = nowSeconds();
    this.deps.events.emit(`${eventPrefix(intent)}.canceled`, intent, request);
    return intent;
  }

  /** The redirect back to the merchant, with Stripe's query parameters. */
  returnUrlFor(intent: Intent, returnUrl: string | null): string | null {
    if (!returnUrl) return null;
    const url = new URL(returnUrl);
    const key = isSetup(intent) ? 'setup_intent' : 'payment_intent';
    url.searchParams.set(key, intent.id);
    url.searchParams.set(`${key}_client_secret`, intent.client_secret);
    // requires_confirmation: authenticated, the server confirms next; requires_action: a voucher
    // the customer has yet to pay.
    const status =
      intent.status === 'succeeded' || intent.status === 'processing'
        ? intent.status
        : intent.status === 'requires_confirmation'
          ? 'succeeded'
          : intent.status === 'requires_action'
            ? 'pending'
            : 'failed';
    url.searchParams.set('redirect_status', status);
    return url.toString();
  }

  methodFor(pm: PaymentMethod): MethodTypeInfo {
    const method = methodType(pm.type);
    if (!method) throw new Error(`payment method ${pm.id} has unknown type ${pm.type}`);
    return method;
  }

  private checkCompatible(
    intent: Intent,
    pm: PaymentMethod,
    method: MethodTypeInfo,
    context: ConfirmContext,
  ) {
    const { store, methods } = this.deps;
    const pmState = store.paymentMethodState.get(pm.id);
    if (pmState?.consumed) {
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param: 'payment_method', code: 'payment_method_unexpected_state' },
      );
    }
    if (pm.customer && intent.customer !== pm.customer) {
      throw invalidRequest(
        `The provided PaymentMethod belongs to a Customer (${pm.customer}); pass customer=${pm.customer} to use it.`,
        { param: 'payment_method', code: 'payment_method_invalid_parameter' },
      );
    }
    if (!intent.payment_method_types.includes(pm.type)) {
      throw invalidRequest(
        `The PaymentMethod provided (${pm.type}) is not allowed for this ${isSetup(intent) ? 'SetupIntent' : 'PaymentIntent'}. Use one of: ${intent.payment_method_types.join(', ')}.`,
        { param: 'payment_method', code: 'payment_intent_incompatible_payment_method' },
      );
    }
    if (!isSetup(intent) && method.currencies.length > 0 && !method.currencies.includes(intent.currency)) {
      throw invalidRequest(
        `The currency provided (${intent.currency}) is invalid for payments with ${pm.type}; use ${method.currencies.join(', ')}.`,
        { param: 'currency', code: 'payment_intent_invalid_parameter' },
      );
    }
    if (isSetup(intent) && !['card', 'debit'].includes(method.flow) && pm.type !== 'paypal') {
      throw invalidRequest(`SetupIntents do not support ${pm.type}.`, {
        param: 'payment_method',
        code: 'setup_intent_invalid_parameter',
      });
    }
    if (context.offSession && !['card', 'debit'].includes(method.flow)) {
      throw invalidRequest(`off_session=true is only supported for card and sepa_debit payments.`, {
        param: 'off_session',
      });
    }
    if ((method.flow === 'bnpl' || method.flow === 'redirect') && !context.returnUrl) {
      throw invalidRequest(
        `A return_url is required to confirm with ${pm.type}: the customer is redirected to approve.`,
        {
          param: 'return_url',
          code: 'parameter_missing',
        },
      );
    }
    for (const key of [pm.type, pm.card?.wallet?.type]) {
      if (key && methods.get(key) === 'down') {
        throw invalidRequest(
          `The payment method ${key} is currently unavailable. Try another payment method.`,
          {
            param: 'payment_method',
            code: 'payment_method_unavailable',
          },
        );
      }
    }
  }

  private apply(
    intent: Intent,
    pm: PaymentMethod,
    method: MethodTypeInfo,
    outcome: Outcome,
    context: ConfirmContext,
    inRequest: boolean,
  ): Intent {
    switch (outcome.kind) {
      case 'succeed':
        return this.succeed(intent, pm, context.request);
      case 'process':
        return this.process(intent, pm, outcome.settles, context.request);
      case 'action':
        return this.requireAction(intent, pm, method, outcome.action, context);
      case 'decline':
        return this.decline(intent, pm, outcome.decline, context.request, inRequest);
    }
  }

  private succeed(intent: Intent, pm: PaymentMethod, request: RequestInfo): Intent {
    const { store, events } = this.deps;
    const pmState = store.paymentMethodState.get(pm.id);
    transition(intent, 'succeeded');
    intent.next_action = null;
    if (isSetup(intent)) {
      intent.last_setup_error = null;
      if (pmState && intent.usage === 'off_session') pmState.setUpForOffSession = true;
      if (intent.customer && !pm.customer) this.attach(pm, intent.customer, request);
      events.emit('setup_intent.succeeded', intent, request);
      return intent;
    }
    const charge = this.storeCharge(buildCharge(intent, pm, null));
    intent.latest_charge = charge.id;
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) {
      if (!pm.customer) this.attach(pm, intent.customer, request);
      if (pmState && intent.setup_future_usage === 'off_session') pmState.setUpForOffSession = true;
    } else if (!pm.customer && pmState) {
      pmState.consumed = true;
    }
    events.emit('charge.succeeded', charge, request);
    events.emit('payment_intent.succeeded', intent, request);
    return intent;
  }

  /**
   * After a restart of a persisted sandbox: arms again the settlements of `processing` intents
   * and the expiry of vouchers (overdue ones run at once).
   */
  resumeTimers(): void {
    const { store, actions } = this.deps;
    for (const [id, state] of store.intentState) {
      if (state.settlement) this.scheduleSettlement(id, state.settlement);
    }
    for (const action of actions.all()) this.scheduleExpiry(action);
  }

  private process(
    intent: Intent,
    pm: PaymentMethod,
    settles: 'succeeds' | 'fails',
    request: RequestInfo,
  ): Intent {
    transition(intent, 'processing');
    intent.next_action = null;
    // Kept with the intent (not only in a timer) so that a restarted sandbox settles it too.
    const settlement = { dueAt: Date.now() + this.deps.settlementDelayMs, settles };
    this.deps.store.intentStateOf(intent.id).settlement = settlement;
    this.deps.events.emit(`${eventPrefix(intent)}.processing`, intent, request);
    this.scheduleSettlement(intent.id, settlement);
    return intent;
  }

  private scheduleSettlement(intentId: string, settlement: { dueAt: number; settles: 'succeeds' | 'fails' }) {
    const { store, timers } = this.deps;
    timers.after(Math.max(0, settlement.dueAt - Date.now()), () => {
      // Looked up by id: after a restart the objects are new ones.
      const intent = store.paymentIntents.get(intentId) ?? store.setupIntents.get(intentId);
      const state = store.intentStateOf(intentId);
      // A later confirmation replaced this settlement with its own.
      if (state.settlement?.dueAt !== settlement.dueAt) return;
      state.settlement = null;
      if (intent?.status !== 'processing') return;
      const pm = store.paymentMethods.get(intent.payment_method ?? '');
      if (!pm) return;
      if (settlement.settles === 'succeeds') this.succeed(intent, pm, NO_REQUEST);
      else this.decline(intent, pm, DEBIT_FAILED, NO_REQUEST, false);
    });
  }

  private scheduleExpiry(action: PendingAction): void {
    if (action.expiresAt === null) return;
    const { actions, timers } = this.deps;
    timers.after(Math.max(0, (action.expiresAt - nowSeconds()) * 1000), () => {
      const pending = actions.get(action.id);
      if (pending) this.completeAction(pending, 'expire');
    });
  }

  private requireAction(
    intent: Intent,
    pm: PaymentMethod,
    method: MethodTypeInfo,
    kind: PendingAction['kind'],
    context: ConfirmContext,
  ): Intent {
    const { store, actions, publicUrl } = this.deps;
    const state = store.intentStateOf(intent.id);
    if (state.pendingAction) actions.take(state.pendingAction);
    const lifetime = context.voucherLifetime ?? method.voucherLifetime ?? 0;
    const expiresAt = kind === 'voucher' ? nowSeconds() + lifetime : null;
    const reference = kind === 'voucher' ? voucherReference(pm.type) : null;
    const action = actions.create({
      kind,
      intentId: intent.id,
      methodType: pm.type,
      returnUrl: context.returnUrl,
      expiresAt,
      reference,
    });
    state.pendingAction = action.id;
    const page = `${publicUrl}/hosted/${kind === 'three_d_secure' ? '3ds' : kind}/${action.id}`;
    intent.next_action = buildNextAction({
      kind,
      type: pm.type,
      page,
      useSdk: context.useSdk,
      returnUrl: context.returnUrl,
      expiresAt,
      reference,
      channel: dokuChannelOf(pm),
    });
    transition(intent, 'requires_action');
    this.deps.events.emit(`${eventPrefix(intent)}.requires_action`, intent, context.request);
    this.scheduleExpiry(action);
    return intent;
  }

  private decline(
    intent: Intent,
    pm: PaymentMethod,
    decline: Decline & { type?: LastError['type'] },
    request: RequestInfo,
    inRequest: boolean,
  ): Intent {
    const { events } = this.deps;
    const state = this.deps.store.intentStateOf(intent.id);
    state.authenticatedPaymentMethod = null;
    const type = decline.type ?? (pm.type === 'card' ? 'card_error' : 'invalid_request_error');
    const error: LastError = {
      type,
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
      payment_method: structuredClone(pm),
    };
    transition(intent, 'requires_payment_method');
    intent.next_action = null;
    intent.payment_method = null;
    if (isSetup(intent)) {
      intent.last_setup_error = error;
      events.emit('setup_intent.setup_failed', intent, request);
    } else {
      const charge = this.storeCharge(buildCharge(intent, pm, decline));
      intent.latest_charge = charge.id;
      error.charge = charge.id;
      intent.last_payment_error = error;
      events.emit('charge.failed', charge, request);
      events.emit('payment_intent.payment_failed', intent, request);
    }
    if (!inRequest) return intent;
    const { type: _type, message, code, ...rest } = error;
    throw cardError(code, message, {
      ...rest,
      ...(isSetup(intent)
        ? { setup_intent: structuredClone(intent) }
        : { payment_intent: structuredClone(intent) }),
    });
  }

  private attach(pm: PaymentMethod, customer: string, request: RequestInfo): void {
    pm.customer = customer;
    this.deps.events.emit('payment_method.attached', pm, request);
  }

  private storeCharge(charge: Charge): Charge {
    this.deps.store.charges.set(charge.id, charge);
    return charge;
  }

  private intentById(id: string): Intent {
    const intent = this.deps.store.paymentIntents.get(id) ?? this.deps.store.setupIntents.get(id);
    if (!intent) throw new Error(`action for unknown intent ${id}`);
    return intent;
  }
}
