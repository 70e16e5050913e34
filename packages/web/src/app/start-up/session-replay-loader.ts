import { isSessionReplaySampled, sessionReplayRate, type UserContextResponse } from '@lectern/domain';
import type { TrackingLoader } from './tracking-loaders';

/** Query parameter that overrides the sampling rate for this page (0 to 1), e.g. for QA. */
export const REPLAY_RATE_PARAM = 'replay_rate';

/** The rate override of a query string, or null when absent or not a number. */
export function replayRateOverride(search: string): number | null {
  const raw = new URLSearchParams(search).get(REPLAY_RATE_PARAM);
  if (raw === null || raw.trim() === '') return null;
  const rate = Number(raw);
  return Number.isFinite(rate) ? rate : null;
}

export interface SessionReplayLoaderOptions {
  /**
   * Starts the recorder. None is bundled: an operator passes the function that adds their
   * session-recording tool's script (see the extension point in `tracking-loaders.ts`).
   * Without one, a sampled page only leaves a performance mark, so sampling can be checked.
   */
  record?: (context: UserContextResponse) => Promise<void> | void;
  /** An operator's fixed rate (0 to 1) replacing the rates by role; the query overrides it. */
  rate?: number | null;
  /** The page's query string; `location.search` by default. */
  search?: () => string;
}

/**
 * Session replay (platform §9): recorded for a stable share of visitors, chosen by a hash
 * of `visiting.visitor_uuid` against the rate of the visitor's role (1.25 % by default, 10 %
 * for organization and group admins, 5 % for other organization users and subscribers), or
 * the override. Off without external sources (the rate is then 0). A recording is analytics
 * (performance category, C0002).
 */
export function sessionReplayLoader(options: SessionReplayLoaderOptions = {}): TrackingLoader {
  const search = options.search ?? (() => window.location.search);
  return {
    name: 'session-replay',
    category: 'C0002',
    rule: 'analytics',
    shouldLoad(context) {
      const rate = sessionReplayRate({
        externalSourcesEnabled: context.Config?.third_party.external_sources_enabled ?? false,
        tracking: context.user_specific_tracking,
        override: replayRateOverride(search()) ?? options.rate ?? null,
      });
      return isSessionReplaySampled(context.visiting?.visitor_uuid ?? '', rate);
    },
    load(context) {
      globalThis.performance?.mark?.('lectern:session-replay:sampled');
      return options.record?.(context);
    },
  };
}
