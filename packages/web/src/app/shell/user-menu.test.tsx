import { PAGE_ROUTES } from '@lectern/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentNavigationProvider } from '../../platform/navigation/navigation';
import { anonymousMe, authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderWithProviders, testProviders } from '../../test-utils/render';
import { UserMenu } from './user-menu';

const ITEMS = [
  'My courses',
  'Learning reminders',
  'Learning communities',
  'Badges',
  'Cart and wishlist',
  'Purchase history',
  'Credit history',
  'Log out',
];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function renderMenu(path = '/somewhere/') {
  const server = fakeServer({
    'GET /api-2.0/contexts/me/': json(userContext(anonymousMe)),
    'POST /api-2.0/auth/logout/': new Response(null, { status: 204 }),
  });
  renderWithProviders(
    <>
      <UserMenu />
      <LocationProbe />
    </>,
    { fetch: server.fetch, path, context: userContext(authenticatedMe()) },
  );
  const button = screen.getByRole('button', { name: /Ada Lovelace/ });
  return { ...server, button };
}

const focused = () => document.activeElement;
const menuItem = (name: string) => screen.getByRole('menuitem', { name });

describe('UserMenu', () => {
  it('is a menu button, closed at first', () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    const menu = document.getElementById(button.getAttribute('aria-controls')!);
    expect(menu?.getAttribute('role')).toBe('menu');
    expect(menu?.hidden).toBe(true);
  });

  it('opens with Enter on the first item, and the arrows, Home and End move round it', () => {
    const { button } = renderMenu();
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: /Ada Lovelace/ });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(ITEMS);
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(focused()).toBe(menuItem('My courses'));

    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe(menuItem('Learning reminders'));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focused()).toBe(menuItem('Log out'));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe(menuItem('My courses'));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focused()).toBe(menuItem('Log out'));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focused()).toBe(menuItem('My courses'));
  });

  it('opens with ArrowDown on the first item and ArrowUp on the last', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(focused()).toBe(menuItem('My courses'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(focused()).toBe(menuItem('Log out'));
  });

  it('closes with Escape and gives the focus back to the button', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(button);
  });

  it('closes when the focus moves on or a click lands outside', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    const outside = screen.getByTestId('location');
    fireEvent.blur(menuItem('My courses'), { relatedTarget: outside });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes to a page through its link and closes', async () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    const link = menuItem('Purchase history');
    expect(link.getAttribute('href')).toBe(PAGE_ROUTES.purchaseHistory);
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(PAGE_ROUTES.purchaseHistory));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('logs out: calls the API, refreshes the context and goes home', async () => {
    const { button, requests } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    fireEvent.click(menuItem('Log out'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const logout = requests.find((request) => request.path === '/api-2.0/auth/logout/');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['X-CSRFToken']).toBe('test-csrf');
    // The refreshed context is a visitor's: the menu is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull());
  });

  it('does not go home when the user went elsewhere while the logout was refreshing the page', async () => {
    let answer!: () => void;
    const server = fakeServer({
      // The refreshed context arrives only when the test says.
      'GET /api-2.0/contexts/me/': () =>
        new Promise<Response>((resolve) => (answer = () => resolve(json(userContext(anonymousMe))))),
      'POST /api-2.0/auth/logout/': new Response(null, { status: 204 }),
    });
    renderWithProviders(
      <>
        <UserMenu />
        <LocationProbe />
      </>,
      { fetch: server.fetch, path: '/somewhere/', context: userContext(authenticatedMe()) },
    );
    const before = window.location.href;
    fireEvent.keyDown(screen.getByRole('button', { name: /Ada Lovelace/ }), { key: 'ArrowUp' });
    fireEvent.click(menuItem('Log out'));
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/api-2.0/contexts/me/')).toBe(true),
    );
    // The user follows another link (the header's "Log in") before the logout is done.
    window.history.pushState(null, '', '/join/login-popup/');
    try {
      answer();
      await waitFor(() => expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull());
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.getByTestId('location').textContent).toBe('/somewhere/');
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('renders nothing for a visitor', () => {
    const { fetch } = fakeServer({});
    renderWithProviders(<UserMenu />, { fetch, context: userContext(anonymousMe) });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('uses plain links outside the router (as an island)', () => {
    const { fetch } = fakeServer({});
    const { Providers } = testProviders({ fetch, context: userContext(authenticatedMe()) });
    render(
      <Providers>
        <DocumentNavigationProvider location={{ pathname: '/', search: '' }}>
          <UserMenu />
        </DocumentNavigationProvider>
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ }));
    expect(menuItem('My courses').getAttribute('href')).toBe(PAGE_ROUTES.myCourses);
  });
});
