import { PAGE_ROUTES, type AnonymousMe, type AuthenticatedMe } from '@lectern/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { testProviders } from '../../test-utils/render';
import { DocumentNavigationProvider } from '../../platform/navigation/navigation';
import { PurchaseCard, type PurchaseCardCourse } from './purchase-card';

const course: PurchaseCardCourse = {
  id: 5,
  title: 'Course 5',
  url: '/course/course-5/',
  image_url: null,
  visible_instructors: [{ display_name: 'Grace Hopper', job_title: 'Admiral' }],
  price: { amount: 1999, currency: 'USD' },
  price_text: '$19.99',
};

/**
 * The card as an island hydrates it: its props through JSON, no router (plain links, and
 * going somewhere is a full page load, `location.assign`).
 */
const CART_ADD = 'POST /api-2.0/shopping-carts/me/cart/';
const WISHLIST_ADD = 'POST /api-2.0/shopping-carts/me/wishlist/';

function renderIsland({
  me = authenticatedMe() as AuthenticatedMe | AnonymousMe,
  owned = false,
  cartAdd,
  wishlistAdd,
}: {
  me?: AuthenticatedMe | AnonymousMe;
  owned?: boolean;
  cartAdd?: (answer: FakeHandler) => FakeHandler;
  wishlistAdd?: (answer: FakeHandler) => FakeHandler;
} = {}) {
  const cart = fakeCartServer({ userId: me.id });
  const server = fakeServer({
    ...cart.routes,
    ...(cartAdd ? { [CART_ADD]: cartAdd(cart.routes[CART_ADD]!) } : {}),
    ...(wishlistAdd ? { [WISHLIST_ADD]: wishlistAdd(cart.routes[WISHLIST_ADD]!) } : {}),
    'GET /api-2.0/pricing/': json({
      courses: {
        '5': { price: { amount: 1999, currency: 'USD', price_string: '$19.99' }, discount_price: null },
      },
    }),
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const { Providers } = testProviders({ fetch: server.fetch, context: userContext(me) });
  const props = JSON.parse(JSON.stringify({ course: { ...course, is_enrolled: owned } })) as {
    course: PurchaseCardCourse;
  };
  render(
    <Providers>
      <DocumentNavigationProvider location={{ pathname: '/course/course-5/', search: '' }}>
        <PurchaseCard {...props} />
      </DocumentNavigationProvider>
    </Providers>,
  );
  return { cart, server, assign };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PurchaseCard in an island', () => {
  it('buys now with a full page load to the express checkout, for users and visitors alike', async () => {
    for (const me of [authenticatedMe() as AuthenticatedMe | AnonymousMe, anonymousMe]) {
      const { assign, server } = renderIsland({ me });
      fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/express/?course_id=5'));
      // The express page fills the express list (and asks a visitor to log in first).
      expect(server.requests.some((request) => request.path.endsWith('/express/'))).toBe(false);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('marks the running action busy and disables the others until the server answers', async () => {
    let release: () => void = () => {};
    renderIsland({
      wishlistAdd: (answer) => async (request) => {
        await new Promise<void>((resolve) => (release = resolve));
        return typeof answer === 'function' ? answer(request) : answer;
      },
    });
    const wish = await screen.findByRole('button', { name: 'Add to wishlist' });
    fireEvent.click(wish);
    await waitFor(() => expect(wish.getAttribute('aria-busy')).toBe('true'));
    expect(wish).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy as a gift' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy now' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy as a gift' }).getAttribute('aria-busy')).toBeNull();
    release();
    await waitFor(() => expect(wish.getAttribute('aria-busy')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Buy as a gift' })).toHaveProperty('disabled', false),
    );
  });

  it('shows a failure as an alert and stays on the page', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { assign, cart } = renderIsland();
    cart.failNext('POST', '/api-2.0/shopping-carts/me/cart/', 500);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An unknown error occurred.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', false),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(reported).toHaveBeenCalled();
  });

  it('turns "Add to cart" into a plain link to the cart, which takes keyboard focus', async () => {
    const { cart } = renderIsland();
    expect(await screen.findByRole('region', { name: 'Get this course' })).toBeTruthy();
    expect(await screen.findByText('$19.99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const goToCart = await screen.findByRole('link', { name: 'Go to cart' });
    expect(goToCart.getAttribute('href')).toBe(PAGE_ROUTES.cart);
    expect(document.activeElement).toBe(goToCart);
    await waitFor(() => expect(cart.lists.cart).toHaveLength(1));
  });

  it('offers "Go to course" as a plain link for an owned course', async () => {
    renderIsland({ owned: true });
    const goToCourse = await screen.findByRole('link', { name: 'Go to course' });
    expect(goToCourse.getAttribute('href')).toBe(PAGE_ROUTES.myCourses);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('buys as a gift alone: the express checkout of the gift opens, and the cart is left as it was', async () => {
    const { assign, cart } = renderIsland();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(cart.lists.cart).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Buy as a gift' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/express/?course_id=5&gift=1'));
    expect(cart.lists.cart.map((item) => item.buyable.buyable_object_type)).toEqual(['course']);
  });

  it('lets a visitor give the course, and an owner give theirs', async () => {
    const visitor = renderIsland({ me: anonymousMe });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy as a gift' }));
    await waitFor(() => expect(visitor.assign).toHaveBeenCalledWith('/express/?course_id=5&gift=1'));
    cleanup();

    const owner = renderIsland({ owned: true });
    expect(await screen.findByRole('link', { name: 'Go to course' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy as a gift' }));
    await waitFor(() => expect(owner.assign).toHaveBeenCalledWith('/express/?course_id=5&gift=1'));
  });
});
