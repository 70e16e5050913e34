import {
  CART_CONFLICT_RETRY_LIMIT,
  CART_REFETCH_INTERVAL_MS,
  normalizeCouponCode,
  SHOPPING_LISTS,
  type AddToListBody,
  type ApplyCodesBody,
  type BuyableRef,
  type CartSessionResponse,
  type DiscountAttempt,
  type ExpressBody,
  type ListItem,
  type ShoppingListName,
} from '@lectern/domain';
import { isApiError, type ApiClient, type QueryParams } from '../../platform/api';
import {
  browserLocalStorage,
  CART_STORAGE_KEY,
  clearCartState,
  loadCartState,
  parseStoredCart,
  saveCartState,
} from './cart-storage';
import {
  buyableKey,
  buyableRef,
  effectiveItems,
  emptyCartState,
  listHas,
  stateFromResponse,
  type CachedCartState,
} from './cart-state';

/** Cart storage status (platform §4). */
export type CartStorageStatus = 'notReady' | 'ready' | 'unAvailable';

/** What the screen shows: the status, the cached state and the effective items of each list. */
export interface CartSnapshot {
  status: CartStorageStatus;
  state: CachedCartState;
  /** Effective items (platform §4): pending adds plus server items minus pending removes. */
  lists: Record<ShoppingListName, ListItem[]>;
  /** Buyable keys (`buyableKey`) with a change still on its way, per list. */
  pendingKeys: Record<ShoppingListName, ReadonlySet<string>>;
  /** True while the request queue is working. */
  busy: boolean;
  /**
   * Codes the server refused or dropped (invalid, expired, sold out), as it reported them
   * once: kept here to be announced until dismissed or the next codes are applied.
   */
  rejectedCodes: DiscountAttempt[];
}

export const CART_API_PATH = '/shopping-carts/me/';

/** Platform §7, §8: 412 (stale ETag) and 409 (lost a race) are resolvable conflicts. */
export function isCartConflict(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 412 || error.statusCode === 409);
}

/** The parts of a cart state the success criteria look at. */
interface CartView {
  lists: Record<ShoppingListName, readonly ListItem[]>;
  attempts: readonly DiscountAttempt[];
}

interface WriteOp {
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  params?: QueryParams;
  /** Platform §4 success criteria: the state already shows the change. */
  isDone(view: CartView): boolean;
  /** Send nothing when the state already shows the change (second half of a move). */
  skipIfDone?: boolean;
}

interface PendingChange {
  id: number;
  list: ShoppingListName;
  kind: 'add' | 'remove';
  ref: BuyableRef;
  item?: ListItem;
}

export interface CartClientOptions {
  api: ApiClient;
  /** Where the cached state lives; localStorage by default, null for none. */
  storage?: Storage | null;
  now?: () => number;
  refetchIntervalMs?: number;
  /** Calls back with the stored cart when another tab changes it; `storage` events by default. */
  watchStorage?: (onChange: (raw: string | null) => void) => () => void;
  /** Told about background failures (initial and periodic fetches). */
  onError?: (error: unknown, details: Record<string, unknown>) => void;
  /** The cart as the server read it for this page (fetchCartSeed): ready at once, no fetch. */
  seed?: CartSeed;
}

/** The cart the server rendered a page with, handed to the browser's client with the page. */
export interface CartSeed {
  response: CartSessionResponse;
  etag: string | null;
}

/** Reads the visitor's cart for a page's server render. */
export async function fetchCartSeed(api: ApiClient): Promise<CartSeed> {
  const answer = await api.request<CartSessionResponse>('GET', CART_API_PATH);
  return { response: answer.data, etag: answer.headers.get('ETag') };
}

function viewOfResponse(response: CartSessionResponse): CartView {
  const { cart, express, saved_for_later, wishlist } = response;
  return { lists: { cart, express, saved_for_later, wishlist }, attempts: response.discount_attempts };
}

