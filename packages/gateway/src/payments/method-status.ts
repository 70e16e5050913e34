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

  /** @param onChange told whenever a status changes (a persisted sandbox writes them). */
  constructor(
    readonly degradedDelayMs: number,
    private readonly onChange: () => void = () => {},
  ) {
    this.reset();
  }

  reset(): void {
    for (const key of STATUS_KEYS) this.statuses.set(key, 'up');
    this.degradedCounters.clear();
    this.onChange();
  }

  /** The statuses that are not `up`, as stored (the degraded counters start again). */
  current(): Record<string, MethodStatus> {
    const out: Record<string, MethodStatus> = {};
    for (const [key, status] of this.statuses) if (status !== 'up') out[key] = status;
    return out;
  }

  /** Statuses read back from a persisted sandbox's state; unknown method types are dropped. */
  restore(saved: Record<string, MethodStatus> | undefined): void {
    for (const key of STATUS_KEYS) this.statuses.set(key, 'up');
    for (const [key, status] of Object.entries(saved ?? {})) {
      if (STATUS_KEYS.includes(key) && METHOD_STATUSES.includes(status)) this.statuses.set(key, status);
    }
  }

  get(key: string): MethodStatus {
    return this.statuses.get(key) ?? 'up';
  }

  set(key: string, status: MethodStatus): void {
    this.statuses.set(key, status);
    this.degradedCounters.delete(key);
    this.onChange();
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
