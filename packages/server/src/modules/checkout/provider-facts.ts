import type { FastifyBaseLogger } from 'fastify';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { MethodStatuses } from './checkout-methods.js';

/** How long the provider's method statuses are reused by default. */
const STATUS_CACHE_MS = 5_000;
const ENCRYPTION_KEY_CACHE_MS = 10 * 60 * 1000;

/**
 * The payment provider's facts that every checkout shows: its method statuses (checkout §4:
 * up, degraded, down) and its card encryption key, each asked for once per short while.
 */
export function createProviderFacts(deps: {
  gateway: Pick<PaymentGateway, 'methodStatuses' | 'cardEncryptionKey'>;
  log: FastifyBaseLogger;
  statusCacheMs?: number;
}) {
  const { gateway, log } = deps;
  const statusCache = createExpiringCache<'statuses', MethodStatuses>({
    ttlMs: deps.statusCacheMs ?? STATUS_CACHE_MS,
    maxEntries: 1,
  });
  const encryptionKeyCache = createExpiringCache<'key', string | null>({
    ttlMs: ENCRYPTION_KEY_CACHE_MS,
    maxEntries: 1,
  });

  return {
    async methodStatuses(): Promise<MethodStatuses> {
      const hit = statusCache.get('statuses');
      if (hit) return hit;
      try {
        const statuses = await gateway.methodStatuses();
        statusCache.set('statuses', statuses);
        return statuses;
      } catch (error) {
        // The provider not answering its status call is itself a sign of trouble.
        log.warn({ err: error }, 'payment provider method statuses unavailable');
        return { card: 'degraded' } as const;
      }
    },

    /** The card encryption key as JSON, or null when the provider has none (or does not answer). */
    async encryptionKey(): Promise<string | null> {
      const hit = encryptionKeyCache.get('key');
      if (hit !== undefined) return hit;
      const jwk = await gateway.cardEncryptionKey().catch(() => null);
      const value = jwk ? JSON.stringify(jwk) : null;
      encryptionKeyCache.set('key', value);
      return value;
    },
  };
}

export type ProviderFacts = ReturnType<typeof createProviderFacts>;
