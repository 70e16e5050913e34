import { CONSENT_CATEGORY_IDS, type ConsentCategory } from '@lectern/domain';
import { describe, expect, it, vi } from 'vitest';
import { userContext } from '../../test-utils/fake-server';
import { replayRateOverride, sessionReplayLoader } from './session-replay-loader';
import {
  allowedLoaders,
  startTrackingTools,
  TRACKING_LOADERS,
  type ConsentSource,
  type TrackingLoader,
} from './tracking-loaders';

function contextWith(external: boolean, marketing: boolean) {
  const context = userContext();
  context.Config!.third_party = {
    external_sources_enabled: external,
    third_party_marketing_enabled: marketing,
  };
  return context;
}

/** A consent source the test changes by hand. */
function consentOf(initial: ConsentCategory[]) {
  let allowed = initial;
  const listeners = new Set<() => void>();
  const source: ConsentSource = {
    allowed: () => allowed,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    set(next: ConsentCategory[]) {
      allowed = next;
      for (const listener of listeners) listener();
    },
  };
}

const ALL = [...CONSENT_CATEGORY_IDS];
const analytics: TrackingLoader = { name: 'analytics', category: 'C0002', rule: 'analytics', load: vi.fn() };
const ads: TrackingLoader = { name: 'ads', category: 'C0004', marketing: true, load: vi.fn() };
const adPageView: TrackingLoader = {
  name: 'ad-page-view',
  category: 'C0004',
  marketing: true,
  rule: 'advertising_page_view',
  load: vi.fn(),
};
const social: TrackingLoader = { name: 'social', category: 'C0005', rule: 'social_sdk', load: vi.fn() };
const sampledOut: TrackingLoader = {
  name: 'replay',
  category: 'C0002',
  shouldLoad: () => false,
  load: vi.fn(),
};

