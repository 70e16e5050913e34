import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  decodeConsentCookie,
  defaultAllowedCategories,
  encodeConsentCookie,
  fromConsentValues,
  normalizeAllowedCategories,
  toConsentValues,
  withdrawnCategories,
  type ConsentCategory,
  type ConsentValues,
  type UserContextResponse,
  type UserCookiePreferencesResponse,
} from '@lectern/domain';
import type { CookieJar } from './cookie-jar';
import { deleteStorageOf } from './cookie-registry';

/** What the screen and the loaders read. A new object on every change (for useSyncExternalStore). */
export interface ConsentSnapshot {
  /** The allowed categories, sorted, C0001 always included. */
  readonly allowed: readonly ConsentCategory[];
  /** A choice is stored (the cookie, or the server's for a signed-in user). */
  readonly hasChoice: boolean;
  /**
   * The stored choice has been looked up: at once for a visitor, after the server answered
   * (or failed) for a signed-in user. The banner waits for it, so it never flashes for a user
   * whose choice is about to arrive.
   */
  readonly ready: boolean;
}

/** The server side of a signed-in user's choice (platform §7). */
export interface ConsentServer {
  fetch(): Promise<UserCookiePreferencesResponse>;
  save(preferences: ConsentValues): Promise<unknown>;
}

export interface ConsentControllerOptions {
  server: ConsentServer;
  jar: CookieJar;
  /** Where non-cookie storage of withdrawn categories is cleared (localStorage). */
  storage: () => Storage | null;
  report: (error: unknown, details: Record<string, unknown>) => void;
  /** Countries where everything is allowed until the visitor opts out (domain default). */
  optOutRegions?: readonly string[];
  /** What the server rendered the page with (renderedConsentSnapshot); nothing read otherwise. */
  initial?: ConsentSnapshot;
  /** The signed-in user's choice as the server read it for the page; `sync` takes it instead of asking. */
  renderedAnswer?: RenderedConsentAnswer;
}

/** A signed-in user's stored choice, read by the server for the page it rendered. */
export interface RenderedConsentAnswer {
  userId: number;
  answer: UserCookiePreferencesResponse;
}

/** What one change did. */
export interface ConsentChange {
  before: readonly ConsentCategory[];
  after: ConsentCategory[];
  withdrawn: ConsentCategory[];
}

type UserKey = number | 'visitor';

/** Strictly necessary cookies only, no choice read yet. */
const INITIAL_SNAPSHOT: ConsentSnapshot = { allowed: ['C0001'], hasChoice: false, ready: false };

/**
 * The consent a page is rendered with on the server, which the browser's controller starts
 * from, read as `sync` reads it: a visitor's stored choice (the consent cookie), else their
 * country's default; for a signed-in user, their choice on the server (`serverAnswer`, read
 * for the page), else the cookie's. So the banner is in the first HTML when it is to be shown
 * (no late paint, no shift). A signed-in user whose choice the server did not read gets
 * nothing yet (the browser reads it).
 */
export function renderedConsentSnapshot(
  consentCookie: string | undefined,
  context: Pick<UserContextResponse, 'me' | 'request'>,
  optOutRegions?: readonly string[],
  serverAnswer?: UserCookiePreferencesResponse,
): ConsentSnapshot {
  if (context.me?.is_authenticated !== false && !(context.me?.is_authenticated && serverAnswer))
    return INITIAL_SNAPSHOT;
  if (serverAnswer?.preferences)
    return { allowed: fromConsentValues(serverAnswer.preferences), hasChoice: true, ready: true };
  const { allowed, hasChoice } = cookieConsent(consentCookie, context, optOutRegions);
  return { allowed, hasChoice, ready: true };
}

/** The choice in the consent cookie, else the default of the request's country. */
function cookieConsent(
  consentCookie: string | undefined,
  context: Pick<UserContextResponse, 'request'>,
  optOutRegions: readonly string[] | undefined,
): { allowed: ConsentCategory[]; hasChoice: boolean; stored: ConsentCategory[] | null } {
  const stored = decodeConsentCookie(consentCookie);
  const allowed = stored ?? defaultAllowedCategories(context.request?.price_country, optOutRegions);
  return { allowed, hasChoice: stored !== null, stored };
}

/**
 * The visitor's consent (platform §4, §5, §9), one per app. Before any choice the domain's
 * default for the request's country applies; a choice lives in the `lectern_consent` cookie
 * for a year and, for a signed-in user, on the server, which wins on the next visit (another
 * device, a cleared cookie). A change deletes the storage of withdrawn categories and is saved
 * for a signed-in user. Publishing the ConsentChanged event is the caller's job (it owns the
 * trigger), see `useConsentActions`.
 */
