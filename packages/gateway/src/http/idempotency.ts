import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidRequest, StripeApiError } from '../core/stripe-error.js';
import { TrackedMap } from '../state/tracked-map.js';

export interface IdempotencyEntry {
  fingerprint: string;
  state: 'in_progress' | 'done';
  statusCode: number;
  payload: string;
  createdAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { key: string; replayed: boolean } | null;
    /** Set when a fault control answered instead of the API: such answers are never saved. */
    faultInjected: boolean;
  }
}

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 200_000;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Stripe's idempotency: the first answer to a POST with an `Idempotency-Key` is saved for
 * 24 hours (errors included); the same key with the same method, path and parameters replays
 * it (`Idempotent-Replayed: true`); with other parameters it is a 400 `idempotency_error`;
 * while the first request is still running, a 409. Keys are scoped to the API key.
 */
export class IdempotencyStore {
  /** By `<key kind>:<Idempotency-Key>`; a persisted sandbox keeps the finished ones (`persisted`). */
  readonly entries = new TrackedMap<IdempotencyEntry>();

  /**
   * What a persisted sandbox keeps of an entry: finished answers still within the 24 hours;
   * never a request still running (after a crash, its key is free again, as the request never
   * answered).
   */
  static persisted(entry: IdempotencyEntry, now = Date.now()): IdempotencyEntry | undefined {
    return entry.state === 'done' && now - entry.createdAt <= TTL_MS ? entry : undefined;
  }

  register(scope: FastifyInstance): void {
    scope.decorateRequest('idempotency', null);
    scope.decorateRequest('faultInjected', false);
    scope.addHook('preHandler', async (request, reply) => this.before(request, reply));
    scope.addHook('onSend', async (request, reply, payload) => {
      const idem = request.idempotency;
      if (!idem || idem.replayed) return payload;
      const entry = this.entries.get(idem.key);
      if (!entry || entry.state !== 'in_progress') return payload;
      if (request.faultInjected || typeof payload !== 'string') {
        this.entries.delete(idem.key);
        return payload;
      }
      entry.state = 'done';
      entry.statusCode = reply.statusCode;
      entry.payload = payload;
      return payload;
    });
    // A request that never answered (client gone, hung by a fault) must not block its key.
    scope.addHook('onResponse', async (request) => this.release(request));
    scope.addHook('onRequestAbort', async (request) => this.release(request));
  }

  clear(): void {
    this.entries.clear();
  }

  private release(request: FastifyRequest): void {
    const idem = request.idempotency;
    if (!idem || idem.replayed) return;
    if (this.entries.get(idem.key)?.state === 'in_progress') this.entries.delete(idem.key);
  }

  private before(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    if (request.method !== 'POST') return undefined;
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string' || header === '') return undefined;
    if (header.length > 255) {
      throw invalidRequest('Idempotency-Key must be at most 255 characters long.', {
        code: 'idempotency_key_too_long',
      });
    }
    const key = `${request.sandboxKey ?? 'none'}:${header}`;
    const path = request.url.split('?')[0];
    const fingerprint = `${request.method} ${path} ${canonical(request.body ?? {})}`;
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && now - entry.createdAt > TTL_MS) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry?.state === 'in_progress') {
      throw new StripeApiError(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${header}. Please try again later.`,
      });
    }
    if (entry && entry.fingerprint !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${header}' if you meant to execute a different request.`,
      });
    }
    if (entry) {
      request.idempotency = { key, replayed: true };
      return reply
        .code(entry.statusCode)
        .header('idempotent-replayed', 'true')
        .header('idempotency-key', header)
        .type('application/json')
        .send(entry.payload);
    }
    this.entries.set(key, { fingerprint, state: 'in_progress', statusCode: 0, payload: '', createdAt: now });
    request.idempotency = { key, replayed: false };
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    reply.header('idempotency-key', header);
    return undefined;
  }
}
