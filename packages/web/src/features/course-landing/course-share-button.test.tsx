import { CONSENT_COOKIE, type UserContextResponse } from '@lectern/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';
import { useConsentController } from '../consent/consent-provider';
import { CourseShareButton } from './course-share-button';

const SHORT_LINK = 'http://localhost:3000/s/abc123/';

/** A visitor's context where sharing is allowed: marketplace brand, external sources on. */
function sharingContext(): UserContextResponse {
  const context = userContext();
  const config = context.Config!;
  return {
    ...context,
    Config: { ...config, third_party: { ...config.third_party, external_sources_enabled: true } },
  };
}

function SyncConsent({ context }: { context: UserContextResponse }) {
  const consent = useConsentController();
  useEffect(() => {
    void consent.sync(context);
  }, [consent, context]);
  return null;
}

/** The button as an island gets it: its props through JSON, no router. */
function renderTracked() {
  const context = sharingContext();
  const server = fakeServer({
    ...fakeCartServer({ userId: null }).routes,
    'POST /api-2.0/share/': json({ url: SHORT_LINK }),
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
  });
  const { transport, events } = recordingTrackingTransport();
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  const props = JSON.parse(JSON.stringify({ course: { id: 5, title: 'Course 5', is_private: false } })) as {
    course: { id: number; title: string; is_private: boolean };
  };
  render(
    <Providers>
      <SyncConsent context={context} />
      <CourseShareButton {...props} />
    </Providers>,
  );
  return { events };
}

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = 'lectern_tracking_session=; Max-Age=0; Path=/';
  vi.restoreAllMocks();
});

describe('CourseShareButton', () => {
  it('publishes a Share event for the network picked on the course page', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
    const { events } = renderTracked();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Course 5”' });
    vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as Window);
    fireEvent.click(await within(dialog).findByRole('link', { name: 'X (opens in a new window)' }));
    await waitFor(() =>
      expect(events.filter((event) => event.type === 'Share')).toEqual([
        expect.objectContaining({ network: 'twitter', context: 'clp', objectId: 5 }),
      ]),
    );
  });
});
