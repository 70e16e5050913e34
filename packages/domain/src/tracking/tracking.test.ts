import { describe, expect, it } from 'vitest';
import { normalizeEmailForHashing } from './email-hashing.js';
import { collectorUrl, isRetriableTrackingStatus, TRACKING_TIMINGS } from './event-tracking.js';
import {
  isSessionReplaySampled,
  sessionReplayRate,
  SESSION_REPLAY_RATES,
  visitorSamplePosition,
} from './session-replay.js';

describe('normalizeEmailForHashing (platform §5)', () => {
  it('lower-cases and trims', () => {
    expect(normalizeEmailForHashing('  Lena.Learner@Example.COM ')).toBe('lena.learner@example.com');
  });

  it('drops the dots of gmail and googlemail local parts only', () => {
    expect(normalizeEmailForHashing('Lena.L.Learner@Gmail.com')).toBe('lenallearner@gmail.com');
    expect(normalizeEmailForHashing('lena.learner@googlemail.com')).toBe('lenalearner@googlemail.com');
    expect(normalizeEmailForHashing('lena.learner@gmail.com.evil.org')).toBe(
      'lena.learner@gmail.com.evil.org',
    );
  });
});

describe('session replay rate (platform §9)', () => {
  const base = {
    is_organization_admin: false,
    is_group_admin: false,
    is_organization_user: false,
    is_consumer_subscriber: false,
  };

  it('uses the rate of the role', () => {
    const rate = (tracking: Partial<typeof base> | null) =>
      sessionReplayRate({ externalSourcesEnabled: true, tracking: tracking && { ...base, ...tracking } });
    expect(rate(null)).toBe(0.0125);
    expect(rate({})).toBe(0.0125);
    expect(rate({ is_organization_admin: true, is_organization_user: true })).toBe(0.1);
    expect(rate({ is_group_admin: true, is_organization_user: true })).toBe(0.1);
    expect(rate({ is_organization_user: true })).toBe(0.05);
    expect(rate({ is_consumer_subscriber: true })).toBe(0.05);
  });

  it('takes an override, and is off without external sources', () => {
    expect(sessionReplayRate({ externalSourcesEnabled: true, tracking: null, override: 0.5 })).toBe(0.5);
    expect(sessionReplayRate({ externalSourcesEnabled: true, tracking: null, override: 7 })).toBe(1);
    expect(sessionReplayRate({ externalSourcesEnabled: false, tracking: null, override: 1 })).toBe(0);
  });
});

describe('session replay sampling', () => {
  const ids = Array.from({ length: 40_000 }, (_, i) => `2b1f${i.toString(16).padStart(8, '0')}-visitor`);

  it('is stable for a visitor', () => {
    expect(visitorSamplePosition('c0ffee-1')).toBe(visitorSamplePosition('c0ffee-1'));
    const position = visitorSamplePosition('c0ffee-1');
    expect(isSessionReplaySampled('c0ffee-1', position + 1e-9)).toBe(true);
    expect(isSessionReplaySampled('c0ffee-1', position)).toBe(false);
  });

  it('samples close to each rate over many visitors', () => {
    for (const rate of Object.values(SESSION_REPLAY_RATES)) {
      const share = ids.filter((id) => isSessionReplaySampled(id, rate)).length / ids.length;
      expect(Math.abs(share - rate)).toBeLessThan(rate * 0.15);
    }
  });

  it('never samples at rate 0 or an empty id, always at rate 1', () => {
    expect(ids.some((id) => isSessionReplaySampled(id, 0))).toBe(false);
    expect(isSessionReplaySampled('', 1)).toBe(false);
    expect(ids.every((id) => isSessionReplaySampled(id, 1))).toBe(true);
  });
});

describe('event tracking client rules (platform §7, §9)', () => {
  it('has the spec timings', () => {
    expect(TRACKING_TIMINGS).toEqual({
      firstFlushMs: 250,
      flushIntervalMs: 3000,
      requestTimeoutMs: 20000,
      retryDelayMs: 3000,
      maxRetries: 3,
      sessionIdleMs: 1_800_000,
    });
  });

  it('retries on server errors and a missing status only', () => {
    expect(isRetriableTrackingStatus(503)).toBe(true);
    expect(isRetriableTrackingStatus(undefined)).toBe(true);
    expect(isRetriableTrackingStatus(0)).toBe(true);
    expect(isRetriableTrackingStatus(400)).toBe(false);
    expect(isRetriableTrackingStatus(207)).toBe(false);
  });

  it('builds the collector address with its query', () => {
    expect(collectorUrl({ client_key: 'lectern-web', client_version: '1.2 beta' })).toBe(
      '/api-2.0/ecl?client_key=lectern-web&client_version=1.2%20beta',
    );
  });
});