export class ConsentController {
  private snapshot: ConsentSnapshot;
  private readonly initialSnapshot: ConsentSnapshot;
  private readonly listeners = new Set<() => void>();
  private userKey: UserKey | null = null;
  private userId: number | null = null;
  /** Bumped by every choice, so a server answer that arrives after one does not undo it. */
  private version = 0;
  private syncing: { key: UserKey; done: Promise<void> } | null = null;
  /** The server's read of the signed-in user's choice for this page, until `sync` takes it. */
  private renderedAnswer: RenderedConsentAnswer | undefined;

  constructor(private readonly options: ConsentControllerOptions) {
    this.initialSnapshot = options.initial ?? INITIAL_SNAPSHOT;
    this.snapshot = this.initialSnapshot;
    this.renderedAnswer = options.renderedAnswer;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ConsentSnapshot => this.snapshot;

  /** What the server's render shows, and hydration starts from. */
  readonly getInitialSnapshot = (): ConsentSnapshot => this.initialSnapshot;

  allowed(): readonly ConsentCategory[] {
    return this.snapshot.allowed;
  }

  isAllowed(category: ConsentCategory): boolean {
    return this.snapshot.allowed.includes(category);
  }

  /** Whether `sync` has run for the current user (start-up step 3 runs it first). */
  get started(): boolean {
    return this.userKey !== null;
  }

  /**
   * Reads the stored choice for the context's user: the cookie (else the default of the
   * request's country) and, for a signed-in user, the server's. A server choice replaces the
   * cookie's; with none on the server, the cookie's is saved there (a visitor who chose, then
   * logged in, keeps the choice on every device). Runs once per user; a login or logout runs
   * it again.
   */
  sync(context: Pick<UserContextResponse, 'me' | 'request'>): Promise<void> {
    const me = context.me;
    const userId = me?.is_authenticated ? me.id : null;
    const key: UserKey = userId ?? 'visitor';
    if (this.syncing?.key === key) return this.syncing.done;
    this.userKey = key;
    this.userId = userId;

    const { allowed, hasChoice, stored } = cookieConsent(
      this.options.jar.read(CONSENT_COOKIE),
      context,
      this.options.optOutRegions,
    );
    const rendered = this.renderedAnswer;
    if (userId !== null && rendered?.userId === userId) {
      // The server read this user's choice for the page: taken as the server's answer, once.
      this.renderedAnswer = undefined;
      this.publish({ allowed, hasChoice, ready: true });
      this.adoptServerAnswer(rendered.answer, stored);
      this.syncing = { key, done: Promise.resolve() };
      return this.syncing.done;
    }
    this.publish({ allowed, hasChoice, ready: userId === null });
    const done = userId === null ? Promise.resolve() : this.restoreFromServer(key, stored);
    this.syncing = { key, done };
    return done;
  }

  /** Records a choice: cookie, deletion of withdrawn storage, the server for a signed-in user. */
  choose(categories: Iterable<ConsentCategory>): ConsentChange {
    this.version += 1;
    const before = this.snapshot.allowed;
    const after = this.store(normalizeAllowedCategories(categories));
    if (this.userId !== null) {
      this.options.server
        .save(toConsentValues(after))
        .catch((error: unknown) => this.options.report(error, { step: 'consent-save' }));
    }
    return { before, after, withdrawn: withdrawnCategories(before, after) };
  }

  private async restoreFromServer(key: UserKey, stored: ConsentCategory[] | null): Promise<void> {
    const version = this.version;
    try {
      const answer = await this.options.server.fetch();
      // The user changed (login, logout) or chose while the answer was on its way: theirs wins.
      if (this.userKey !== key || this.version !== version) return;
      this.adoptServerAnswer(answer, stored);
    } catch (error) {
      this.options.report(error, { step: 'consent-restore' });
    } finally {
      if (this.userKey === key) this.publish({ ...this.snapshot, ready: true });
    }
  }

  /** The server's choice replaces the cookie's; with none there, the cookie's is saved there. */
  private adoptServerAnswer(
    { preferences }: UserCookiePreferencesResponse,
    stored: ConsentCategory[] | null,
  ): void {
    if (preferences) this.store(fromConsentValues(preferences));
    else if (stored) {
      this.options.server
        .save(toConsentValues(stored))
        .catch((error: unknown) => this.options.report(error, { step: 'consent-restore' }));
    }
  }

  /** Writes the cookie, deletes what was withdrawn and tells the listeners. */
  private store(after: ConsentCategory[]): ConsentCategory[] {
    const withdrawn = withdrawnCategories(this.snapshot.allowed, after);
    this.options.jar.write(CONSENT_COOKIE, encodeConsentCookie(after), {
      maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_SECONDS,
    });
    deleteStorageOf(withdrawn, this.options.jar, this.options.storage());
    this.publish({ allowed: after, hasChoice: true, ready: this.snapshot.ready });
    return after;
  }

  private publish(next: ConsentSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
