import {
  GIFT_REDEEM_REFUSALS,
  type AnonymousMe,
  type AuthenticatedMe,
  type GiftPreview,
} from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en.json';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { renderApp } from '../../test-utils/render';
import { GIFT_REFUSAL_MESSAGES } from './gift-redeem-refusals';

const CODE = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcd';
const PAGE = `/gift/redeem/?code=${CODE}`;
const PREVIEW = 'GET /api-2.0/gifts/redeem/';
const REDEEM = 'POST /api-2.0/gifts/redeem/';

function preview(overrides: Partial<GiftPreview> = {}): GiftPreview {
  return {
    course: { id: 3, title: 'TypeScript from First Principles', url: '/course/typescript/' },
    from_name: 'Lena Learner',
    recipient_name: 'Ana',
    message: 'Happy birthday!\n<b>Not bold</b>',
    status: 'redeemable',
    redeemed_by_you: false,
    ...overrides,
  };
}

function open(
  routes: Record<string, FakeHandler | FakeHandler[]>,
  { me = authenticatedMe() as AuthenticatedMe | AnonymousMe, path = PAGE } = {},
) {
  const cart = fakeCartServer({ userId: me.id });
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(userContext(me)),
    ...routes,
  });
  const view = renderApp({ fetch: server.fetch, path });
  return { server, ...view };
}

const refusal = (code: string, status: number) =>
  json({ detail: GIFT_REDEEM_REFUSALS[code as keyof typeof GIFT_REDEEM_REFUSALS], code }, status);

describe('GiftRedeemPage', () => {
  it('shows the course, who sent it and their message as text, then adds it to the signed-in user’s courses', async () => {
    const { server } = open({
      [PREVIEW]: json(preview()),
      [REDEEM]: json({ courseId: 3, url: '/course/typescript/' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'A course for you' })).toBeTruthy();
    const card = await screen.findByTestId('gift-card');
    expect(within(card).getByRole('heading', { name: 'TypeScript from First Principles' })).toBeTruthy();
    expect(within(card).getByText('Lena Learner sent you this course.')).toBeTruthy();
    expect(within(card).getByText('For Ana')).toBeTruthy();
    // The buyer's words, never markup.
    const message = within(card).getByTestId('gift-message');
    expect(message.textContent).toBe('Happy birthday!\n<b>Not bold</b>');
    expect(message.querySelector('b')).toBeNull();
    expect(within(card).getByRole('link', { name: 'About this course' }).getAttribute('href')).toBe(
      '/course/typescript/',
    );
    expect(server.requests.find((entry) => entry.path === '/api-2.0/gifts/redeem/')?.url).toContain(
      `code=${CODE}`,
    );
    expect(screen.getByText('The course goes to the account of ada@example.com.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add to my courses' }));
    const done = await screen.findByTestId('gift-redeemed');
    expect(within(done).getByRole('status').textContent).toBe(
      '“TypeScript from First Principles” is now in your courses. Enjoy learning!',
    );
    expect(within(done).getByRole('link', { name: 'Go to my courses' }).getAttribute('href')).toBe(
      '/home/my-courses/',
    );
    const redeem = server.requests.find(
      (entry) => entry.method === 'POST' && entry.path === '/api-2.0/gifts/redeem/',
    );
    expect(redeem?.body).toEqual({ code: CODE });
  });

  it('asks a visitor to log in or sign up, each coming back to this link', async () => {
    open(
      { [PREVIEW]: json(preview({ from_name: null, recipient_name: null, message: null })) },
      { me: anonymousMe },
    );
    const card = await screen.findByTestId('gift-card');
    expect(within(card).getByText('Someone sent you this course.')).toBeTruthy();
    expect(within(card).queryByTestId('gift-message')).toBeNull();
    const next = `next=${encodeURIComponent(PAGE)}`;
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/join/login-popup/?${next}`,
    );
    expect(within(main).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      `/join/signup-popup/?${next}`,
    );
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull();
  });

  it('says inline why the server refused (409), and offers nothing more for this link', async () => {
    open({ [PREVIEW]: json(preview()), [REDEEM]: refusal('gift_already_owned', 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my courses' }));
    expect((await screen.findByTestId('gift-redeem-error')).textContent).toBe(
      GIFT_REDEEM_REFUSALS.gift_already_owned,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull());
  });

  it('lets a failure that is no refusal be tried again', async () => {
    open({
      [PREVIEW]: json(preview()),
      [REDEEM]: [
        json({ detail: 'Oops.', code: 'server_error' }, 503),
        json({ courseId: 3, url: '/course/typescript/' }),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my courses' }));
    expect((await screen.findByTestId('gift-redeem-error')).textContent).toBe(
      "We couldn't add the gift to your account. Please try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to my courses' }));
    expect(await screen.findByTestId('gift-redeemed')).toBeTruthy();
  });

  it.each([
    ['an unknown link', refusal('gift_not_found', 404), GIFT_REDEEM_REFUSALS.gift_not_found],
    ['a refunded gift', json(preview({ status: 'refunded' })), GIFT_REDEEM_REFUSALS.gift_refunded],
    [
      'a gift someone else redeemed',
      json(preview({ status: 'redeemed' })),
      GIFT_REDEEM_REFUSALS.gift_redeemed,
    ],
  ])('says what is wrong with %s, with no way to redeem it', async (_name, answer, text) => {
    open({ [PREVIEW]: answer });
    expect((await screen.findByTestId('gift-refusal')).textContent).toBe(text);
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull();
  });

  it('tells the user who redeemed it that it is theirs', async () => {
    open({ [PREVIEW]: json(preview({ status: 'redeemed', redeemed_by_you: true })) });
    expect((await screen.findByTestId('gift-redeemed')).textContent).toContain(
      'You have added this gift to your courses',
    );
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull();
  });

  it('says a link without its code is not valid, asking the server nothing', async () => {
    const { server } = open({}, { path: '/gift/redeem/' });
    expect((await screen.findByTestId('gift-refusal')).textContent).toBe(GIFT_REDEEM_REFUSALS.gift_not_found);
    expect(server.requests.some((entry) => entry.path === '/api-2.0/gifts/redeem/')).toBe(false);
  });

  it('words the refusals in English as the API’s own sentences', () => {
    for (const [code, id] of Object.entries(GIFT_REFUSAL_MESSAGES)) {
      expect(en[id], code).toBe(GIFT_REDEEM_REFUSALS[code as keyof typeof GIFT_REDEEM_REFUSALS]);
    }
  });
});
