import { describe, expect, it } from 'vitest';
import { profileForTestCard } from '../cards/card-number.js';
import { findTestCard } from '../cards/test-cards.js';
import { afterAuthentication, decide, type AttemptFacts } from './authorization.js';
import { canTransition } from './intent-state.js';
import { methodType } from './method-types.js';

function facts(number: string, overrides: Partial<AttemptFacts> = {}): AttemptFacts {
  return {
    intentKind: 'payment',
    method: methodType('card')!,
    card: profileForTestCard(findTestCard(number)!, 'secret'),
    paymentMethod: { setUpForOffSession: false, consumed: false },
    offSession: false,
    authenticated: false,
    ...overrides,
  };
}

describe('outcome rules', () => {
  it('asks for 3-D Secure on session and declines with authentication_required off session', () => {
    expect(decide(facts('4000000000003220'))).toEqual({ kind: 'action', action: 'three_d_secure' });
    expect(decide(facts('4000000000003220', { offSession: true }))).toMatchObject({
      kind: 'decline',
      decline: { code: 'authentication_required' },
    });
  });

  it('lets 4000002500003155 pay off session once set up, but never 4000002760003184', () => {
    const setUp = { setUpForOffSession: true, consumed: false };
    expect(decide(facts('4000002500003155', { offSession: true, paymentMethod: setUp }))).toEqual({
      kind: 'succeed',
    });
    expect(decide(facts('4000002760003184', { offSession: true, paymentMethod: setUp }))).toMatchObject({
      kind: 'decline',
    });
  });

  it('asks 4000003800000446 for 3-D Secure on session, never off session, set up or not', () => {
    const notSetUp = { setUpForOffSession: false, consumed: false };
    const setUp = { setUpForOffSession: true, consumed: false };
    const threeDS = { kind: 'action', action: 'three_d_secure' };
    expect(decide(facts('4000003800000446'))).toEqual(threeDS);
    expect(decide(facts('4000003800000446', { paymentMethod: setUp }))).toEqual(threeDS);
    expect(decide(facts('4000003800000446', { intentKind: 'setup' }))).toEqual(threeDS);
    expect(decide(facts('4000003800000446', { authenticated: true }))).toEqual({ kind: 'succeed' });
    for (const paymentMethod of [notSetUp, setUp]) {
      expect(decide(facts('4000003800000446', { offSession: true, paymentMethod }))).toEqual({
        kind: 'succeed',
      });
    }
    // Unlike 4000002500003155, which needs the setup first.
    expect(decide(facts('4000002500003155', { offSession: true, paymentMethod: notSetUp }))).toMatchObject({
      kind: 'decline',
      decline: { code: 'authentication_required' },
    });
  });

  it('blocks the highest-risk card and lets the elevated-risk and country cards pay off session', () => {
    expect(decide(facts('4000000000004954'))).toMatchObject({
      kind: 'decline',
      decline: { code: 'card_declined', declineCode: 'fraudulent' },
    });
    for (const number of ['4000000000009235', '4000002760000016', '4000002500001001', '5555050360000080']) {
      expect(decide(facts(number)), number).toEqual({ kind: 'succeed' });
      expect(decide(facts(number, { offSession: true })), number).toEqual({ kind: 'succeed' });
    }
  });

  it('declines 4000008400001629 only after authentication', () => {
    const f = facts('4000008400001629');
    expect(decide(f).kind).toBe('action');
    expect(afterAuthentication(f, f.card!)).toMatchObject({
      kind: 'decline',
      decline: { code: 'card_declined' },
    });
  });

  it('runs the card check for setups: card-level declines fail, funds-level ones pass', () => {
    expect(decide(facts('4000000000009987', { intentKind: 'setup' }))).toMatchObject({ kind: 'decline' });
    expect(decide(facts('4000000000009995', { intentKind: 'setup' }))).toEqual({ kind: 'succeed' });
  });

  it('settles SEPA debits asynchronously and sends redirect methods to a hosted page', () => {
    const sepa = { ...facts('4242424242424242'), method: methodType('sepa_debit')!, card: undefined };
    expect(decide(sepa)).toEqual({ kind: 'process', settles: 'succeeds' });
    expect(decide({ ...sepa, method: methodType('ideal')! })).toEqual({ kind: 'action', action: 'bank' });
    expect(decide({ ...sepa, method: methodType('boleto')! })).toEqual({ kind: 'action', action: 'voucher' });
  });
});

describe('intent state machine', () => {
  it('keeps succeeded and canceled terminal, and processing away from actions', () => {
    expect(canTransition('succeeded', 'requires_payment_method')).toBe(false);
    expect(canTransition('canceled', 'requires_confirmation')).toBe(false);
    expect(canTransition('processing', 'requires_action')).toBe(false);
    expect(canTransition('processing', 'succeeded')).toBe(true);
    expect(canTransition('requires_action', 'requires_confirmation')).toBe(true);
  });
});
