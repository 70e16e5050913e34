import type { CardProfile } from '../cards/card-number.js';
import { DECLINES, type Decline } from '../cards/test-cards.js';
import type { PaymentMethodState } from '../core/store.js';
import type { ActionKind } from './actions.js';
import type { MethodTypeInfo } from './method-types.js';

/** What confirming an intent leads to, before any state changes. */
export type Outcome =
  | { kind: 'succeed' }
  | { kind: 'process'; settles: 'succeeds' | 'fails' }
  | { kind: 'action'; action: ActionKind }
  | { kind: 'decline'; decline: Decline };

export interface AttemptFacts {
  intentKind: 'payment' | 'setup';
  method: MethodTypeInfo;
  card: CardProfile | undefined;
  paymentMethod: PaymentMethodState;
  offSession: boolean;
  /** 3-D Secure already passed on this intent with this payment method. */
  authenticated: boolean;
}

export const PROVIDER_DECLINE: Decline = {
  code: 'payment_method_provider_decline',
  declineCode: 'payment_method_provider_decline',
  message: 'The payment was declined by the payment method provider.',
};

export const DEBIT_FAILED: Decline = {
  code: 'payment_method_provider_decline',
  declineCode: 'insufficient_funds',
  message: 'The bank account could not be debited.',
};

export const VOUCHER_EXPIRED: Decline = {
  code: 'payment_intent_payment_attempt_expired',
  declineCode: 'payment_attempt_expired',
  message: 'The voucher expired before it was paid.',
};

function needsAuthentication(facts: AttemptFacts, card: CardProfile): boolean {
  if (facts.authenticated) return false;
  switch (card.card.threeDSecure) {
    case 'none':
      return false;
    case 'always':
    case 'required':
      return true;
    case 'on_session_unless_setup':
      return !(facts.offSession && facts.paymentMethod.setUpForOffSession);
    case 'on_session_only':
      return !facts.offSession;
  }
}

function decideCard(facts: AttemptFacts, card: CardProfile): Outcome {
  if (facts.intentKind === 'setup') {
    if (card.card.attach) return { kind: 'decline', decline: card.card.attach };
    if (card.card.cvcCheckFails && card.cvcProvided)
      return { kind: 'decline', decline: DECLINES.incorrectCvc };
    if (needsAuthentication(facts, card)) return { kind: 'action', action: 'three_d_secure' };
    return { kind: 'succeed' };
  }
  if (card.card.cvcCheckFails && card.cvcProvided) return { kind: 'decline', decline: DECLINES.incorrectCvc };
  if (needsAuthentication(facts, card)) {
    return facts.offSession
      ? { kind: 'decline', decline: DECLINES.authenticationRequired }
      : { kind: 'action', action: 'three_d_secure' };
  }
  return afterAuthentication(facts, card);
}

/** The charge (or card check) once 3-D Secure has passed. */
export function afterAuthentication(facts: AttemptFacts, card: CardProfile): Outcome {
  if (facts.intentKind === 'setup') return { kind: 'succeed' };
  return card.card.charge ? { kind: 'decline', decline: card.card.charge } : { kind: 'succeed' };
}

/** The customer approved on a hosted page (BNPL or bank): done, or settling for a while. */
export function afterApproval(method: MethodTypeInfo): Outcome {
  return method.settlesAsync ? { kind: 'process', settles: 'succeeds' } : { kind: 'succeed' };
}

/** Decides the outcome of confirming, from the method, the card's profile and the context. */
export function decide(facts: AttemptFacts): Outcome {
  switch (facts.method.flow) {
    case 'card':
      return decideCard(facts, facts.card!);
    case 'bnpl':
      return { kind: 'action', action: 'bnpl' };
    case 'redirect':
      return { kind: 'action', action: 'bank' };
    case 'debit':
      return facts.intentKind === 'setup'
        ? { kind: 'succeed' }
        : { kind: 'process', settles: facts.paymentMethod.debitSettles ?? 'succeeds' };
    case 'voucher':
      return { kind: 'action', action: 'voucher' };
  }
}