function watchStorageEvents(onChange: (raw: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) onChange(event.newValue);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * The cart client of platform §4. It keeps the four server-side lists in step with the
 * screen:
 *
 * - Requests run one at a time through a queue. A write sends `If-Match` with the stored
 *   ETag; every answer's `ETag` is stored. A 412 or 409 refetches the cart, then the write
 *   counts as done when the fresh state already shows it (the success criteria), or is
 *   sent again, up to 3 retries. Any other failure rejects.
 * - Adds and removes show at once as pending changes counted per buyable; the effective
 *   items are recomputed whenever the server state or the pending changes move. A failed
 *   removal drops its pending change, so the item is back, and rejects.
 * - The state is cached in localStorage (30 days) per user, refetched every 90 minutes,
 *   and taken over when another tab stores a newer one. A page the server rendered hands
 *   over the cart it read (`seed`), so the first render already shows it.
 */
export class CartClient {
  private state: CachedCartState = emptyCartState(null);
  private status: CartStorageStatus = 'notReady';
  private pending: PendingChange[] = [];
  private rejectedCodes: DiscountAttempt[] = [];
  private nextPendingId = 1;
  private queued = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private snapshot: CartSnapshot;
  private readonly initialSnapshot: CartSnapshot;
  /** The user the client is connected for; undefined before the first `connect`. */
  private userId: number | null | undefined = undefined;
  /** The server's read of the cart for this page, until the first `connect` takes it. */
  private seeded: boolean;

  private readonly api: ApiClient;
  private readonly storage: Storage | null;
  private readonly now: () => number;
  private readonly refetchIntervalMs: number;
  private readonly watchStorage: (onChange: (raw: string | null) => void) => () => void;
  private readonly onError: (error: unknown, details: Record<string, unknown>) => void;

  constructor(options: CartClientOptions) {
    this.api = options.api;
    this.storage = options.storage === undefined ? browserLocalStorage() : options.storage;
    this.now = options.now ?? Date.now;
    this.refetchIntervalMs = options.refetchIntervalMs ?? CART_REFETCH_INTERVAL_MS;
    this.watchStorage = options.watchStorage ?? watchStorageEvents;
    this.onError = options.onError ?? (() => {});
    this.seeded = options.seed !== undefined;
    if (options.seed) {
      this.state = stateFromResponse(options.seed.response, options.seed.etag);
      this.status = 'ready';
    }
    this.snapshot = this.buildSnapshot();
    this.initialSnapshot = this.snapshot;
  }

  // ---- reading -------------------------------------------------------------------------

  getSnapshot = (): CartSnapshot => this.snapshot;

  /**
   * The cart before it connected: what the server's render shows, so the browser hydrates
   * from the same (the connected cart follows at once).
   */
  getInitialSnapshot = (): CartSnapshot => this.initialSnapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  // ---- life cycle ----------------------------------------------------------------------

  /**
   * Starts the client for a user (null for a visitor): takes the cached state if it is
   * theirs and fresh, then fetches, unless there is neither a user nor an ETag, in which
   * case there is no cart yet and the status is ready at once. Connecting again for the
   * same user only restarts the timers. Returns the disconnect function.
   */
  connect(userId: number | null): () => void {
    if (this.userId !== userId) this.switchUser(userId);
    const interval = setInterval(() => {
      this.refetch().catch((error: unknown) => this.onError(error, { step: 'cart-refetch' }));
    }, this.refetchIntervalMs);
    const unwatch = this.watchStorage((raw) => this.adoptStored(raw));
    return () => {
      clearInterval(interval);
      unwatch();
    };
  }

  /** Fetches the cart (through the queue, after any pending writes). */
  refetch(): Promise<CartSessionResponse> {
    return this.enqueue(() => this.fetchNow());
  }

  // ---- writes --------------------------------------------------------------------------

  /** Adds items to a list; they show at once and stay if the server takes them. */
  addToList(
    list: ShoppingListName,
    items: readonly ListItem[],
    context?: string,
  ): Promise<CartSessionResponse> {
    const pendingIds = items.map((item) => this.addPending(list, 'add', item.buyable, item));
    return this.write(this.addOp(list, items, context), pendingIds).then(required);
  }

  /** Removes an item; it disappears at once and comes back if the server refuses. */
  removeFromList(list: ShoppingListName, buyable: BuyableRef): Promise<CartSessionResponse> {
    const pendingId = this.addPending(list, 'remove', buyable);
    return this.write(this.removeOp(list, buyable), [pendingId]).then(required);
  }

  /**
   * Moves an item between lists (platform §4): adds it to the target first, then removes it
   * from the source, unless the server already took it out (adding to the cart takes a
   * course off the wishlist). On screen it moves at once.
   */
  async moveItem(item: ListItem, from: ShoppingListName, to: ShoppingListName): Promise<void> {
    const removal = this.addPending(from, 'remove', item.buyable);
    const addition = this.addPending(to, 'add', item.buyable, item);
    try {
      await this.write(this.addOp(to, [item], `move_from_${from}`), [addition]);
    } catch (error) {
      this.dropPending([removal]);
      this.emit();
      throw error;
    }
    await this.write({ ...this.removeOp(from, item.buyable), skipIfDone: true }, [removal]);
  }

  /**
   * Applies discount codes (upper-cased). Answers each code's attempt: `valid` when applied,
   * else why not; rejected codes are not kept (they are announced once).
   */
  async applyCodes(codes: readonly string[]): Promise<DiscountAttempt[]> {
    const wanted = [...new Set(codes.map(normalizeCouponCode))];
    this.rejectedCodes = [];
    const body: ApplyCodesBody = { codes: wanted };
    const response = required(
      await this.write(
        {
          method: 'POST',
          path: `${CART_API_PATH}discounts/`,
          body,
          isDone: (view) => wanted.every((code) => view.attempts.some((attempt) => attempt.code === code)),
        },
        [],
      ),
    );
    return wanted.map(
      (code) =>
        response.discount_attempts.find((attempt) => attempt.code === code) ?? { code, status: 'invalid' },
    );
  }

  /** Removes applied codes; without codes, all of them. */
  removeCodes(codes?: readonly string[]): Promise<CartSessionResponse> {
    const upper = codes?.map(normalizeCouponCode);
    return this.write(
      {
        method: 'DELETE',
        path: `${CART_API_PATH}discounts/`,
        params: upper ? { codes: upper.join(',') } : undefined,
        isDone: (view) =>
          upper
            ? !view.attempts.some((attempt) => upper.includes(attempt.code))
            : !view.attempts.some((attempt) => attempt.status === 'valid'),
      },
      [],
    ).then(required);
  }

  /** "Buy now": fills the express list with these buyables (and codes). */
  express(buyables: readonly BuyableRef[], codes?: readonly string[]): Promise<CartSessionResponse> {
    const refs = buyables.map(buyableRef);
    const body: ExpressBody = {
      buyables: refs,
      ...(codes?.length ? { codes: codes.map(normalizeCouponCode) } : {}),
    };
    return this.write(
      {
        method: 'POST',
        path: `${CART_API_PATH}express/`,
        body,
        isDone: (view) => refs.every((ref) => listHas(view.lists.express, ref)),
      },
      [],
    ).then(required);
  }

  /** Forgets the refused codes once they have been announced. */
  dismissRejectedCodes(): void {
    if (this.rejectedCodes.length === 0) return;
    this.rejectedCodes = [];
    this.emit();
  }

  // ---- internals -----------------------------------------------------------------------

  private addOp(list: ShoppingListName, items: readonly ListItem[], context?: string): WriteOp {
    const refs = items.map((item) => buyableRef(item.buyable));
    const body: AddToListBody = { buyables: refs, ...(context ? { context } : {}) };
    return {
      method: 'POST',
      path: `${CART_API_PATH}${list}/`,
      body,
      isDone: (view) => refs.every((ref) => listHas(view.lists[list], ref)),
    };
  }

  private removeOp(list: ShoppingListName, buyable: BuyableRef): WriteOp {
    const ref = buyableRef(buyable);
    return {
      method: 'DELETE',
      path: `${CART_API_PATH}${list}/`,
      params: { boId: ref.id, boType: ref.buyable_object_type },
      isDone: (view) => !listHas(view.lists[list], ref),
    };
  }

  private switchUser(userId: number | null): void {
    this.userId = userId;
    const seeded = this.seeded;
    this.seeded = false;
    // The page came with this user's cart, read by the server as it rendered it.
    if (seeded && this.state.userId === userId) {
      saveCartState(this.storage, this.state, this.now());
      this.emit();
      return;
    }
    const cached = loadCartState(this.storage, this.now());
    // Another user's cart (e.g. after logging out) must not linger on a shared browser.
    if (cached && cached.userId !== userId) clearCartState(this.storage);
    this.state = cached && cached.userId === userId ? cached : emptyCartState(userId);
    if (userId === null && this.state.etag === null) {
      this.status = 'ready';
      this.emit();
      return;
    }
    this.status = 'notReady';
    this.emit();
    this.refetch().catch((error: unknown) => this.onError(error, { step: 'cart-fetch' }));
  }

  /** Another tab stored a cart state: take it if it is the same user's. */
  private adoptStored(raw: string | null): void {
    const stored = parseStoredCart(raw, this.now());
    if (!stored || stored.userId !== this.state.userId || stored.etag === this.state.etag) return;
    this.state = stored;
    if (this.status !== 'ready' && stored.etag !== null) this.status = 'ready';
    this.emit();
  }

  private addPending(
    list: ShoppingListName,
    kind: PendingChange['kind'],
    buyable: BuyableRef,
    item?: ListItem,
  ): number {
    const id = this.nextPendingId++;
    this.pending = [...this.pending, { id, list, kind, ref: buyableRef(buyable), item }];
    return id;
  }

  private dropPending(ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.pending = this.pending.filter((change) => !ids.includes(change.id));
  }

  private write(op: WriteOp, pendingIds: readonly number[]): Promise<CartSessionResponse | null> {
    this.emit();
    return this.enqueue(async () => {
      try {
        return await this.sendWithRetry(op);
      } finally {
        this.dropPending(pendingIds);
        this.emit();
      }
    });
  }

  private async sendWithRetry(op: WriteOp): Promise<CartSessionResponse | null> {
    if (op.skipIfDone && op.isDone({ lists: this.state.lists, attempts: this.state.discounts })) return null;
    // A visitor's first write: learn the cart's version first.
    if (this.state.etag === null) await this.fetchNow();
    for (let retries = 0; ; retries += 1) {
      try {
        const answer = await this.api.request<CartSessionResponse>(op.method, op.path, {
          body: op.body,
          params: op.params,
          headers: this.state.etag === null ? {} : { 'If-Match': this.state.etag },
        });
        this.applyResponse(answer.data, answer.headers);
        return answer.data;
      } catch (error) {
        if (!isCartConflict(error)) throw error;
        const fresh = await this.fetchNow();
        if (op.isDone(viewOfResponse(fresh))) return fresh;
        if (retries >= CART_CONFLICT_RETRY_LIMIT) throw error;
      }
    }
  }

  private async fetchNow(): Promise<CartSessionResponse> {
    try {
      const answer = await this.api.request<CartSessionResponse>('GET', CART_API_PATH, {
        params: { sessionState: this.state.etag },
      });
      this.applyResponse(answer.data, answer.headers);
      this.status = 'ready';
      return answer.data;
    } catch (error) {
      if (this.status === 'notReady') this.status = 'unAvailable';
      throw error;
    } finally {
      this.emit();
    }
  }

  private applyResponse(response: CartSessionResponse, headers: Headers): void {
    const etag = headers.get('ETag') ?? this.state.etag;
    this.state = stateFromResponse(response, etag);
    saveCartState(this.storage, this.state, this.now());
    const rejected = response.discount_attempts.filter((attempt) => attempt.status !== 'valid');
    if (rejected.length > 0) {
      const fresh = new Set(rejected.map((attempt) => attempt.code));
      this.rejectedCodes = [...this.rejectedCodes.filter((attempt) => !fresh.has(attempt.code)), ...rejected];
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.queued += 1;
    const run = this.tail.then(task).finally(() => {
      this.queued -= 1;
      this.emit();
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private buildSnapshot(): CartSnapshot {
    const perList = <T>(value: (list: ShoppingListName) => T) =>
      Object.fromEntries(SHOPPING_LISTS.map((list) => [list, value(list)])) as Record<ShoppingListName, T>;
    const changes = (list: ShoppingListName, kind: PendingChange['kind']) =>
      this.pending.filter((change) => change.list === list && change.kind === kind);
    return {
      status: this.status,
      state: this.state,
      lists: perList((list) =>
        effectiveItems(
          this.state.lists[list],
          changes(list, 'add').flatMap((change) => (change.item ? [change.item] : [])),
          changes(list, 'remove').map((change) => change.ref),
        ),
      ),
      pendingKeys: perList(
        (list) =>
          new Set(
            this.pending.filter((change) => change.list === list).map((change) => buyableKey(change.ref)),
          ),
      ),
      busy: this.queued > 0,
      rejectedCodes: this.rejectedCodes,
    };
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }
}

/** Writes that cannot be skipped always answer with a state. */
function required(response: CartSessionResponse | null): CartSessionResponse {
  if (!response) throw new Error('The cart write was skipped unexpectedly.');
  return response;
}