describe('tracking loaders', () => {
  it('registers session replay, and nothing that loads a bundled script', () => {
    expect(TRACKING_LOADERS.map((loader) => [loader.name, loader.category])).toEqual([
      ['session-replay', 'C0002'],
    ]);
  });

  it('loads nothing when external sources are off, whatever the consent', () => {
    expect(allowedLoaders([analytics, ads, social], contextWith(false, true), ALL)).toEqual([]);
  });

  it('needs third-party marketing for marketing tools and honours shouldLoad', () => {
    expect(allowedLoaders([analytics, ads, sampledOut], contextWith(true, false), ALL)).toEqual([analytics]);
    expect(allowedLoaders([analytics, ads, sampledOut], contextWith(true, true), ALL)).toEqual([
      analytics,
      ads,
    ]);
  });

  it('needs each tool’s consent category and the dependency rules of platform §5', () => {
    const context = contextWith(true, true);
    expect(allowedLoaders([analytics, ads, social], context, ['C0001'])).toEqual([]);
    expect(allowedLoaders([analytics, ads, social], context, ['C0001', 'C0002'])).toEqual([analytics]);
    // The advertising page view needs advertising and personalization (functional) storage.
    expect(allowedLoaders([ads, adPageView], context, ['C0001', 'C0004'])).toEqual([ads]);
    expect(allowedLoaders([ads, adPageView], context, ['C0001', 'C0003', 'C0004'])).toEqual([
      ads,
      adPageView,
    ]);
    // A social SDK also needs third-party marketing.
    expect(allowedLoaders([social], context, ['C0001', 'C0005'])).toEqual([social]);
    expect(allowedLoaders([social], contextWith(true, false), ['C0001', 'C0005'])).toEqual([]);
  });

  it('runs the allowed loaders when scheduled and reports each failure', async () => {
    const failure = new Error('blocked');
    const broken: TrackingLoader = { name: 'broken', category: 'C0002', load: () => Promise.reject(failure) };
    const working: TrackingLoader = { name: 'working', category: 'C0002', load: vi.fn() };
    const report = vi.fn();
    let scheduled: (() => void) | undefined;
    const context = contextWith(true, true);
    startTrackingTools({
      context,
      consent: consentOf(ALL).source,
      report,
      loaders: [broken, working],
      schedule: (task) => (scheduled = task),
    });
    expect(working.load).not.toHaveBeenCalled();
    scheduled?.();
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith(failure, { trackingLoader: 'broken' }));
    expect(working.load).toHaveBeenCalledWith(context);
  });

  it('starts a tool when its consent is given later in the session, and stops it when withdrawn', async () => {
    const tool: TrackingLoader = { name: 'later', category: 'C0002', load: vi.fn(), stop: vi.fn() };
    const consent = consentOf(['C0001']);
    let scheduled: (() => void) | undefined;
    startTrackingTools({
      context: contextWith(true, false),
      consent: consent.source,
      report: vi.fn(),
      loaders: [tool],
      schedule: (task) => (scheduled = task),
      scheduleLater: (task) => task(),
    });
    scheduled?.();
    await Promise.resolve();
    expect(tool.load).not.toHaveBeenCalled();

    consent.set(['C0001', 'C0002']);
    await vi.waitFor(() => expect(tool.load).toHaveBeenCalledTimes(1));
    // Another change that still allows it does not load it twice.
    consent.set(['C0001', 'C0002', 'C0003']);
    await Promise.resolve();
    expect(tool.load).toHaveBeenCalledTimes(1);

    consent.set(['C0001']);
    expect(tool.stop).toHaveBeenCalledTimes(1);
  });

  it('waits for the start delay even when consent arrives before it', async () => {
    const tool: TrackingLoader = { name: 'early', category: 'C0002', load: vi.fn() };
    const consent = consentOf(['C0001']);
    let scheduled: (() => void) | undefined;
    startTrackingTools({
      context: contextWith(true, false),
      consent: consent.source,
      report: vi.fn(),
      loaders: [tool],
      schedule: (task) => (scheduled = task),
      scheduleLater: (task) => task(),
    });
    consent.set(['C0001', 'C0002']);
    await Promise.resolve();
    expect(tool.load).not.toHaveBeenCalled();
    scheduled?.();
    await vi.waitFor(() => expect(tool.load).toHaveBeenCalledTimes(1));
  });

  it('schedules nothing at all without external sources', () => {
    const schedule = vi.fn();
    startTrackingTools({
      context: contextWith(false, false),
      consent: consentOf(ALL).source,
      report: vi.fn(),
      loaders: [analytics],
      schedule,
    });
    expect(schedule).not.toHaveBeenCalled();
  });

  it('starts after 3 s, in idle time', async () => {
    vi.useFakeTimers();
    const tool: TrackingLoader = { name: 'timed', category: 'C0002', load: vi.fn() };
    startTrackingTools({
      context: contextWith(true, false),
      consent: consentOf(ALL).source,
      report: vi.fn(),
      loaders: [tool],
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(tool.load).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback: the task runs right after the delay.
    await vi.advanceTimersByTimeAsync(10);
    expect(tool.load).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('session replay loader (platform §9)', () => {
  function replayContext(visitor: string, admin = false) {
    const context = contextWith(true, false);
    context.visiting = { visitor_uuid: visitor, first_visit_time: '2025-01-01T00:00:00Z' };
    context.user_specific_tracking = { ...context.user_specific_tracking!, is_organization_admin: admin };
    return context;
  }
  const visitors = Array.from({ length: 2000 }, (_, n) => `visitor-${n}`);

  it('samples a stable share of visitors by role, and none without external sources', () => {
    const loader = sessionReplayLoader({ search: () => '' });
    const share = (admin: boolean) =>
      visitors.filter((id) => loader.shouldLoad!(replayContext(id, admin))).length / visitors.length;
    expect(share(false)).toBeGreaterThan(0.005);
    expect(share(false)).toBeLessThan(0.025);
    expect(share(true)).toBeGreaterThan(0.07);
    expect(share(true)).toBeLessThan(0.13);
    // The same visitor gets the same answer every time.
    const sampled = visitors.find((id) => loader.shouldLoad!(replayContext(id)))!;
    expect(loader.shouldLoad!(replayContext(sampled))).toBe(true);

    const off = replayContext(sampled);
    off.Config!.third_party.external_sources_enabled = false;
    expect(loader.shouldLoad!(off)).toBe(false);
  });

  it('takes an override from the query, then from the operator', () => {
    expect(replayRateOverride('?replay_rate=1')).toBe(1);
    expect(replayRateOverride('?replay_rate=abc')).toBeNull();
    expect(replayRateOverride('')).toBeNull();
    expect(sessionReplayLoader({ search: () => '?replay_rate=1' }).shouldLoad!(replayContext('anyone'))).toBe(
      true,
    );
    expect(sessionReplayLoader({ search: () => '?replay_rate=0' }).shouldLoad!(replayContext('anyone'))).toBe(
      false,
    );
    expect(sessionReplayLoader({ search: () => '', rate: 1 }).shouldLoad!(replayContext('anyone'))).toBe(
      true,
    );
  });

  it('hands a sampled page to the operator’s recorder, behind analytics consent', async () => {
    const record = vi.fn();
    const loader = sessionReplayLoader({ search: () => '?replay_rate=1', record });
    const context = replayContext('anyone');
    expect(allowedLoaders([loader], context, ['C0001'])).toEqual([]);
    expect(allowedLoaders([loader], context, ['C0001', 'C0002'])).toEqual([loader]);
    await loader.load(context);
    expect(record).toHaveBeenCalledWith(context);
  });
});
