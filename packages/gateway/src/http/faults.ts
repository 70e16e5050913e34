import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../core/stripe-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Sandbox control routes: never slowed down or failed by the fault controls. */
    control?: boolean;
  }
  interface FastifyRequest {
    hangAfterHandling: boolean;
  }
}

export interface FaultSettings {
  /** The next N API requests answer `fail_status` without doing anything. */
  fail_next: number;
  fail_status: number;
  /** The next N API requests never answer (the connection is dropped after `hang_ms`). */
  timeout_next: number;
  /** `before`: dropped without doing anything; `after`: done, but the answer is lost. */
  timeout_mode: 'before' | 'after';
  hang_ms: number;
  /** Every API answer is delayed this long. */
  slow_ms: number;
  /**
   * Tax calculations only (an external tax service's outage, payments unaffected): `fail`
   * answers each with `fail_status`, `hang` never answers (dropped after `hang_ms`), until
   * set back to `normal`.
   */
  tax_calculations: TaxCalculationsFault;
}

export const TAX_CALCULATIONS_FAULTS = ['normal', 'fail', 'hang'] as const;
export type TaxCalculationsFault = (typeof TAX_CALCULATIONS_FAULTS)[number];

const DEFAULTS: FaultSettings = {
  fail_next: 0,
  fail_status: 500,
  timeout_next: 0,
  timeout_mode: 'before',
  hang_ms: 120_000,
  slow_ms: 0,
  tax_calculations: 'normal',
};

/**
 * Fault controls for tests and demos: failing, hanging and slow API requests. The settings
 * (counters included) are part of a persisted sandbox's state; hung requests are not.
 */
export class FaultController {
  private settings: FaultSettings = { ...DEFAULTS };
  private readonly hangs = new Set<AbortController>();

  /** @param onChange told whenever the settings change (a persisted sandbox writes them). */
  constructor(private readonly onChange: () => void = () => {}) {}

  snapshot(): FaultSettings & { object: 'sandbox.faults' } {
    return { object: 'sandbox.faults', ...this.settings };
  }

  /** The settings as stored. */
  current(): FaultSettings {
    return { ...this.settings };
  }

  /** Settings read back from a persisted sandbox's state. */
  restore(saved: Partial<FaultSettings> | undefined): void {
    this.settings = { ...DEFAULTS, ...saved };
  }

  update(changes: Partial<FaultSettings>): void {
    this.settings = { ...this.settings, ...changes };
    this.onChange();
  }

  reset(): void {
    this.settings = { ...DEFAULTS };
    this.onChange();
  }

  /** Ends every hung request (when the sandbox closes). */
  releaseAll(): void {
    for (const controller of this.hangs) controller.abort();
    this.hangs.clear();
  }

  register(scope: FastifyInstance): void {
    scope.decorateRequest('hangAfterHandling', false);
    scope.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.control || request.method === 'OPTIONS') return;
      if (this.settings.slow_ms > 0) await sleep(this.settings.slow_ms);
      if (this.settings.fail_next > 0) {
        this.settings.fail_next -= 1;
        this.onChange();
        request.faultInjected = true;
        throw apiError(
          this.settings.fail_status,
          'The sandbox was told to fail this request (fault control fail_next).',
        );
      }
      if (this.settings.timeout_next > 0) {
        this.settings.timeout_next -= 1;
        this.onChange();
        if (this.settings.timeout_mode === 'after') {
          request.hangAfterHandling = true;
          return;
        }
        request.faultInjected = true;
        await this.hang(reply);
      }
    });
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.hangAfterHandling) await this.hang(reply);
      return payload;
    });
  }

  /** Never answers this request: the connection is dropped after `hang_ms` (or at close). */
  async hang(reply: FastifyReply): Promise<void> {
    const controller = new AbortController();
    this.hangs.add(controller);
    await sleep(this.settings.hang_ms, undefined, { signal: controller.signal }).catch(() => {});
    this.hangs.delete(controller);
    reply.hijack();
    reply.raw.destroy();
  }
}
