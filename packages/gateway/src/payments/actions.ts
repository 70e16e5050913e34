import { randomToken } from '../core/ids.js';
import { TrackedMap } from '../state/tracked-map.js';

/** The hosted page a customer must visit to move an intent on. */
export type ActionKind = 'three_d_secure' | 'bnpl' | 'bank' | 'voucher';

export interface PendingAction {
  /** Unguessable: the URL of the hosted page is the only credential it needs. */
  id: string;
  kind: ActionKind;
  intentId: string;
  methodType: string;
  returnUrl: string | null;
  /** Vouchers: unix seconds after which the voucher can no longer be paid. */
  expiresAt: number | null;
  /** Vouchers: the number printed on it (Pix: the copy-and-paste code). */
  reference: string | null;
}

/** Pending hosted-page actions; part of a persisted sandbox's state (a voucher outlives a restart). */
export class ActionRegistry {
  readonly actions = new TrackedMap<PendingAction>();

  create(input: Omit<PendingAction, 'id'>): PendingAction {
    const action: PendingAction = { id: `act_${randomToken(32)}`, ...input };
    this.actions.set(action.id, action);
    return action;
  }

  get(id: string): PendingAction | undefined {
    return this.actions.get(id);
  }

  /** An action is used once: completing, failing or expiring it removes it. */
  take(id: string): PendingAction | undefined {
    const action = this.actions.get(id);
    this.actions.delete(id);
    return action;
  }

  all(): IterableIterator<PendingAction> {
    return this.actions.values();
  }

  /** Forgets them in memory only (the sandbox is closing; a persisted sandbox keeps them on disk). */
  clear(): void {
    this.actions.clear();
  }
}
