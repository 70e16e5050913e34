import { validateTrackingEvent, type ConsentCategory, type TrackingEvent } from '@lectern/domain';
import { describe, expect, it, vi } from 'vitest';
import { isTrackingEventAllowed, Tracker, trackingEventCategory } from './tracker';

function setup(allowed: ConsentCategory[] = ['C0001', 'C0002'], visitor: string | null = 'visitor-1') {
  const queued: TrackingEvent[] = [];
  const touch = vi.fn((persist: boolean) => (persist ? 'cookie-session' : 'memory-session'));
  const invalid = vi.fn();
  const tracker = new Tracker({
    client: { enqueue: (event) => queued.push(event) },
    session: { touch },
    visitorUuid: () => visitor ?? undefined,
    allowed: () => allowed,
    newId: () => '11111111-2222-3333-4444-555555555555',
    now: () => Date.parse('2025-03-01T10:00:00Z'),
    validate: validateTrackingEvent,
    onInvalid: invalid,
  });
  return { tracker, queued, touch, invalid };
}

describe('Tracker', () => {
  it('fills the envelope and the current page', () => {
    const { tracker, queued } = setup();
    tracker.setPage({ pageKey: 'checkout', url: 'http://localhost/payment/checkout/' });
    expect(
      tracker.track('CheckoutPageView', {
        buyables: [{ id: 1, buyable_object_type: 'course' }],
        couponCode: undefined,
      }),
    ).toBe(true);
    expect(queued).toEqual([
      {
        type: 'CheckoutPageView',
        eventId: '11111111-2222-3333-4444-555555555555',
        clientTimestamp: '2025-03-01T10:00:00.000Z',
        visitorUuid: 'visitor-1',
        trackingSessionId: 'cookie-session',
        pageKey: 'checkout',
        url: 'http://localhost/payment/checkout/',
        buyables: [{ id: 1, buyable_object_type: 'course' }],
      },
    ]);
  });

  it('needs performance consent (C0002) for analytics events and drops them without it', () => {
    const { tracker, queued, touch } = setup(['C0001', 'C0003']);
    expect(tracker.track('PageView', { pageKey: 'home', url: 'http://localhost/' })).toBe(false);
    expect(queued).toHaveLength(0);
    expect(touch).not.toHaveBeenCalled();
  });

  it('always sends the consent record, with a session kept in memory when analytics is refused', () => {
    const { tracker, queued } = setup(['C0001']);
    expect(tracker.track('ConsentChanged', { allowedCategories: ['C0001'], trigger: 'banner_accept' })).toBe(
      true,
    );
    expect(queued[0]).toMatchObject({ type: 'ConsentChanged', trackingSessionId: 'memory-session' });
  });

  it('drops and reports an event the registry refuses, without renewing the session', () => {
    const { tracker, queued, invalid, touch } = setup();
    // A buyable with an extra field is refused by the domain's check (as by the collector).
    const buyables = [{ id: 1, buyable_object_type: 'course', title: 'x' }] as never;
    expect(tracker.track('CheckoutPageView', { buyables })).toBe(false);
    expect(queued).toHaveLength(0);
    expect(invalid).toHaveBeenCalledWith('CheckoutPageView', expect.stringContaining('buyables'));
    expect(touch).not.toHaveBeenCalled();
  });

  it('sends nothing before the user context has loaded', () => {
    const { tracker, queued } = setup(['C0001', 'C0002'], null);
    expect(tracker.track('PageView', { pageKey: 'home', url: 'http://localhost/' })).toBe(false);
    expect(queued).toHaveLength(0);
  });

  it('classifies events: only the consent record is strictly necessary', () => {
    expect(trackingEventCategory('ConsentChanged')).toBe('C0001');
    expect(trackingEventCategory('PageView')).toBe('C0002');
    expect(trackingEventCategory('CheckoutSubmitSuccess')).toBe('C0002');
    expect(isTrackingEventAllowed('Share', ['C0001', 'C0005'])).toBe(false);
    expect(isTrackingEventAllowed('Share', ['C0001', 'C0002'])).toBe(true);
  });
});
