import type { UserSpecificTracking } from '../context/user-context.js';

/** Platform §9: session replay sampling rates (fractions of visitors). */
export const SESSION_REPLAY_RATES = {
  default: 0.0125,
  organizationAdmin: 0.1,
  organizationUser: 0.05,
  consumerSubscriber: 0.05,
} as const;

/** Platform §9: fixed rates of other apps (the instructor side and others), for their loaders. */
export const SESSION_REPLAY_APP_RATES = {
  learningCommunity: 1,
  lab: 1,
  insights: 1,
  instructor: 0.3,
  courseWithWorkspace: 0.05,
  courseTaking: 0.001,
} as const;

export interface SessionReplayRateInput {
  /** `Config.third_party.external_sources_enabled`: replay is off when external sources are. */
  externalSourcesEnabled: boolean;
  /** `user_specific_tracking` of the user context; null for a visitor. */
  tracking: UserSpecificTracking | null | undefined;
  /** An operator or app override (0 to 1) that replaces the rate by role. */
  override?: number | null;
}

/** The replay rate for this page: by role (platform §9), an override, or 0 without external sources. */
export function sessionReplayRate(input: SessionReplayRateInput): number {
  if (!input.externalSourcesEnabled) return 0;
  if (input.override !== undefined && input.override !== null && Number.isFinite(input.override)) {
    return Math.min(1, Math.max(0, input.override));
  }
  const tracking = input.tracking;
  if (tracking?.is_organization_admin || tracking?.is_group_admin)
    return SESSION_REPLAY_RATES.organizationAdmin;
  if (tracking?.is_organization_user) return SESSION_REPLAY_RATES.organizationUser;
  if (tracking?.is_consumer_subscriber) return SESSION_REPLAY_RATES.consumerSubscriber;
  return SESSION_REPLAY_RATES.default;
}

/**
 * A stable position in [0, 1) for a visitor id: FNV-1a over the UTF-16 code units with a
 * final avalanche (MurmurHash3's fmix32) so ids that differ in one character spread evenly.
 * The same id gives the same position in every browser and on the server.
 */
export function visitorSamplePosition(visitorId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i += 1) {
    hash ^= visitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}

/** Whether this visitor's sessions are recorded at `rate`; stable across page loads. */
export function isSessionReplaySampled(visitorId: string, rate: number): boolean {
  if (!(rate > 0) || visitorId.length === 0) return false;
  return visitorSamplePosition(visitorId) < rate;
}
