import { describe, expect, it, vi } from 'vitest';
import { userContext } from '../../test-utils/fake-server';
import {
  allowedLoaders,
  startTrackingTools,
  TRACKING_LOADERS,
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

const analytics: TrackingLoader = { name: 'analytics', load: vi.fn() };
const ads: TrackingLoader = { name: 'ads', marketing: true, load: vi.fn() };
const sampledOut: TrackingLoader = { name: 'replay', shouldLoad: () => false, load: vi.fn() };

describe('tracking loaders', () => {
  it('starts with an empty registry', () => {
    expect(TRACKING_LOADERS).toEqual([]);
  });

  it('loads nothing when external sources are off', () => {
    expect(allowedLoaders([analytics, ads], contextWith(false, true))).toEqual([]);
  });

  it('needs third-party marketing for marketing tools and honours shouldLoad', () => {
    expect(allowedLoaders([analytics, ads, sampledOut], contextWith(true, false))).toEqual([analytics]);
    expect(allowedLoaders([analytics, ads, sampledOut], contextWith(true, true))).toEqual([analytics, ads]);
  });

  it('runs the allowed loaders when scheduled and reports each failure', async () => {
    const failure = new Error('blocked');
    const broken: TrackingLoader = { name: 'broken', load: () => Promise.reject(failure) };
    const working: TrackingLoader = { name: 'working', load: vi.fn() };
    const report = vi.fn();
    let scheduled: (() => void) | undefined;
    const context = contextWith(true, true);
    startTrackingTools(context, report, [broken, working], (task) => (scheduled = task));
    expect(working.load).not.toHaveBeenCalled();
    scheduled?.();
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith(failure, { trackingLoader: 'broken' }));
    expect(working.load).toHaveBeenCalledWith(context);
  });
});
