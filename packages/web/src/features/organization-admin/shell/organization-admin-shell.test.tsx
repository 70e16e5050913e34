import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enrollment, setUp } from '../../subscriptions/subscription-fixtures';
import { openAdminPage as open } from './organization-admin-test-kit';

const SUBSCRIPTION = '/organization-manage-v2/settings/subscription/';
const OVERVIEW = '/organization-manage-v2/admin-overview/';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('organization admin shell', () => {
  it('sends a visitor to log in, coming back afterwards', async () => {
    const { router } = setUp(SUBSCRIPTION, {}, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/login-popup/'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(SUBSCRIPTION)}`);
  });

  it.each(['student', 'group_admin'] as const)('tells a %s they have no access', async (role) => {
    const { server } = open(SUBSCRIPTION, enrollment(), { role });
    expect(
      await screen.findByText('You need to be an owner or admin of your organization to see this page.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Organization admin' })).toBeNull();
    expect(server.requests.some((request) => request.url.includes('graphql'))).toBe(false);
  });

  it('tells a user without an organization they have no access', async () => {
    setUp(OVERVIEW, {});
    expect(await screen.findByTestId('organization-admin-no-access')).toBeTruthy();
  });

  it('opens the overview from the base path; the sidebar marks the current page', async () => {
    const { router } = open('/organization-manage-v2/', enrollment(), { role: 'admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
    const nav = await screen.findByRole('navigation', { name: 'Organization admin' });
    const current = within(nav).getByRole('link', { name: 'Admin overview' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe(
      '/organization-manage-v2/users/',
    );
    expect(within(nav).getByRole('link', { name: 'Subscription management' }).getAttribute('href')).toBe(
      SUBSCRIPTION,
    );
    expect(within(nav).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe(
      '/organization-manage-v2/settings/billing/',
    );
    expect(
      within(nav).getByRole('link', { name: 'Subscription management' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin overview' })).toBeTruthy();
  });
});
