import {
  CONSENT_COOKIE,
  type CheckoutItemData,
  type ExperimentInfo,
  type TrackingEvent,
} from '@lectern/domain';
import { render, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeCartServer, usd } from '../../test-utils/fake-cart-server';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';
import { useConsentController } from '../consent/consent-provider';
import type { MethodKind } from './payment-methods';
import {
  bnplExperimentId,
  bnplTimelineVariant,
  isBnplTimelineShown,
  useBnplExposure,
} from './use-bnpl-experiment';

const context = userContext(authenticatedMe());

function SyncConsent() {
  const consent = useConsentController();
  useEffect(() => {
    void consent.sync(context);
  }, [consent]);
  return null;
}

const items: CheckoutItemData[] = [
  { buyableType: 'course', buyableId: 1, purchasePrice: usd(1799), discountInfo: null },
];

function Probe({ kind, type }: { kind: MethodKind | null; type: string | null }) {
  useBnplExposure(kind, type, 'control', items, 7);
  return null;
}

function renderTracked(ui: ReactNode) {
  const server = fakeServer({
    ...fakeCartServer().routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /privacy/user-cookie-preferences/': (request) =>
      json({ ...(request.body as object), updated: 'now' }),
  });
  const { transport, events } = recordingTrackingTransport();
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <SyncConsent />
      {children}
    </Providers>
  );
  return { ...render(ui, { wrapper }), events };
}

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = 'lectern_tracking_session=; Max-Age=0; Path=/';
});

const exposures = (events: TrackingEvent[]) => events.filter((event) => event.type === 'ExperimentExposure');

describe('BNPL experiment exposure (checkout §4)', () => {
  it('is published once, when a BNPL method is first selected', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
    const { rerender, events } = renderTracked(<Probe kind="card" type="card" />);
    rerender(<Probe kind="bnplAddress" type="afterpay_clearpay" />);
    rerender(<Probe kind="card" type="card" />);
    rerender(<Probe kind="bnplFieldless" type="affirm" />);
    await waitFor(() => expect(exposures(events)).toHaveLength(1));
    expect(exposures(events)[0]).toMatchObject({
      featureCode: 'bnpl_payment_timeline',
      variant: 'control',
      paymentMethod: 'afterpay_clearpay',
      buyables: [{ id: 1, buyable_object_type: 'course' }],
      experimentVariants: { pay: 'control' },
      experimentId: 7,
    });
    // Nothing more arrives later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(exposures(events)).toHaveLength(1);
  });

  it('is not published for other methods', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
    const { events } = renderTracked(<Probe kind="hosted" type="ideal" />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(exposures(events)).toHaveLength(0);
  });
});

describe('timeline variant', () => {
  const assigned = (configuration: Record<string, unknown>, isInExperiment = true): ExperimentInfo => ({
    assignments: [
      { featureCode: 'bnpl_payment_timeline', configuration, isInExperiment, experimentIds: [7] },
    ],
  });

  it('names the experiment only when the buyer takes part in it', () => {
    expect(bnplExperimentId(assigned({ variant: 'control' }))).toBe(7);
    expect(bnplExperimentId(assigned({ variant: 'control' }, false))).toBeNull();
    expect(bnplExperimentId(undefined)).toBeNull();
  });

  it("is the assignment's variant, else the feature is on", () => {
    expect(bnplTimelineVariant(undefined)).toBe('default');
    expect(bnplTimelineVariant({ assignments: [] })).toBe('default');
    expect(bnplTimelineVariant(assigned({ variant: 'control' }))).toBe('control');
    expect(bnplTimelineVariant(assigned({ variant: 'control' }, false))).toBe('default');
    expect(isBnplTimelineShown('default')).toBe(true);
    expect(isBnplTimelineShown('control')).toBe(false);
  });
});
