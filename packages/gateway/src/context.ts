import type { FastifyRequest } from 'fastify';
import type { CardEncryptionKeys } from './cards/encryption.js';
import type { Store } from './core/store.js';
import type { ApiKeys } from './http/auth.js';
import type { FaultController } from './http/faults.js';
import type { IdempotencyStore } from './http/idempotency.js';
import type { ActionRegistry } from './payments/actions.js';
import type { MethodStatusBoard } from './payments/method-status.js';
import type { PaymentFlow } from './payments/payment-flow.js';
import type { Timers } from './payments/timers.js';
import type { EventBus, RequestInfo } from './webhooks/event-bus.js';

/** Everything one sandbox process holds; handed to each route module. */
export interface SandboxContext {
  store: Store;
  events: EventBus;
  flow: PaymentFlow;
  actions: ActionRegistry;
  methods: MethodStatusBoard;
  faults: FaultController;
  idempotency: IdempotencyStore;
  encryption: CardEncryptionKeys;
  timers: Timers;
  keys: ApiKeys;
  /** Where browsers reach the sandbox (hosted pages, the SDK). */
  publicUrl: string;
  apiVersion: string;
  /** Test keys: raw card numbers are accepted from the server and the test page is served. */
  testMode: boolean;
  testPage: boolean;
  /** Origins allowed to call the API from a browser and to frame the hosted pages; `*` for any. */
  appOrigins: readonly string[];
  fingerprintSecret: string;
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  const key = request.headers['idempotency-key'];
  return { id: request.id, idempotencyKey: typeof key === 'string' ? key : null };
}
