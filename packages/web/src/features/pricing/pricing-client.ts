import {
  PRICING_BATCH_DELAY_MS,
  PRICING_BATCH_SIZE,
  PRICING_FIELDS,
  type ApiPrice,
  type CoursePriceStatus,
  type CoursePricing,
  type PricingResponse,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

/** Course price entry (platform §3): its status and, once loaded, the prices to show. */
export interface CoursePriceEntry {
  status: CoursePriceStatus;
  /** What the visitor pays now. */
  price: ApiPrice | null;
  /** The discounted price, when a discount applies. */
  discountPrice: ApiPrice | null;
  /** The undiscounted price (its `price_string` is the list price string). */
  listPrice: ApiPrice | null;
  priceDetail: CoursePricing['price_detail'] | null;
  serveTrackingId: string | null;
}

/** Asks the server for the prices of at most `batchSize` courses at once. */
export type FetchPrices = (courseIds: readonly number[]) => Promise<PricingResponse>;

export interface PricingClientOptions {
  delayMs?: number;
  batchSize?: number;
  /** Told about a failed batch (its courses turn to `error` either way). */
  onError?: (error: unknown) => void;
}

const LOADING: CoursePriceEntry = {
  status: 'loading',
  price: null,
  discountPrice: null,
  listPrice: null,
  priceDetail: null,
  serveTrackingId: null,
};
const FAILED: CoursePriceEntry = { ...LOADING, status: 'error' };

function loaded(pricing: CoursePricing): CoursePriceEntry {
  return {
    status: 'loaded',
    price: pricing.price ?? null,
    discountPrice: pricing.discount_price ?? null,
    listPrice: pricing.list_price ?? null,
    priceDetail: pricing.price_detail ?? null,
    serveTrackingId: pricing.price_serve_tracking_id ?? null,
  };
}

/**
 * The batched price client (platform §7, §9). Components ask for a course's price; the
 * request waits 250 ms so that the prices of everything on the page go out together, in
 * requests of at most 10 course ids. Each course's entry is `loading`, then `loaded`, or
 * `error` when its batch failed (or the answer left it out). Entries are kept until
 * `clear()`, so a price is fetched once per page session; `retry()` asks again after an error.
 */
export class PricingClient {
  private entries = new Map<number, CoursePriceEntry>();
  private readonly queued = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  // Answers to requests sent before a clear() belong to another user or currency.
  private generation = 0;
  private readonly delayMs: number;
  private readonly batchSize: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly fetchPrices: FetchPrices,
    options: PricingClientOptions = {},
  ) {
    this.delayMs = options.delayMs ?? PRICING_BATCH_DELAY_MS;
    this.batchSize = options.batchSize ?? PRICING_BATCH_SIZE;
    this.onError = options.onError ?? (() => {});
  }

  /** The course's entry, or undefined when nobody has asked for it yet. */
  entry(courseId: number): CoursePriceEntry | undefined {
    return this.entries.get(courseId);
  }

  /**
   * Loads the prices of these courses now, without the batching delay: the server renderer
   * calls it so prices are in the first HTML.
   */
  async preload(courseIds: readonly number[]): Promise<void> {
    await this.loadInBatches([...new Set(courseIds)].filter((id) => !this.entries.has(id)));
  }

  /** The loaded entries, to hand from the server's render to the browser's. */
  loadedEntries(): [number, CoursePriceEntry][] {
    return [...this.entries].filter(([, entry]) => entry.status === 'loaded');
  }

  /** Takes entries loaded elsewhere (the server's render); they are not asked for again. */
  seed(entries: readonly (readonly [number, CoursePriceEntry])[]): void {
    for (const [id, entry] of entries) this.entries.set(id, entry);
    this.emit();
  }

  /** Asks for a course's price; a course already asked for is not asked for again. */
  request(courseId: number): void {
    if (this.entries.has(courseId)) return;
    this.entries.set(courseId, LOADING);
    this.queued.add(courseId);
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
    this.emit();
  }

  /** Asks again for a course whose price failed to load. */
  retry(courseId: number): void {
    if (this.entries.get(courseId)?.status !== 'error') return;
    this.entries.delete(courseId);
    this.request(courseId);
  }

  /** Forgets every price (the user or the price currency changed). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queued.clear();
    this.entries = new Map();
    this.generation += 1;
    this.emit();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private flush(): void {
    this.timer = null;
    const ids = [...this.queued];
    this.queued.clear();
    void this.loadInBatches(ids);
  }

  /** Requests of at most `batchSize` ids, all at once. */
  private async loadInBatches(ids: number[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let start = 0; start < ids.length; start += this.batchSize) {
      batches.push(this.load(ids.slice(start, start + this.batchSize)));
    }
    await Promise.all(batches);
  }

  private async load(ids: number[]): Promise<void> {
    const generation = this.generation;
    let response: PricingResponse | null = null;
    try {
      response = await this.fetchPrices(ids);
    } catch (error) {
      this.onError(error);
    }
    if (generation !== this.generation) return;
    for (const id of ids) {
      const pricing = response?.courses[String(id)];
      this.entries.set(id, pricing ? loaded(pricing) : FAILED);
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** `GET /api-2.0/pricing/?course_ids=1,2&fields[pricing_result]=price,...` through the app's API client. */
export function apiPriceFetcher(api: ApiClient): FetchPrices {
  return (courseIds) =>
    api.get<PricingResponse>('/pricing/', {
      params: { course_ids: courseIds.join(','), 'fields[pricing_result]': PRICING_FIELDS.join(',') },
    });
}
