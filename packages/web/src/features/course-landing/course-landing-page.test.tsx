import type { UserContextResponse } from '@lectern/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { anonymousMe, authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import { readCheckoutList } from '../cart/checkout-handoff';

const course = {
  id: 5,
  title: 'Course 5',
  headline: 'All about five',
  url: '/course/course-5/',
  image_url: null,
  visible_instructors: [{ display_name: 'Grace Hopper' }],
  avg_rating_recent: 4.5,
  num_reviews: 10,
  num_subscribers: 100,
  primary_category: { title: 'Development', slug: 'development' },
  locale: { locale: 'en_US', title: 'English (United States)' },
  estimated_content_length: 90,
  price: { amount: 1999, currency: 'USD' },
  price_text: '$19.99',
};

/** The two configuration conditions of sharing (platform §5), set on a user context. */
function withSharingConditions(
  context: UserContextResponse,
  conditions: { hasOrganization: boolean; externalSourcesEnabled: boolean },
): UserContextResponse {
  const config = context.Config!;
  return {
    ...context,
    Config: {
      ...config,
      brand: { ...config.brand, has_organization: conditions.hasOrganization },
      third_party: { ...config.third_party, external_sources_enabled: conditions.externalSourcesEnabled },
    },
  };
}

function setUp({
  me = authenticatedMe() as ReturnType<typeof authenticatedMe> | typeof anonymousMe,
  owned = false,
  isPrivate = undefined as boolean | undefined,
  hasOrganization = false,
  externalSourcesEnabled = false,
} = {}) {
  const cart = fakeCartServer({ userId: me.id });
  const context = withSharingConditions(userContext(me), { hasOrganization, externalSourcesEnabled });
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(context),
    'GET /api-2.0/courses/course-5/': json({ ...course, is_enrolled: owned, is_private: isPrivate }),
    'GET /api-2.0/pricing/': json({
      courses: {
        '5': { price: { amount: 1999, currency: 'USD', price_string: '$19.99' }, discount_price: null },
      },
    }),
  });
  return { cart, server };
}

describe('CourseLandingPage', () => {
  it('finds the course by slug and marks the body with its id', async () => {
    const { server } = setUp();
    const { unmount } = renderApp({ fetch: server.fetch, path: '/course/course-5/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course 5' })).toBeTruthy();
    expect(document.body.dataset.courseId).toBe('5');
    expect(screen.getByRole('link', { name: 'Development' }).getAttribute('href')).toBe(
      '/courses/development/',
    );
    expect(await screen.findByText('$19.99')).toBeTruthy();
    unmount();
    expect(document.body.dataset.courseId).toBeUndefined();
  });

  it('adds to the cart, toggles the wishlist, and buys now through the express checkout', async () => {
    const { cart, server } = setUp();
    const { router } = renderApp({ fetch: server.fetch, path: '/course/course-5/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    // The button turns into a link at once, and keyboard focus follows it.
    expect(document.activeElement).toBe(await screen.findByRole('link', { name: 'Go to cart' }));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    await waitFor(() => expect(cart.lists.cart).toHaveLength(1));
    expect(server.requests.find((request) => request.path.endsWith('/me/cart/'))?.body).toEqual({
      buyables: [{ id: 5, buyable_object_type: 'course' }],
      context: 'course_landing_page',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    // The toggle flips at once (pending add) and is usable again once the server answered.
    const remove = await screen.findByRole('button', { name: 'Remove from wishlist' });
    await waitFor(() => expect(remove).toHaveProperty('disabled', false));
    expect(cart.lists.wishlist).toHaveLength(1);
    fireEvent.click(remove);
    const add = await screen.findByRole('button', { name: 'Add to wishlist' });
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    expect(cart.lists.wishlist).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/express/'));
    expect(router.state.location.search).toBe('?course_id=5');
    // The express checkout fills the express list and freezes it for its checkout.
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    await waitFor(() => expect(readCheckoutList()).toMatchObject([{ buyableType: 'course', buyableId: 5 }]));
    expect(server.requests.find((request) => request.path.endsWith('/me/express/'))?.body).toEqual({
      buyables: [{ id: 5, buyable_object_type: 'course' }],
    });
  });

  it('sends a visitor through the express checkout to log in for "Buy now", and back', async () => {
    const { server } = setUp({ me: anonymousMe });
    const { router } = renderApp({ fetch: server.fetch, path: '/course/course-5/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/express/'));
    const logIn = await screen.findByRole('link', { name: 'Log in to continue' });
    expect(logIn.getAttribute('href')).toBe('/join/login-popup/?next=%2Fexpress%2F%3Fcourse_id%3D5');
  });

  it('offers "Go to course" for an owned course', async () => {
    const { server } = setUp({ owned: true });
    renderApp({ fetch: server.fetch, path: '/course/course-5/' });
    expect(await screen.findByRole('link', { name: 'Go to course' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  describe('Share (platform §5)', () => {
    const sharable = { me: anonymousMe, externalSourcesEnabled: true };

    it('is offered for a public course on the marketplace with external sources on', async () => {
      const { server } = setUp(sharable);
      renderApp({ fetch: server.fetch, path: '/course/course-5/' });
      fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
      expect(await screen.findByRole('dialog', { name: 'Share “Course 5”' })).toBeTruthy();
      await waitFor(() =>
        expect(server.requests.find((request) => request.path === '/api-2.0/share/')?.body).toMatchObject({
          context: 'clp',
        }),
      );
    });

    it.each([
      ['the course is private', { ...sharable, isPrivate: true }],
      ['the brand is an organization', { ...sharable, hasOrganization: true }],
      ['external sources are off', { ...sharable, externalSourcesEnabled: false }],
    ])('is hidden when %s', async (_reason, options) => {
      const { server } = setUp(options);
      renderApp({ fetch: server.fetch, path: '/course/course-5/' });
      // The page is fully there (the purchase card included) before checking.
      expect(await screen.findByRole('button', { name: 'Buy now' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    });
  });

  it('shows the not-found page for an unknown slug', async () => {
    const { server } = setUp();
    renderApp({ fetch: server.fetch, path: '/course/nothing-here/' });
    expect(
      await screen.findByRole('heading', { name: "We can't find the page you're looking for" }),
    ).toBeTruthy();
  });
});
