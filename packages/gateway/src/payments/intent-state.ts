import type { IntentStatus } from '../core/objects.js';
import { unexpectedState } from '../core/stripe-error.js';

/**
 * The intent state machine (PaymentIntents and SetupIntents share it):
 *
 *   requires_payment_method ─▶ requires_confirmation ─▶ (confirm)
 *   (confirm) ─▶ requires_action ─▶ (authenticated / approved / paid)
 *             ─▶ processing          (asynchronous methods only)
 *             ─▶ succeeded           (terminal)
 *             ─▶ requires_payment_method + last error  (decline, failed action, expiry)
 *   any non-terminal but processing ─▶ canceled (terminal)
 */
const TRANSITIONS: Record<IntentStatus, readonly IntentStatus[]> = {
  requires_payment_method: [
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ],
  requires_confirmation: [
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ],
  requires_action: [
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ],
  processing: ['requires_payment_method', 'succeeded'],
  succeeded: [],
  canceled: [],
};

export const CONFIRMABLE: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export const CANCELABLE: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export function canTransition(from: IntentStatus, to: IntentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Moves an intent to `to`, or fails loudly: an impossible transition is a sandbox bug. */
export function transition<T extends { id: string; status: IntentStatus }>(intent: T, to: IntentStatus): T {
  if (!canTransition(intent.status, to)) {
    throw new Error(`Invalid transition of ${intent.id} from ${intent.status} to ${to}`);
  }
  intent.status = to;
  return intent;
}

const noun = (id: string) => (id.startsWith('seti_') ? 'SetupIntent' : 'PaymentIntent');
const code = (id: string) =>
  id.startsWith('seti_') ? 'setup_intent_unexpected_state' : 'payment_intent_unexpected_state';

export function assertConfirmable(intent: { id: string; status: IntentStatus }): void {
  if (CONFIRMABLE.includes(intent.status)) return;
  const why =
    intent.status === 'succeeded'
      ? 'it has already succeeded after being previously confirmed'
      : `it has a status of ${intent.status}`;
  throw unexpectedState(code(intent.id), `You cannot confirm this ${noun(intent.id)} because ${why}.`);
}

export function assertCancelable(intent: { id: string; status: IntentStatus }): void {
  if (CANCELABLE.includes(intent.status)) return;
  throw unexpectedState(
    code(intent.id),
    `You cannot cancel this ${noun(intent.id)} because it has a status of ${intent.status}. ` +
      `Only a ${noun(intent.id)} with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
  );
}

export function assertUpdatable(intent: { id: string; status: IntentStatus }): void {
  if (CONFIRMABLE.includes(intent.status)) return;
  throw unexpectedState(
    code(intent.id),
    `You cannot update this ${noun(intent.id)} because it has a status of ${intent.status}.`,
  );
}
