import type { StoredCardEncryptionKey } from '../cards/encryption.js';
import type { Store } from '../core/store.js';
import type { FaultController, FaultSettings } from '../http/faults.js';
import { IdempotencyStore } from '../http/idempotency.js';
import type { ActionRegistry } from '../payments/actions.js';
import type { MethodStatus, MethodStatusBoard } from '../payments/method-status.js';
import type { PaymentFlow } from '../payments/payment-flow.js';
import type { DeliveryState, DispatcherHooks, WebhookDispatcher } from '../webhooks/delivery.js';
import type { EventBus } from '../webhooks/event-bus.js';
import { StateJournal, type Collection, type JournalLog } from './journal.js';
import type { TrackedMap } from './tracked-map.js';

/** What a restarted sandbox must keep to stay the same provider: keys its clients hold. */
export interface SandboxSecrets {
  encryptionKey: StoredCardEncryptionKey;
  /** Card fingerprints are HMACs with it: the same card keeps its fingerprint. */
  fingerprintSecret: string;
}

/** The parts of a sandbox that hold state. */
export interface SandboxParts {
  store: Store;
  idempotency: IdempotencyStore;
  actions: ActionRegistry;
  dispatcher: WebhookDispatcher;
  faults: FaultController;
  methods: MethodStatusBoard;
}

type SettingId = 'faults' | 'method_status' | 'secrets';

// On-disk collection names: part of the folder's format, so never renamed.
const SETTINGS = 'settings';
const DELIVERIES = 'webhook_deliveries';

function storeMaps(store: Store): [string, TrackedMap<unknown>][] {
  return [
    ['customers', store.customers],
    ['deleted_customers', store.deletedCustomers],
    ['payment_methods', store.paymentMethods],
    ['payment_method_state', store.paymentMethodState],
    ['payment_intents', store.paymentIntents],
    ['setup_intents', store.setupIntents],
    ['intent_state', store.intentState],
    ['charges', store.charges],
    ['refunds', store.refunds],
    ['events', store.events],
    ['webhook_endpoints', store.webhookEndpoints],
    ['webhook_secrets', store.webhookSecrets],
  ];
}

/**
 * The state folder of a persisted sandbox (`stateDir`): everything a real provider would
 * remember, so a restart, even after `kill -9`, finds it again. Customers, payment methods,
 * intents, charges, refunds, events, webhook endpoints and their secrets, pending webhook
 * deliveries, answered idempotency keys, hosted-page actions (vouchers), pending settlements,
 * method statuses and fault settings, the card-encryption key and the fingerprint secret.
 * Not kept: requests in flight (their idempotency key is free again) and hung fault requests.
 * The file format and its guarantees are StateJournal's.
 */
export class SandboxStateFolder {
  readonly journal: StateJournal;
  private secrets: SandboxSecrets | undefined;
  private parts: SandboxParts | undefined;

  constructor(dir: string, log: JournalLog, options: { compactAfterBytes?: number } = {}) {
    this.journal = new StateJournal(dir, { log, ...options });
  }

  /** The webhook dispatcher's hooks: deliveries are written, and sent once their event is. */
  dispatcherHooks(): Omit<DispatcherHooks, 'onSettled'> {
    return {
      onChange: (key) => this.journal.touch(DELIVERIES, key),
      whenDurable: (send) => this.journal.whenDurable(send),
    };
  }

  /** The `onChange` of a setting's owner (fault controller, method status board). */
  changed(id: SettingId): () => void {
    return () => this.journal.touch(SETTINGS, id);
  }

  /** Binds every part to its collection and reads the folder; returns the stored secrets, if any. */
  load(parts: SandboxParts): SandboxSecrets | undefined {
    this.parts = parts;
    const { journal } = this;
    for (const [name, map] of storeMaps(parts.store)) journal.trackMap(name, map);
    journal.trackMap('idempotency', parts.idempotency.entries, (entry) => IdempotencyStore.persisted(entry));
    journal.trackMap('actions', parts.actions.actions);
    journal.register(DELIVERIES, {
      read: (key) => parts.dispatcher.stateOf(key),
      entries: () => parts.dispatcher.states(),
      restore: (key, value) => parts.dispatcher.restore(key, value as DeliveryState | undefined),
    });
    journal.register(SETTINGS, this.settingsCollection(parts));
    journal.load();
    // Idempotency keys expire after 24 hours; those that did while the sandbox was down go now.
    for (const [key, entry] of parts.idempotency.entries) {
      if (!IdempotencyStore.persisted(entry)) parts.idempotency.entries.restore(key, undefined);
    }
    return this.secrets;
  }

  /** The secrets this sandbox uses (new ones when the folder had none). */
  keepSecrets(secrets: SandboxSecrets): void {
    this.secrets = secrets;
    this.journal.touch(SETTINGS, 'secrets');
  }

  /**
   * Once the sandbox is built: settlements and voucher expiries are armed again, pending
   * webhooks resume their retry schedule, and the folder is compacted.
   */
  resume(flow: PaymentFlow, events: EventBus): void {
    const parts = this.parts;
    if (!parts) throw new Error('load the state before resuming it');
    flow.resumeTimers();
    events.syncPendingWebhooks();
    parts.dispatcher.resume((eventId) => {
      const event = parts.store.events.peek(eventId);
      return event ? JSON.stringify(event) : undefined;
    });
    this.journal.compact();
  }

  /** Writes what changed; called before each answer leaves. */
  commit(): void {
    this.journal.commit();
  }

  close(): void {
    this.journal.close();
  }

  private settingsCollection(parts: SandboxParts): Collection {
    const read = (id: string): unknown => {
      switch (id as SettingId) {
        case 'faults':
          return parts.faults.current();
        case 'method_status':
          return parts.methods.current();
        case 'secrets':
          return this.secrets;
        default:
          return undefined;
      }
    };
    return {
      read,
      *entries() {
        for (const id of ['faults', 'method_status', 'secrets']) {
          const value = read(id);
          if (value !== undefined) yield [id, value] as const;
        }
      },
      restore: (id, value) => {
        switch (id as SettingId) {
          case 'faults':
            parts.faults.restore(value as Partial<FaultSettings> | undefined);
            break;
          case 'method_status':
            parts.methods.restore(value as Record<string, MethodStatus> | undefined);
            break;
          case 'secrets':
            this.secrets = value as SandboxSecrets | undefined;
            break;
        }
      },
    };
  }
}
