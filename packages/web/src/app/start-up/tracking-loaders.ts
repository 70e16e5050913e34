import type { UserContextResponse } from '@lectern/domain';

/**
 * A third-party tool started at step 3 of page start-up (platform §4): analytics, tag
 * managers, session recording. Later issues add entries to `TRACKING_LOADERS`; the runner
 * below decides when and whether each one loads.
 */
export interface TrackingLoader {
  /** Stable name, used in error reports. */
  readonly name: string;
  /** Marketing tools also need third-party marketing enabled (platform §7). */
  readonly marketing?: boolean;
  /** Extra per-tool condition, e.g. session-replay sampling (platform §9). */
  shouldLoad?(context: UserContextResponse): boolean;
  /** Loads the tool. A rejection is reported and does not stop the others. */
  load(context: UserContextResponse): Promise<void> | void;
}

/** The registered tools. Empty for now: consent, analytics and replay fill it later. */
export const TRACKING_LOADERS: readonly TrackingLoader[] = [];

/** Platform §7: third-party scripts start after 3 s, in idle time with a 2 s timeout. */
export const TRACKING_START_DELAY_MS = 3_000;
export const TRACKING_IDLE_TIMEOUT_MS = 2_000;

/** Runs a task later without competing with the page's own start-up. */
export type Scheduler = (task: () => void) => void;

export const afterDelayWhenIdle: Scheduler = (task) => {
  setTimeout(() => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(task, { timeout: TRACKING_IDLE_TIMEOUT_MS });
    else task();
  }, TRACKING_START_DELAY_MS);
};

/** The loaders allowed for this context: none when external sources are off (platform §7). */
export function allowedLoaders(
  loaders: readonly TrackingLoader[],
  context: UserContextResponse,
): TrackingLoader[] {
  const thirdParty = context.Config?.third_party;
  if (!thirdParty?.external_sources_enabled) return [];
  return loaders.filter(
    (loader) =>
      (!loader.marketing || thirdParty.third_party_marketing_enabled) &&
      (loader.shouldLoad?.(context) ?? true),
  );
}

/** Schedules every allowed loader; each failure is reported on its own. */
export function startTrackingTools(
  context: UserContextResponse,
  report: (error: unknown, details: Record<string, unknown>) => void,
  loaders: readonly TrackingLoader[] = TRACKING_LOADERS,
  schedule: Scheduler = afterDelayWhenIdle,
): void {
  const chosen = allowedLoaders(loaders, context);
  if (chosen.length === 0) return;
  schedule(() => {
    for (const loader of chosen) {
      Promise.resolve()
        .then(() => loader.load(context))
        .catch((error: unknown) => report(error, { trackingLoader: loader.name }));
    }
  });
}
