import { describe, expect, it } from 'vitest';
import {
  TRACKING_EVENT_SCHEMAS,
  validateTrackingEvent,
  utf8ByteLength,
  type TrackingEvent,
} from './event-schemas.js';

const envelope = {
  eventId: '7d3c3f0e-2a4b-4c55-9d61-1f1e2c3b4a59',
  clientTimestamp: '2026-11-22T07:00:00.123Z',
  visitorUuid: 'a6f1c2d4-visitor',
  trackingSessionId: 's-1',
};

describe('validateTrackingEvent', () => {
  it('accepts a valid event of each kind checked here', () => {
    const events: TrackingEvent[] = [
      { ...envelope, type: 'PageView', pageKey: 'cart', url: 'http://localhost:3000/cart/' },
      {
        ...envelope,
        type: 'ConsentChanged',
        allowedCategories: ['C0001', 'C0002'],
        trigger: 'banner_accept',
      },
      { ...envelope, type: 'Share', network: 'twitter', context: 'clp', objectId: 12 },
      {
        ...envelope,
        type: 'ItemImpression',
        itemId: 3,
        itemType: 'course',
        position: 0,
        backendSource: 'discovery',
      },
      {
        ...envelope,
        type: 'CheckoutSubmitSuccess',
        buyables: [{ id: 3, buyable_object_type: 'course' }],
        chargeType: 'paid',
        orderId: 41,
        experimentVariants: { pay: 'control' },
      },
      { ...envelope, type: 'TeamPlanStarted' },
      {
        ...envelope,
        type: 'ExperimentExposure',
        featureCode: 'bnpl_payment_timeline',
        variant: 'default',
        paymentMethod: 'afterpay_clearpay',
        buyables: [{ id: 3, buyable_object_type: 'course' }],
        experimentVariants: { pay: 'default' },
      },
    ];
    for (const event of events) expect(validateTrackingEvent(event)).toEqual({ ok: true });
  });

  it('covers the checkout §7 events', () => {
    for (const type of [
      'CheckoutSubmit',
      'CheckoutSubmitSuccess',
      'CheckoutPageView',
      'CheckoutPageLeave',
      'TeamPlanStarted',
      'TeamPlanSelected',
      'TeamPlanSubmitted',
      'PersonalPlanStarted',
      'PersonalPlanSelected',
      'PersonalPlanSubmitted',
      'UpsellStarted',
      'UpsellSubmitted',
      'Resubscribe',
    ]) {
      expect(TRACKING_EVENT_SCHEMAS).toHaveProperty(type);
    }
  });

  it('names what is wrong', () => {
    expect(validateTrackingEvent('PageView')).toEqual({ ok: false, reason: 'event must be an object' });
    expect(validateTrackingEvent({ ...envelope, type: 'Nope' })).toEqual({
      ok: false,
      reason: 'unknown event type',
    });
    expect(validateTrackingEvent({ ...envelope, type: 'toString' })).toEqual({
      ok: false,
      reason: 'unknown event type',
    });
    expect(validateTrackingEvent({ ...envelope, type: 'PageView', url: '/x' })).toEqual({
      ok: false,
      reason: 'missing field "pageKey"',
    });
    expect(
      validateTrackingEvent({ ...envelope, type: 'PageView', pageKey: 'cart', url: '/x', userId: 1 }),
    ).toEqual({
      ok: false,
      reason: 'unknown field "userId"',
    });
    expect(
      validateTrackingEvent({ ...envelope, type: 'CheckoutSubmit', buyables: [], chargeType: 'cheap' }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('"chargeType"') });
    expect(
      validateTrackingEvent({
        ...envelope,
        type: 'CheckoutSubmitSuccess',
        buyables: [],
        chargeType: 'free',
        orderId: 1.5,
      }),
    ).toEqual({ ok: false, reason: 'field "orderId" must be an integer >= 1' });
    expect(
      validateTrackingEvent({
        ...envelope,
        type: 'AddToCart',
        buyables: [{ id: 1, buyable_object_type: 'boat' }],
      }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('"buyables"') });
    expect(
      validateTrackingEvent({
        ...envelope,
        clientTimestamp: 'yesterday',
        type: 'PageView',
        pageKey: 'cart',
        url: '/',
      }),
    ).toEqual({ ok: false, reason: 'field "clientTimestamp" must be an ISO 8601 time' });
    // A day that does not exist is no time (JavaScript would store 1 October).
    expect(
      validateTrackingEvent({
        ...envelope,
        clientTimestamp: '2026-09-31T07:00:00Z',
        type: 'PageView',
        pageKey: 'cart',
        url: '/',
      }),
    ).toEqual({ ok: false, reason: 'field "clientTimestamp" must be an ISO 8601 time' });
  });

  it('refuses an event larger than 8 KiB', () => {
    const event = {
      ...envelope,
      type: 'PageView',
      pageKey: 'cart',
      url: '/',
      experimentVariants: {} as Record<string, string>,
    };
    for (let i = 0; i < 20; i += 1) event.experimentVariants[`${'f'.repeat(60)}${i}`] = 'v'.repeat(64);
    expect(validateTrackingEvent(event)).toEqual({ ok: true });
    const big = { ...envelope, type: 'AddToCart', uiRegion: 'x', buyables: [] as unknown[] };
    for (let i = 0; i < 100; i += 1)
      big.buyables.push({ id: 1_000_000_000_000 + i, buyable_object_type: 'license' });
    expect(utf8ByteLength(JSON.stringify(big))).toBeGreaterThan(5000);
    expect(validateTrackingEvent(big)).toEqual({ ok: true });
    const tooBig = {
      ...envelope,
      type: 'PageView',
      pageKey: 'cart',
      url: '€'.repeat(2048),
      referrer: '😀'.repeat(1024),
    };
    expect(validateTrackingEvent(tooBig)).toEqual({ ok: false, reason: 'event is larger than 8192 bytes' });
  });

  it('counts UTF-8 bytes', () => {
    expect(utf8ByteLength('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});
