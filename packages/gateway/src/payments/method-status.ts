import { METHOD_TYPE_NAMES, WALLET_TYPES } from './method-types.js';

export type MethodStatus = 'up' | 'degraded' | 'down';
export const METHOD_STATUSES: readonly MethodStatus[] = ['up', 'degraded', 'down'];

/** Every method type, plus each wallet, has a status an operator or a test can switch. */
export const STATUS_KEYS: readonly string[] = [...METHOD_TYPE_NAMES, ...WALLET_TYPES];

/**
 * Method availability (fault control). `down`: confirming with the method fails with
 * `payment_method_unavailable`. `degraded`: confirmations are slowed by `degradedDelayMs`
 * and every third one fails with a `processing_error`, like a provider with intermittent issues.
 */
export class MethodStatusBoard {
  private readonly statuses = new Map<string, MethodStatus>();
  private readonly degradedCounters = new Map<string, number>();

  constructor(readonly degradedDelayMs: number) {
    this.reset();
  }

  reset(): void {
    for (const key of STATUS_KEYS) this.statuses.set(key, 'up');
    this.degradedCounters.clear();
  }

  get(key: string): MethodStatus {
    return this.statuses.get(key) ?? 'up';
  }

  set(key: string, status: MethodStatus): void {
    this.statuses.set(key, status);
    this.degradedCounters.delete(key);
  }

  all(): { type: string; status: MethodStatus }[] {
    return STATUS_KEYS.map((type) => ({ type, status: this.get(type) }));
  }

  /** Counts a degraded confirmation; true when this one should fail. */
  degradedAttemptFails(key: string): boolean {
    const count = (this.degradedCounters.get(key) ?? 0) + 1;
    this.degradedCounters.set(key, count);
    return count % 3 === 0;
  }
}
