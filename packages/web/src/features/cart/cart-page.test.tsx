import { CART_MESSAGES, type CheckoutInfoResponse } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseItem, fakeCartServer } from '../../test-utils/fake-cart-server';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import { saveCartState } from './cart-storage';
import { emptyCartState } from './cart-state';
import { readCheckoutList } from './checkout-handoff';

function setUp({
  me = authenticatedMe() as ReturnType<typeof authenticatedMe> | typeof anonymousMe,
  credit = 0,
  routes = {} as Record<string, FakeHandler>,
} = {}) {
  const cart = fakeCartServer({ userId: me.id, credit });
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(userContext(me)),
    ...routes,
  });
  return { cart, server };
}

/** A checkout-info answer pricing course `id` alone at $19.99, untaxed (checkout §7). */
function checkoutInfoFor(id: number): CheckoutInfoResponse {
  const price = courseItem(id).purchase_price;
  const zero = { ...price, amount: 0, price_string: '$0.00' };
  return {
    status: 'succeeded',
    message: null,
    data: {
      checkout_config: { payment_methods: [], credit_is_usable: false },
      order_summary: {
        lines: [
          {
            buyable: { id, buyable_object_type: 'course' },
            title: `Course ${id}`,
            list_price: price,
            price,
            discount_code: null,
            tax: zero,
          },
        ],
        original_price: price,
        discount: zero,
        discount_percent: 0,
        subtotal: null,
        tax: zero,
        tax_rate: 0,
        tax_lines: [],
        tax_note: null,
        credit_used: zero,
        total: price,
        is_free: false,
        is_fully_paid_by_credit: false,
      },
    },
  };
}

const cartSection = () => screen.getByRole('region', { name: /in cart/ });
const wishlistSection = () => screen.getByRole('region', { name: /^Wishlist/ });

