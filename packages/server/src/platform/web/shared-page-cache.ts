import { LOCALE_COOKIE } from '@lectern/domain';
import type { FastifyRequest } from 'fastify';

/** Cookies that say how a page reads (its language, its prices' country), nothing of who asks. */
const IMPERSONAL_COOKIES: ReadonlySet<string> = new Set([LOCALE_COOKIE, 'price_country']);

/**
 * Whether a page request carries nothing of a visitor's own: no credentials and no cookie but
 * the impersonal ones (no session, visitor, cart or consent cookie). Only such a request may
 * get, or leave behind, a page shared with others.
 */
export function isImpersonalRequest(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  return Object.keys(request.cookies).every((name) => IMPERSONAL_COOKIES.has(name));
}

/** Everything an impersonal request's page depends on: its URL and what it asks to read. */
export function sharedPageKey(request: FastifyRequest): string {
  return JSON.stringify([
    request.protocol,
    request.host,
    request.url,
    request.headers['accept-language'] ?? '',
    ...[...IMPERSONAL_COOKIES].map((name) => request.cookies[name] ?? ''),
  ]);
}

/**
 * A bounded store of shared pages (the renderer's `SharedPage`), each kept `ttlMs` after it
 * was rendered, so an edit to a course shows within that time; the least recently used go
 * first when it is full. A storefront change (registerWebApp's `onStorefrontChange`) clears it.
 */
export class SharedPageCache<T> {
  private readonly entries = new Map<string, { page: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: T): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { page, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every page (what they show changed). */
  clear(): void {
    this.entries.clear();
  }
}
