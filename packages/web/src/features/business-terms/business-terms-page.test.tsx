import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, userContext } from '../../test-utils/fake-server';
import { setUp } from '../subscriptions/subscription-fixtures';

/** A visitor's context whose configuration names the brand `brand`. */
function brandedContext(brand: string) {
  const answer = userContext();
  return json({
    ...answer,
    Config: {
      ...answer.Config!,
      brand: { ...answer.Config!.brand, name: brand, business_name: `${brand} Business` },
    },
  });
}

describe('BusinessTermsPage', () => {
  it('names the configured brand and lists its sections under headings in order', async () => {
    setUp('/terms/ub/', { 'GET /api-2.0/contexts/me/': brandedContext('Acme Courses') }, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Courses Business Terms' }),
    ).toBeTruthy();
    await expect.poll(() => document.title).toBe('Acme Courses Business Terms | Acme Courses');
    const sections = [
      'Subscriptions and licenses',
      'Billing and automatic renewal',
      'Free trials',
      'Adding licenses',
      'Cancellation and refunds',
      'Taxes',
      "Your organization's data",
      'Contact',
    ];
    // The page's own headings (the consent banner after it has its own).
    const page = within(screen.getByRole('main'));
    expect(page.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      sections,
    );
    expect(page.queryAllByRole('heading', { level: 3 })).toEqual([]);
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(sections);
    expect(within(contents).getByRole('link', { name: 'Taxes' }).getAttribute('href')).toBe('#terms-taxes');

    expect(screen.getByText(/buys and uses a Team Plan subscription of Acme Courses Business/)).toBeTruthy();
    expect(screen.getByText(/at most 20 licenses/)).toBeTruthy();
    expect(screen.getByText(/prorated price for the added licenses/)).toBeTruthy();
    expect(screen.getByText(/keeps access until the end of the billing period/)).toBeTruthy();
    expect(screen.getByText(/not refunded, except where required by law/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support center' }).getAttribute('href')).toBe('/support/');
  });
});
