import {
  advertisingPageViewAllowed,
  analyticsAllowed,
  consentStorageState,
  socialSdkAllowed,
  type ConsentCategory,
  type UserContextResponse,
} from '@lectern/domain';
import { sessionReplayLoader } from './session-replay-loader';

/** Platform §5 dependency rules a tool may need on top of its own category. */
export type ConsentRule =
  /** Analytics needs the performance category (C0002). */
  | 'analytics'
  /** An advertising tag's page-view hit needs advertising and personalization storage. */
  | 'advertising_page_view'
  /** A social network SDK needs external sources, third-party marketing and C0005. */
  | 'social_sdk';

/**
 * A third-party tool started at step 3 of page start-up (platform §4): analytics, tag
 * managers, session recording, chat widgets, social SDKs.
 *
 * This registry is the extension point for such tools; none is bundled. To add one, an
 * operator:
 * 1. writes a loader: a `name`, the consent `category` the tool's cookies and data belong to
 *    (platform §6), `marketing: true` for marketing tools, the `rule` of platform §5 it falls
 *    under if any, an optional `shouldLoad` (sampling, a page condition), and `load`, which
 *    adds the tool's script (a `<script>` carrying the page's CSP nonce from
 *    `platform/csp-nonce.ts`, with the tool's host added to the server's CSP);
 * 2. appends it to `TRACKING_LOADERS` (or passes a list to `<App trackingLoaders>`);
 * 3. lists the tool's cookie name prefixes under its category in
 *    `features/consent/cookie-registry.ts`, so withdrawing consent deletes them.
 *
 * A loader starts only when external sources are enabled, marketing ones only when
 * third-party marketing is too, and only once consent allows its category and rule. Consent
 * given later in the session starts it then; withdrawn consent calls its `stop` if it has one
 * (a loaded script cannot be unloaded; the tool's cookies are deleted by the consent change).
 */
export interface TrackingLoader {
  /** Stable name, used in error reports. */
  readonly name: string;
  /** The consent category the tool needs (platform §6). */
  readonly category: ConsentCategory;
  /** Marketing tools also need third-party marketing enabled (platform §7). */
  readonly marketing?: boolean;
  /** A dependency rule of platform §5 the tool falls under. */
  readonly rule?: ConsentRule;
  /** Extra per-tool condition, e.g. session-replay sampling (platform §9). */
  shouldLoad?(context: UserContextResponse): boolean;
  /** Loads the tool. A rejection is reported and does not stop the others. */
  load(context: UserContextResponse): Promise<void> | void;
  /** Optional: turns the tool off when its consent is withdrawn during the session. */
  stop?(): void;
}

/** The registered tools: session replay, gated by sampling (see `session-replay-loader.ts`). */
export const TRACKING_LOADERS: readonly TrackingLoader[] = [sessionReplayLoader()];

/** Platform §7: third-party scripts start after 3 s, in idle time with a 2 s timeout. */
export const TRACKING_START_DELAY_MS = 3_000;
export const TRACKING_IDLE_TIMEOUT_MS = 2_000;

/** Runs a task later without competing with the page's own work. */
export type Scheduler = (task: () => void) => void;

/** In idle time, at the latest after 2 s. */
export const whenIdle: Scheduler = (task) => {
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(task, { timeout: TRACKING_IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
};

export const afterDelayWhenIdle: Scheduler = (task) => {
  setTimeout(() => whenIdle(task), TRACKING_START_DELAY_MS);
};

/** Where the loaders read consent from (the app's consent controller). */
export interface ConsentSource {
  allowed(): readonly ConsentCategory[];
  subscribe(listener: () => void): () => void;
}

/** Whether a tool may start now: configuration, its category, its rule and its own condition. */
export function isLoaderAllowed(
  loader: TrackingLoader,
  context: UserContextResponse,
  allowed: readonly ConsentCategory[],
): boolean {
  const thirdParty = context.Config?.third_party;
  if (!thirdParty?.external_sources_enabled) return false;
  if (loader.marketing && !thirdParty.third_party_marketing_enabled) return false;
  if (!allowed.includes(loader.category)) return false;
  if (loader.rule === 'analytics' && !analyticsAllowed(allowed)) return false;
  if (loader.rule === 'advertising_page_view' && !advertisingPageViewAllowed(consentStorageState(allowed)))
    return false;
  if (loader.rule === 'social_sdk' && !socialSdkAllowed(thirdParty, allowed)) return false;
  return loader.shouldLoad?.(context) ?? true;
}

/** The loaders allowed for this context and consent. */
export function allowedLoaders(
  loaders: readonly TrackingLoader[],
  context: UserContextResponse,
  allowed: readonly ConsentCategory[],
): TrackingLoader[] {
  return loaders.filter((loader) => isLoaderAllowed(loader, context, allowed));
}

export interface StartTrackingToolsOptions {
  context: UserContextResponse;
  consent: ConsentSource;
  report: (error: unknown, details: Record<string, unknown>) => void;
  loaders?: readonly TrackingLoader[];
  /** When the first round runs (3 s, then idle). */
  schedule?: Scheduler;
  /** When a tool allowed by a later consent change runs (idle). */
  scheduleLater?: Scheduler;
}

/**
 * Starts every allowed tool once the start delay has passed, and from then on follows
 * consent: a tool allowed later starts then, a tool no longer allowed is stopped. Each
 * failure is reported on its own. Returns the function that stops following consent.
 */
export function startTrackingTools({
  context,
  consent,
  report,
  loaders = TRACKING_LOADERS,
  schedule = afterDelayWhenIdle,
  scheduleLater = whenIdle,
}: StartTrackingToolsOptions): () => void {
  // Nothing can ever start without external sources: no timers, no listener.
  if (!context.Config?.third_party?.external_sources_enabled || loaders.length === 0) return () => {};
  const started = new Set<TrackingLoader>();
  let due = false;
  let stopped = false;

  const run = () => {
    if (stopped) return;
    const allowed = consent.allowed();
    for (const loader of loaders) {
      const ok = isLoaderAllowed(loader, context, allowed);
      if (ok && !started.has(loader)) {
        started.add(loader);
        Promise.resolve()
          .then(() => loader.load(context))
          .catch((error: unknown) => report(error, { trackingLoader: loader.name }));
      } else if (!ok && started.has(loader) && loader.stop) {
        started.delete(loader);
        try {
          loader.stop();
        } catch (error) {
          report(error, { trackingLoader: loader.name });
        }
      }
    }
  };

  schedule(() => {
    due = true;
    run();
  });
  const unsubscribe = consent.subscribe(() => {
    // Before the first round, that round reads the latest consent anyway.
    if (due) scheduleLater(run);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
