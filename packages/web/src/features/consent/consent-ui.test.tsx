import { CONSENT_COOKIE, TRACKING_SESSION_COOKIE, type UserContextResponse } from '@lectern/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { openConsentCenter } from '../../app/shell/consent-center';
import { readCookie } from '../../platform/cookies';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import {
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { useConsentController } from './consent-provider';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';

const ALL_TRUE = { C0001: 'true', C0002: 'true', C0003: 'true', C0004: 'true', C0005: 'true' };

function contextIn(country: string, me = userContext().me!): UserContextResponse {
  const context = userContext(me);
  context.request = { ...context.request!, price_country: country };
  return context;
}

/** Start-up's step 3 reads the stored choice; here it runs as the providers mount. */
function SyncConsent({ context }: { context: UserContextResponse }) {
  const consent = useConsentController();
  useEffect(() => {
    void consent.sync(context);
  }, [consent, context]);
  return null;
}

function renderConsent(
  context: UserContextResponse,
  routes: Record<string, FakeHandler | FakeHandler[]> = {},
) {
  const server = fakeServer({ ...fakeCartServer().routes, ...routes });
  const { transport, events } = recordingTrackingTransport();
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  render(
    <Providers>
      <SyncConsent context={context} />
      <p>Page</p>
    </Providers>,
  );
  const consentEvents = () => events.filter((event) => event.type === 'ConsentChanged');
  return { server, events, consentEvents };
}

const banner = () => screen.findByRole('region', { name: 'Your privacy choices' });

afterEach(() => {
  for (const name of document.cookie.split(';').map((part) => part.split('=')[0]!.trim())) {
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

describe('consent banner and preference center (platform §4–§6)', () => {
  it('asks on a first visit; the preference center stores the choice, publishes it and hides the banner', async () => {
    const { server, consentEvents } = renderConsent(contextIn('GB'));
    const region = await banner();
    // A bar in the page, not a dialog: the page stays usable.
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Manage cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const necessary = within(dialog).getByRole('switch', { name: 'Strictly necessary cookies' });
    expect((necessary as HTMLInputElement).checked).toBe(true);
    expect((necessary as HTMLInputElement).disabled).toBe(true);
    // GB asks first (opt-in): everything else starts off.
    const performance = within(dialog).getByRole('switch', { name: 'Performance cookies' });
    expect((performance as HTMLInputElement).checked).toBe(false);
    expect(performance.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(performance);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm my choices' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(readCookie(CONSENT_COOKIE)).toBe('C0001:1,C0002:1,C0003:0,C0004:0,C0005:0');
    await waitFor(() =>
      expect(consentEvents()).toEqual([
        expect.objectContaining({
          allowedCategories: ['C0001', 'C0002'],
          trigger: 'preference_center_confirm',
          visitorUuid: 'visitor-1',
        }),
      ]),
    );
    // A visitor's choice stays in the cookie only.
    expect(server.requests.some((request) => request.path === '/privacy/user-cookie-preferences/')).toBe(
      false,
    );
  });

  it('saves a signed-in user’s "Accept all" on the server and publishes it', async () => {
    const { server, consentEvents } = renderConsent(contextIn('DE', authenticatedMe()), {
      'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
      'POST /privacy/user-cookie-preferences/': (request) =>
        json({ ...(request.body as object), updated: 'now' }),
    });
    fireEvent.click(within(await banner()).getByRole('button', { name: 'Accept all' }));

    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
        preferences: ALL_TRUE,
      }),
    );
    expect(server.requests.find((request) => request.method === 'POST')?.headers['X-CSRFToken']).toBe(
      'test-csrf',
    );
    expect(readCookie(CONSENT_COOKIE)).toBe('C0001:1,C0002:1,C0003:1,C0004:1,C0005:1');
    await waitFor(() =>
      expect(consentEvents()).toEqual([
        expect.objectContaining({
          allowedCategories: ['C0001', 'C0002', 'C0003', 'C0004', 'C0005'],
          trigger: 'banner_accept',
        }),
      ]),
    );
  });

  it('restores a signed-in user’s stored choice on the next visit, without asking', async () => {
    const { server } = renderConsent(contextIn('DE', authenticatedMe()), {
      'GET /privacy/user-cookie-preferences/': json({
        preferences: { ...ALL_TRUE, C0004: 'false', C0005: 'false' },
        updated: '2025-01-01T00:00:00Z',
      }),
    });
    await waitFor(() => expect(readCookie(CONSENT_COOKIE)).toBe('C0001:1,C0002:1,C0003:1,C0004:0,C0005:0'));
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('rejects everything non-essential from the banner', async () => {
    const { consentEvents } = renderConsent(contextIn('US'));
    // The US is an opt-out region: everything is on until the visitor says otherwise.
    fireEvent.click(within(await banner()).getByRole('button', { name: 'Reject non-essential' }));
    expect(readCookie(CONSENT_COOKIE)).toBe('C0001:1,C0002:0,C0003:0,C0004:0,C0005:0');
    await waitFor(() => expect(consentEvents()).toHaveLength(1));
    expect(consentEvents()[0]).toMatchObject({ allowedCategories: ['C0001'] });
    expect(consentEvents()[0]).not.toHaveProperty('trigger');
  });

  it('opens from the footer link (tracked), and deletes the cookies of withdrawn categories', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:1,C0004:1,C0005:1; Path=/`;
    document.cookie = `${TRACKING_SESSION_COOKIE}=session-1; Path=/`;
    document.cookie = '_ga=GA1.1.123; Path=/';
    document.cookie = 'ud_locale=de_DE; Path=/';
    document.cookie = '_fbp=fb.1; Path=/';
    document.cookie = 'csrftoken=keep-me; Path=/';
    const { consentEvents } = renderConsent(contextIn('GB'));
    await screen.findByText('Page');
    // A stored choice: no banner.
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();

    openConsentCenter();
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Performance cookies' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Functional cookies' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm my choices' }));

    await waitFor(() => expect(readCookie(CONSENT_COOKIE)).toBe('C0001:1,C0002:0,C0003:0,C0004:1,C0005:1'));
    expect(readCookie('_ga')).toBeUndefined();
    expect(readCookie(TRACKING_SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('ud_locale')).toBeUndefined();
    expect(readCookie('_fbp')).toBe('fb.1');
    expect(readCookie('csrftoken')).toBe('keep-me');
    await waitFor(() =>
      expect(consentEvents().map((event) => [event.trigger, event.allowedCategories])).toEqual([
        ['footer_link', ['C0001', 'C0002', 'C0003', 'C0004', 'C0005']],
        ['preference_center_confirm', ['C0001', 'C0004', 'C0005']],
      ]),
    );
  });

  it('"Allow all" in the preference center allows every category', async () => {
    const { consentEvents } = renderConsent(contextIn('GB'));
    fireEvent.click(within(await banner()).getByRole('button', { name: 'Manage cookies' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cookie preferences' })).getByRole('button', {
        name: 'Allow all',
      }),
    );
    expect(readCookie(CONSENT_COOKIE)).toBe('C0001:1,C0002:1,C0003:1,C0004:1,C0005:1');
    await waitFor(() =>
      expect(consentEvents()[0]).toMatchObject({ trigger: 'preference_center_accept_all' }),
    );
  });

  it('gives focus back to the button that opened the preference center (loaded on demand)', async () => {
    renderConsent(contextIn('GB'));
    const button = within(await banner()).getByRole('button', { name: 'Manage cookies' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shows no banner inside the mobile app', async () => {
    const context = contextIn('GB');
    context.request = { ...context.request!, display_type: 'mobile_app' };
    renderConsent(context);
    await screen.findByText('Page');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });
});