describe('CartPage', () => {
  it('lists the items with totals, credit and total due, and counts them in the header', async () => {
    const { cart, server } = setUp({ credit: 500 });
    cart.lists.cart.push(courseItem(1), courseItem(2, 1000));
    renderApp({ fetch: server.fetch, path: '/cart/' });
    expect(await screen.findByRole('heading', { name: '2 courses in cart' })).toBeTruthy();
    expect(within(cartSection()).getByRole('link', { name: 'Course 1' }).getAttribute('href')).toBe(
      '/course/course-1/',
    );
    expect(screen.getByTestId('cart-price-total').textContent).toBe('$29.99');
    expect(screen.getByTestId('cart-credit').textContent).toBe('−$5.00');
    expect(screen.getByTestId('cart-total-due').textContent).toBe('$24.99');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('applies a code, announces a rejected one, and removes an applied one', async () => {
    const { cart, server } = setUp();
    cart.lists.cart.push(courseItem(1));
    renderApp({ fetch: server.fetch, path: '/cart/' });
    const field = await screen.findByLabelText('Coupon code');

    fireEvent.change(field, { target: { value: 'bad code!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Enter a code of 4 to 255 letters, digits, dots, underscores or hyphens.'),
    ).toBeTruthy();

    fireEvent.change(field, { target: { value: 'lectern10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText(/is applied\./).textContent).toBe('LECTERN10 is applied.'));
    expect(screen.getByText(/is applied\./).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove coupon LECTERN10' })).toBeTruthy();
    expect(await screen.findByText(/applied: you save \$2\.00/)).toBeTruthy();
    // Per item and in the totals.
    expect(screen.getAllByText('10% off')).toHaveLength(2);
    expect(server.requests.find((request) => request.path.endsWith('/discounts/'))?.body).toEqual({
      codes: ['LECTERN10'],
    });

    fireEvent.change(field, { target: { value: 'nope2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('NOPE2024 is invalid, and has been removed.');
    expect(within(alert).getByText('NOPE2024').tagName).toBe('STRONG');

    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon LECTERN10' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove coupon LECTERN10' })).toBeNull());
    expect(cart.codes).toEqual([]);
  });

  it("shows the server's own sentence for a code that fits no course, and groups plural codes", async () => {
    const { cart } = setUp();
    cart.lists.cart.push(courseItem(1));
    const notForThis = {
      cart: [courseItem(1)],
      express: [],
      saved_for_later: [],
      wishlist: [],
      cart_unseen_count: 0,
      express_unseen_count: 0,
      saved_for_later_unseen_count: 0,
      wishlist_unseen_count: 0,
      discount_attempts: [
        { code: 'OTHERCOURSE', status: 'invalid', detail: CART_MESSAGES.codeNotValidForCourse },
        { code: 'AAAA', status: 'expired', detail: 'AAAA is expired, and has been removed.' },
        { code: 'BBBB', status: 'expired', detail: 'BBBB is expired, and has been removed.' },
      ],
      user: { id: 7, credit: { amount: 0, currency: 'USD', price_string: '$0.00' } },
      available_coupon_info: { coupons: [] },
    };
    const server = fakeServer({
      ...cart.routes,
      'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
      'POST /api-2.0/shopping-carts/me/discounts/': () =>
        new Response(JSON.stringify(notForThis), { headers: { ETag: '"cart-v2"' } }),
    });
    renderApp({ fetch: server.fetch, path: '/cart/' });
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'othercourse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CART_MESSAGES.codeNotValidForCourse);
    expect(alert.textContent).toContain('AAAA and BBBB are expired, and have been removed.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('moves an item to the wishlist and back, and shows the reload notice when the cart empties', async () => {
    const { cart, server } = setUp();
    cart.lists.cart.push(courseItem(1));
    renderApp({ fetch: server.fetch, path: '/cart/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Move to wishlist: Course 1' }));
    // The row is gone at once; focus goes to its list's heading rather than the page.
    expect(document.activeElement?.id).toBe('cart-list-heading');
    await waitFor(() =>
      expect(within(wishlistSection()).getByRole('link', { name: 'Course 1' })).toBeTruthy(),
    );
    expect(within(cartSection()).queryByRole('link', { name: 'Course 1' })).toBeNull();
    await waitFor(() => expect(cart.lists.wishlist.map((item) => item.buyable.id)).toEqual([1]));
    expect(await screen.findByTestId('reload-notice')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move to cart: Course 1' }));
    await waitFor(() => expect(within(cartSection()).getByRole('link', { name: 'Course 1' })).toBeTruthy());
    await waitFor(() => expect(cart.lists.cart.map((item) => item.buyable.id)).toEqual([1]));
    expect(cart.lists.wishlist).toEqual([]);
  });

  it('freezes the cart for checkout and shows it on the checkout page', async () => {
    const { cart, server } = setUp({ routes: { 'POST /payment/checkout-info/': json(checkoutInfoFor(3)) } });
    cart.lists.cart.push(courseItem(3));
    const { router } = renderApp({ fetch: server.fetch, path: '/cart/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/checkout/'));
    expect(readCheckoutList()).toEqual([
      {
        buyableType: 'course',
        buyableId: 3,
        purchasePrice: courseItem(3).purchase_price,
        discountInfo: null,
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Complete checkout' })).toBeTruthy();
    expect(within(await screen.findByTestId('checkout-items')).getByText('Course 3')).toBeTruthy();
    expect(server.requests.find((request) => request.path === '/payment/checkout-info/')?.body).toMatchObject(
      {
        shopping_info: { items: [{ buyable: { id: 3, buyable_object_type: 'course' } }] },
      },
    );
  });

  it('sends a visitor to log in before checkout, coming back to the cart', async () => {
    const { cart, server } = setUp({ me: anonymousMe });
    cart.lists.cart.push(courseItem(3));
    // The visitor's cart is known from an earlier visit (its ETag is cached), so it is fetched.
    saveCartState(localStorage, { ...emptyCartState(null), etag: '"cart-v0"' }, Date.now());
    const { router } = renderApp({ fetch: server.fetch, path: '/cart/' });
    expect(await screen.findByRole('heading', { name: '1 course in cart' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/login-popup/'));
    expect(router.state.location.search).toBe('?next=%2Fcart%2F');
    expect(readCheckoutList()).toEqual([]);
  });

  it('labels a gift apart from the same course, offers no wishlist for it, and removes it', async () => {
    const { cart, server } = setUp();
    cart.lists.cart.push(courseItem(4), courseItem(4, 1999, 'gift'));
    renderApp({ fetch: server.fetch, path: '/cart/' });
    expect(await screen.findByRole('heading', { name: '2 courses in cart' })).toBeTruthy();
    const gift = within(cartSection()).getByRole('link', { name: 'A gift of Course 4' }).closest('li')!;
    expect(within(gift).getByText('Gift')).toBeTruthy();
    expect(within(gift).getByRole('button', { name: 'Save for later: A gift of Course 4' })).toBeTruthy();
    expect(within(gift).queryByRole('button', { name: /Move to wishlist/ })).toBeNull();
    // The course itself keeps its own name and actions.
    expect(within(cartSection()).getByRole('button', { name: 'Move to wishlist: Course 4' })).toBeTruthy();

    fireEvent.click(within(gift).getByRole('button', { name: 'Remove A gift of Course 4' }));
    expect(await screen.findByRole('heading', { name: '1 course in cart' })).toBeTruthy();
    await waitFor(() =>
      expect(cart.lists.cart.map((item) => item.buyable.buyable_object_type)).toEqual(['course']),
    );
    expect(
      server.requests.find((request) => request.method === 'DELETE' && request.path.endsWith('/cart/'))?.url,
    ).toContain('boType=gift');
  });

  it('shows an empty cart at once to a visitor who never had one', async () => {
    const { server } = setUp({ me: anonymousMe });
    renderApp({ fetch: server.fetch, path: '/cart/' });
    expect(await screen.findByRole('heading', { name: 'No courses in cart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
    expect(server.requests.some((request) => request.path === '/api-2.0/shopping-carts/me/')).toBe(false);
  });
});
