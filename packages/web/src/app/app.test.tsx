import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../test-utils/fake-server';
import { fakeCartServer } from '../test-utils/fake-cart-server';
import { renderApp } from '../test-utils/render';

const course = {
  id: 1,
  title: 'TypeScript from Scratch',
  headline: 'Types for everyone',
  url: '/course/typescript-from-scratch/',
  image_url: null,
  visible_instructors: [{ display_name: 'Grace Hopper' }, { display_name: 'Alan Turing' }],
  avg_rating_recent: 4.56,
  num_reviews: 1234,
  num_subscribers: 5678,
  primary_category: { title: 'Development' },
  price: { amount: 1999, currency: 'USD' },
  price_text: '$19.99',
};

function server(routes: Record<string, FakeHandler | FakeHandler[]> = {}) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/course-categories/': json({
      count: 1,
      next: null,
      previous: null,
      results: [{ slug: 'development', title: 'Development' }],
    }),
    'GET /api-2.0/contexts/me/': json(userContext()),
    'GET /api-2.0/courses/': json({ count: 1, next: null, previous: null, results: [course] }),
    'GET /api-2.0/pricing/': json({
      courses: {
        '1': {
          price: { amount: 1799, currency: 'USD', price_string: '$17.99' },
          discount_price: { amount: 1799, currency: 'USD', price_string: '$17.99' },
          list_price: { amount: 1999, currency: 'USD', price_string: '$19.99' },
        },
      },
    }),
    ...routes,
  });
}

describe('App start-up and shell', () => {
  it('loads the context with every flag and renders the home page for a visitor', async () => {
    const { fetch, requests } = server();
    renderApp({ fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'What will you learn next?' })).toBeTruthy();
    expect(requests[0]?.url).toBe(
      '/api-2.0/contexts/me/?me=True&visiting=True&request=True&Config=True&experiment=True&user_specific_tracking=True',
    );
    expect(await screen.findByRole('link', { name: 'TypeScript from Scratch' })).toBeTruthy();
    expect(screen.getByText('Grace Hopper and Alan Turing')).toBeTruthy();
    // The card's price comes from the batched pricing client: discounted, list price struck.
    expect(await screen.findByText('$17.99')).toBeTruthy();
    expect(screen.getByText('$19.99').tagName).toBe('P');
    expect(requests.some((request) => request.url === '/api-2.0/courses/?page=1&page_size=12')).toBe(true);
    expect(requests.filter((request) => request.path === '/api-2.0/pricing/')).toHaveLength(1);
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    // Each twice: in the header on wide screens, behind the account menu on a phone (the
    // stylesheet shows one; jsdom has no layout).
    for (const [name, href] of [
      ['Log in', '/join/login-popup/?next=%2F'],
      ['Sign up', '/join/signup-popup/?next=%2F'],
    ] as const) {
      const links = within(nav).getAllByRole('link', { name });
      expect(links.map((link) => link.getAttribute('href'))).toEqual([href, href]);
    }
    expect(within(nav).getByRole('link', { name: 'Cart, no items' }).getAttribute('href')).toBe('/cart/');
    expect(screen.getByRole('link', { name: 'Lectern' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Online courses | Lectern'));
  });

  it('hides the cookie settings link inside the mobile app', async () => {
    renderApp({ fetch: server().fetch, path: '/?display_type=mobile_app' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('saves the browser time zone for a logged-in user who has none', async () => {
    const me = authenticatedMe({ time_zone: null });
    const { fetch, requests } = server({
      'GET /api-2.0/contexts/me/': json(userContext(me)),
      'PATCH /api-2.0/users/me/': (request) =>
        json({ me: { ...me, time_zone: (request.body as { time_zone: string }).time_zone } }),
    });
    renderApp({ fetch });
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(patch?.headers['X-CSRFToken']).toBe('test-csrf');
    // The PATCH comes before the pages mount, right after the context.
    expect(requests.findIndex((request) => request.method === 'PATCH')).toBe(1);
  });

  it('shows the reload banner when the context cannot be loaded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({
      fetch: server({ 'GET /api-2.0/contexts/me/': json({ detail: 'x', code: 'internal_error' }, 500) })
        .fetch,
    });
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('renders the 404 page for unknown paths and paths missing their trailing slash', async () => {
    const first = renderApp({ fetch: server().fetch, path: '/nowhere/' });
    expect(
      await screen.findByRole('heading', { name: "We can't find the page you're looking for" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | Lectern'));
    first.unmount();

    renderApp({ fetch: server().fetch, path: '/join/login-popup' });
    expect(
      await screen.findByRole('heading', { name: "We can't find the page you're looking for" }),
    ).toBeTruthy();
  });
});

describe('App auth flows', () => {
  it('logs in, refreshes the context and goes to next', async () => {
    const me = authenticatedMe();
    const { fetch, requests } = server({
      'GET /api-2.0/contexts/me/': [json(userContext(anonymousMe)), json(userContext(me))],
      'POST /api-2.0/auth/login/': json({ me }),
    });
    const { router } = renderApp({ fetch, path: '/join/login-popup/?next=%2Fnowhere%2F%3Fx%3D1' });
    await waitFor(() => expect(document.title).toBe('Log in | Lectern'));
    // The login page links to signup keeping next, and the header has no duplicate auth links.
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/join/signup-popup/?next=%2Fnowhere%2F%3Fx%3D1',
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/nowhere/?x=1'),
    );
    expect(requests.filter((request) => request.path === '/api-2.0/contexts/me/')).toHaveLength(2);
  });

  it('signs up and goes to next', async () => {
    const me = authenticatedMe();
    const { fetch, requests } = server({
      'GET /api-2.0/contexts/me/': [json(userContext(anonymousMe)), json(userContext(me))],
      'POST /api-2.0/auth/signup/': json({ me }, 201),
    });
    const { router } = renderApp({ fetch, path: '/join/signup-popup/?next=%2F' });
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((request) => request.path === '/api-2.0/auth/signup/')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('shows a duplicate email under the email field', async () => {
    const { fetch } = server({
      'POST /api-2.0/auth/signup/': json(
        {
          detail: 'Check the form.',
          code: 'email_taken',
          field_errors: { email: ['An account with this email already exists. Log in instead.'] },
        },
        400,
      ),
    });
    renderApp({ fetch, path: '/join/signup-popup/' });
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('An account with this email already exists. Log in instead.'),
    ).toBeTruthy();
  });

  it('logs out from the user menu and goes home', async () => {
    const me = authenticatedMe();
    const { fetch, requests } = server({
      'GET /api-2.0/contexts/me/': [json(userContext(me)), json(userContext(anonymousMe))],
      'POST /api-2.0/auth/logout/': new Response(null, { status: 204 }),
    });
    const { router } = renderApp({ fetch, path: '/nowhere/' });
    fireEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findAllByRole('link', { name: 'Log in' })).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      requests.some((request) => request.method === 'POST' && request.path === '/api-2.0/auth/logout/'),
    ).toBe(true);
  });

  it('sends a logged-in user straight on from the login page', async () => {
    const { fetch } = server({ 'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())) });
    const { router } = renderApp({ fetch, path: '/join/login-popup/?next=%2Fnowhere%2F' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/nowhere/'));
  });
});
