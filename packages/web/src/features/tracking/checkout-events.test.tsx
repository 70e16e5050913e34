import {
  CONSENT_COOKIE,
  type CheckoutItemData,
  type CheckoutReceipt,
  type TrackingEvent,
} from '@lectern/domain';
import { render, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeCartServer, usd } from '../../test-utils/fake-cart-server';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { useConsentController } from '../consent/consent-provider';
import {
  checkoutCouponCode,
  useCheckoutSuccessTracking,
  useCheckoutTracking,
  type CheckoutTracking,
} from './checkout-events';
import { TRACKING_STORAGE_KEY } from './tracking-storage';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';

const context = userContext(authenticatedMe());

function SyncConsent() {
  const consent = useConsentController();
  useEffect(() => {
    void consent.sync(context);
  }, [consent]);
  return null;
}

/** The app's providers with a transport that records every event sent. */
function renderTracked(ui: ReactNode, events: TrackingEvent[] = []) {
  const server = fakeServer({
    ...fakeCartServer().routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /privacy/user-cookie-preferences/': (request) =>
      json({ ...(request.body as object), updated: 'now' }),
  });
  const { transport } = recordingTrackingTransport(events);
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <SyncConsent />
      {children}
    </Providers>
  );
  const result = render(ui, { wrapper });
  return { ...result, events, requests: server.requests };
}

const items: CheckoutItemData[] = [
  { buyableType: 'course', buyableId: 1, purchasePrice: usd(1799), discountInfo: { code: 'SAVE10' } },
  { buyableType: 'course', buyableId: 2, purchasePrice: usd(999), discountInfo: { code: 'SAVE10' } },
  { buyableType: 'course', buyableId: 3, purchasePrice: usd(999), discountInfo: null },
];

const order: NonNullable<CheckoutReceipt['order']> = {
  id: 42,
  total: { ...usd(2798), price_string: '$27.98' },
  credit_used: { ...usd(0), price_string: '$0.00' },
  tax: { ...usd(0), price_string: '$0.00' },
  created: '2025-03-01T10:00:00Z',
  lines: [
    { buyable: { id: 1, buyable_object_type: 'course' }, title: 'A', url: '/course/a/', price: usd(1799) },
  ],
};

function CheckoutPageProbe({ onReady }: { onReady: (tracking: CheckoutTracking) => void }) {
  const tracking = useCheckoutTracking(items);
  useEffect(() => {
    onReady(tracking);
  }, [tracking, onReady]);
  return null;
}

function SuccessPageProbe({ attemptId }: { attemptId: string }) {
  useCheckoutSuccessTracking(attemptId, order);
  return null;
}

function allowAnalytics() {
  document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
}

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = 'lectern_tracking_session=; Max-Age=0; Path=/';
});

describe('checkout events (checkout §7, §9)', () => {
  it('publishes page view, submit and page leave from the checkout page', async () => {
    allowAnalytics();
    let tracking: CheckoutTracking | undefined;
    const { rerender, events } = renderTracked(<CheckoutPageProbe onReady={(value) => (tracking = value)} />);
    await waitFor(() => expect(tracking).toBeDefined());
    tracking!.submitted({ chargeType: 'paid', paymentMethod: 'card', checkoutRef: 'ref-1' });
    tracking!.attemptAccepted('attempt-1', { paymentMethod: 'card', checkoutRef: 'ref-1' });
    // Another route: the checkout page goes away, the app stays.
    rerender(<p>Elsewhere</p>);

    const buyables = [
      { id: 1, buyable_object_type: 'course' },
      { id: 2, buyable_object_type: 'course' },
      { id: 3, buyable_object_type: 'course' },
    ];
    await waitFor(() =>
      expect(events.map((event) => event.type)).toEqual([
        'CheckoutPageView',
        'CheckoutSubmit',
        'CheckoutPageLeave',
      ]),
    );
    expect(events[0]).toMatchObject({ buyables, couponCode: 'SAVE10', visitorUuid: 'visitor-1' });
    expect(events[1]).toMatchObject({
      buyables,
      chargeType: 'paid',
      paymentMethod: 'card',
      checkoutRef: 'ref-1',
    });
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toContain('attempt-1');
  });

  it('sends the page leave in a beacon when the tab closes', async () => {
    allowAnalytics();
    let tracking: CheckoutTracking | undefined;
    const { events } = renderTracked(<CheckoutPageProbe onReady={(value) => (tracking = value)} />);
    await waitFor(() => expect(tracking).toBeDefined());
    window.dispatchEvent(new Event('pagehide'));
    expect(events.map((event) => event.type)).toEqual(['CheckoutPageView', 'CheckoutPageLeave']);
  });

  it('sends the success once per order, with what the checkout page kept, even after a reload', async () => {
    allowAnalytics();
    let tracking: CheckoutTracking | undefined;
    const checkout = renderTracked(<CheckoutPageProbe onReady={(value) => (tracking = value)} />);
    await waitFor(() => expect(tracking).toBeDefined());
    tracking!.attemptAccepted('attempt-1', { paymentMethod: 'card', checkoutRef: 'ref-1' });
    checkout.unmount();

    const first = renderTracked(<SuccessPageProbe attemptId="attempt-1" />);
    await waitFor(() =>
      expect(first.events.some((event) => event.type === 'CheckoutSubmitSuccess')).toBe(true),
    );
    expect(first.events.find((event) => event.type === 'CheckoutSubmitSuccess')).toMatchObject({
      orderId: 42,
      chargeType: 'paid',
      buyables: [{ id: 1, buyable_object_type: 'course' }],
      couponCode: 'SAVE10',
      paymentMethod: 'card',
      checkoutRef: 'ref-1',
    });
    first.unmount();

    // A reload of the success page: a new app, the same local storage.
    const reloaded = renderTracked(<SuccessPageProbe attemptId="attempt-1" />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reloaded.events.filter((event) => event.type === 'CheckoutSubmitSuccess')).toHaveLength(0);
    reloaded.unmount();
  });

  it('sends and keeps nothing without analytics consent', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:0,C0003:1,C0004:1,C0005:1; Path=/`;
    let tracking: CheckoutTracking | undefined;
    const { events, unmount } = renderTracked(<CheckoutPageProbe onReady={(value) => (tracking = value)} />);
    await waitFor(() => expect(tracking).toBeDefined());
    tracking!.submitted({ chargeType: 'free', paymentMethod: 'free-method', checkoutRef: 'ref-2' });
    tracking!.attemptAccepted('attempt-2', { paymentMethod: 'free-method', checkoutRef: 'ref-2' });
    unmount();
    const success = renderTracked(<SuccessPageProbe attemptId="attempt-2" />, events);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(events).toEqual([]);
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
    success.unmount();
  });

  it('joins distinct coupon codes within the field’s 255 characters', () => {
    expect(checkoutCouponCode([null, 'A', 'B', 'A', undefined])).toBe('A,B');
    expect(checkoutCouponCode([])).toBeUndefined();
    const long = 'X'.repeat(200);
    expect(checkoutCouponCode([long, 'Y'.repeat(100), 'Z'])).toBe(`${long},Z`);
  });
});
