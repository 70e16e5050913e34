import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeGraphql, FakeGraphqlFailure, graphqlCalls } from '../../test-utils/fake-graphql';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import type { BadgeAssertion } from './badges-api';

const PATH = '/user/profile/badges/';

function assertion(overrides: Partial<BadgeAssertion> = {}): BadgeAssertion {
  return {
    id: '1',
    issuedOn: '2025-11-20T16:00:00.000Z',
    expires: null,
    externalUrl: 'https://www.credly.com/badges/0d3c0003-demo',
    badgeClass: {
      id: '4',
      name: 'TypeScript Developer Blueprint',
      description: 'Types, generics and the compiler, shown in a project.',
      type: 'BLUEPRINT',
      tags: ['TypeScript', 'Generics'],
      issuer: { id: '2', name: 'Lectern' },
      topic: { id: '9', name: 'TypeScript' },
      externalUrl: 'https://example.com/blueprints/typescript',
    },
    ...overrides,
  };
}

function open(answer: (variables: Record<string, unknown>) => unknown, path = PATH) {
  const server = fakeServer({
    ...fakeCartServer({ userId: 7 }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ country: 'US' }))),
    'POST /api/2022-03/graphql/': fakeGraphql({ MyBadgeAssertions: answer }),
  });
  renderApp({ fetch: server.fetch, path });
  return server;
}

describe('BadgesPage', () => {
  it("lists the learner's own awards with issuer, dates, topics and verification links", async () => {
    const server = open((variables) => ({
      badgeAssertionsByUser: {
        page: variables.page,
        pageCount: 2,
        items: [
          assertion(),
          assertion({
            id: '2',
            issuedOn: '2021-06-02T10:00:00.000Z',
            expires: '2024-06-02T10:00:00.000Z',
            externalUrl: null,
            badgeClass: {
              ...assertion().badgeClass,
              id: '5',
              name: 'AWS Certified Developer',
              type: 'OPEN_BADGE',
              issuer: { id: '3', name: 'Amazon Web Services' },
              tags: [],
              topic: null,
              externalUrl: null,
            },
          }),
        ],
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges and certifications' })).toBeTruthy();
    const [first, second] = (await screen.findAllByTestId('badge-assertion')).map((card) => within(card));
    expect(first!.getByRole('heading', { level: 2, name: 'TypeScript Developer Blueprint' })).toBeTruthy();
    expect(first!.getByText('Blueprint badge issued by Lectern')).toBeTruthy();
    expect(first!.getByText(/Earned November 20, 2025 · does not expire/)).toBeTruthy();
    expect(first!.getByRole('list', { name: 'Topics and skills' }).textContent).toBe('TypeScriptGenerics');
    const verify = first!.getByRole('link', {
      name: 'Verify your TypeScript Developer Blueprint award (opens in a new tab)',
    });
    expect(verify.getAttribute('href')).toBe('https://www.credly.com/badges/0d3c0003-demo');
    expect(verify.getAttribute('rel')).toBe('noopener noreferrer');
    expect(second!.getByText('Expired')).toBeTruthy();
    expect(second!.getByText(/expired June 2, 2024/)).toBeTruthy();
    expect(second!.queryByRole('link')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    // The signed-in learner's own id, page 0, twelve a page (platform §9).
    expect(graphqlCalls(server.requests)[0]?.variables).toEqual({ userId: '7', page: 0, size: 12 });
  });

  it('says when there is no badge yet, and when they cannot be loaded', async () => {
    open(() => ({ badgeAssertionsByUser: { page: 0, pageCount: 1, items: [] } }));
    expect((await screen.findByTestId('badges-empty')).textContent).toContain("haven't earned any badges");
  });

  it('offers to try again when the badges cannot be loaded', async () => {
    open(() => new FakeGraphqlFailure('Down.'));
    expect(await screen.findByText("We couldn't load your badges.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
