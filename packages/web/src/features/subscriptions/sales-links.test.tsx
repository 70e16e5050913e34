import type { SalesLinks, UserContextResponse } from '@lectern/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { member, PAYMENT_METHOD, visa } from '../organization-admin/shell/organization-admin-test-kit';
import { LicenseCeilingNote } from './license-picker';
import { RegionRestrictionBanner } from './region-restriction-banner';
import { enrollment, planServer, setUp } from './subscription-fixtures';

// Issue 34: the sales links are the back office's settings, given in the user context's
// Config; no page links to a host of its own choosing.
const SALES: SalesLinks = {
  email: 'deals@acme-courses.com',
  request_demo_url: 'https://acme-courses.com/demo/?ref=indupgrade',
  enterprise_upgrade_url: 'https://acme-courses.com/enterprise/?utm_source=product',
  compare_plans_url: 'https://acme-courses.com/plans/',
};

function contextWith(sales: SalesLinks, me = member('owner')): UserContextResponse {
  const answer = userContext(me);
  return { ...answer, Config: { ...answer.Config!, sales } };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('the sales links', () => {
  it('the organization’s subscription page links to the operator’s pages and address', async () => {
    setUp('/organization-manage-v2/settings/subscription/', {
      'GET /api-2.0/contexts/me/': json(contextWith(SALES)),
      'POST /api/2022-03/graphql/': planServer(enrollment()),
      [PAYMENT_METHOD]: visa,
    });
    await screen.findByTestId('subscription-status');
    const banner = screen.getByTestId('enterprise-upgrade');
    const upgrade = within(banner).getByRole('link', { name: 'Upgrade to enterprise' });
    expect(upgrade.getAttribute('href')).toBe(SALES.enterprise_upgrade_url);
    expect(upgrade.getAttribute('target')).toBe('_blank');
    expect(within(banner).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe(
      SALES.compare_plans_url,
    );
    expect(screen.getByRole('link', { name: SALES.email }).getAttribute('href')).toBe(
      `mailto:${SALES.email}`,
    );
    expect(document.body.innerHTML).not.toContain('example.com');
  });

  it('the region notice and the license ceiling use the settings; a mailto: link opens in place', () => {
    const sales = { ...SALES, enterprise_upgrade_url: 'mailto:deals@acme-courses.com?subject=Enterprise' };
    renderWithProviders(
      <>
        <RegionRestrictionBanner brand="Lectern Business" licenses={false} />
        <LicenseCeilingNote maximum={20} />
      </>,
      { fetch: fakeServer(fakeCartServer({ userId: 7 }).routes).fetch, context: contextWith(sales) },
    );
    const demo = screen.getByRole('link', { name: 'Request a demo' });
    expect(demo.getAttribute('href')).toBe(SALES.request_demo_url);
    expect(demo.getAttribute('target')).toBe('_blank');
    const upgrade = screen.getByRole('link', { name: 'Upgrade to enterprise' });
    expect(upgrade.getAttribute('href')).toBe(sales.enterprise_upgrade_url);
    expect(upgrade.getAttribute('target')).toBeNull();
  });
});
