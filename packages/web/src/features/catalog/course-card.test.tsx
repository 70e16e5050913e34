import {
  CONSENT_COOKIE,
  type FeatureVariantAssignment,
  type TrackingEvent,
  type UserContextResponse,
} from '@lectern/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IslandPageContext } from '../../app/islands/island-page';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';
import { RouterNavigationProvider } from '../../platform/navigation/router-navigation';
import { useConsentController } from '../consent/consent-provider';
import { CourseCard } from './course-card';
import type { CatalogCourse } from './courses-api';

const course: CatalogCourse = {
  id: 5,
  title: 'Course 5',
  headline: 'Types without tears',
  url: '/course/course-5/',
  image_url: null,
  visible_instructors: [{ display_name: 'Grace Hopper' }],
  avg_rating_recent: 4.5,
  num_reviews: 10,
  num_subscribers: 100,
  primary_category: { title: 'Development' },
  price: { amount: 1999, currency: 'USD' },
  price_text: '$19.99',
};

/** The course's details as the quick view box asks for them. */
const details = {
  ...course,
  estimated_content_length: 754,
  locale: { locale: 'es_ES', title: 'Español (España)' },
};

let experiments = 40;

/**
 * In a running experiment of `featureCode`, in the arm with `configuration`. Each its own
 * experiment: a page reports an experiment's exposure once.
 */
const arm = (featureCode: string, configuration: Record<string, unknown>): FeatureVariantAssignment => ({
  featureCode,
  configuration: { ...configuration, variant: configuration.isEnabled ? 'on' : 'control' },
  isInExperiment: true,
  experimentIds: [(experiments += 1)],
});

function SyncConsent({ context }: { context: UserContextResponse }) {
  const consent = useConsentController();
  useEffect(() => {
    void consent.sync(context);
  }, [consent, context]);
  return null;
}

/** The card in a listing, as the server renders it for an islands page (`islandPage`) or in the app. */
function renderCard({
  assignments = [],
  owned = false,
  islandPage = false,
}: { assignments?: FeatureVariantAssignment[]; owned?: boolean; islandPage?: boolean } = {}) {
  const cart = fakeCartServer();
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/courses/5/': json(details),
    'GET /api-2.0/pricing/': json({
      courses: {
        '5': { price: { amount: 1999, currency: 'USD', price_string: '$19.99' }, discount_price: null },
      },
    }),
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /privacy/user-cookie-preferences/': (request) =>
      json({ ...(request.body as object), updated: 'now' }),
  });
  const context = { ...userContext(authenticatedMe()), experiment: { assignments } };
  const { transport, events } = recordingTrackingTransport();
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  const page = (ui: ReactNode) =>
    islandPage ? <IslandPageContext value={{ pathname: '/', search: '' }}>{ui}</IslandPageContext> : ui;
  render(
    <Providers>
      <SyncConsent context={context} />
      <MemoryRouter>
        <RouterNavigationProvider>
          {page(
            <div>
              <CourseCard course={{ ...course, is_enrolled: owned }} />
            </div>,
          )}
        </RouterNavigationProvider>
      </MemoryRouter>
    </Providers>,
  );
  const article = screen.getByRole('article');
  return { article, cart, server, events };
}

/** A mouse pointer over the card (jsdom has no PointerEvent). */
function hover(element: Element) {
  const event = new MouseEvent('pointerenter');
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  element.dispatchEvent(event);
}

const exposures = (events: TrackingEvent[]) =>
  events.filter((event) => event.type === 'ExperimentExposure').map((event) => event.featureCode);
const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
    (link) => new URL(link.href).pathname,
  );

beforeEach(() => {
  document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
  // A desktop: a pointer that hovers, and room beside the card (jsdom lays nothing out).
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }) as MediaQueryList);
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1280 });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 16,
    right: 300,
    top: 100,
  } as DOMRect);
});

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = 'lectern_tracking_session=; Max-Age=0; Path=/';
  delete (document.documentElement as { clientWidth?: number }).clientWidth;
  document.head.querySelectorAll('link[rel="prefetch"]').forEach((link) => link.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CourseCard', () => {
  it('opens its course in the same tab by default', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'Course 5' });
    expect(link.getAttribute('href')).toBe('/course/course-5/');
    expect(link.hasAttribute('target')).toBe(false);
  });

  it('opens its course in a new tab under course_cards_open_in_new_tab, and says so', async () => {
    const { events } = renderCard({
      assignments: [arm('course_cards_open_in_new_tab', { isEnabled: true })],
    });
    const link = screen.getByRole('link', { name: 'Course 5 (opens in a new tab)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    // The card on the page is the flag in use.
    await waitFor(() => expect(exposures(events)).toEqual(['course_cards_open_in_new_tab']));
  });
});

describe('the course card quick view box', () => {
  it('opens beside the card on hover with the headline and facts, and adds the course to the cart', async () => {
    const { article, cart } = renderCard();
    hover(article);
    const box = await screen.findByRole('dialog', { name: 'Course 5' });
    expect(article.nextElementSibling?.contains(box)).toBe(true);
    expect(box.textContent).toContain('Types without tears');
    expect(box.textContent).toContain('12.5 hours of content');
    expect(box.textContent).toContain('Taught in Spanish');

    fireEvent.click(within(box).getByRole('button', { name: 'Add to cart' }));
    const goToCart = await within(box).findByRole('link', { name: 'Go to cart' });
    await waitFor(() => expect(document.activeElement).toBe(goToCart));
    expect(cart.lists.cart.map((item) => item.buyable.id)).toEqual([5]);

    fireEvent.click(within(box).getByRole('button', { name: 'Add to wishlist' }));
    await within(box).findByRole('button', { name: 'Remove from wishlist' });
    expect(cart.lists.wishlist.map((item) => item.buyable.id)).toEqual([5]);
  });

  it('has no wishlist button under hide_wishlist_button_on_course_card_quick_view_box', async () => {
    const { article, events } = renderCard({
      assignments: [arm('hide_wishlist_button_on_course_card_quick_view_box', { isEnabled: true })],
    });
    hover(article);
    const box = await screen.findByRole('dialog', { name: 'Course 5' });
    within(box).getByRole('button', { name: 'Add to cart' });
    expect(within(box).queryByRole('button', { name: /wishlist/ })).toBeNull();
    await waitFor(() =>
      expect(exposures(events)).toContain('hide_wishlist_button_on_course_card_quick_view_box'),
    );
  });

  it('waits the delay of delay_course_card_quick_view_box', async () => {
    const { article, events } = renderCard({
      assignments: [arm('delay_course_card_quick_view_box', { isEnabled: true, delayMs: 800 })],
    });
    hover(article);
    // The ordinary 300 ms have long passed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('dialog', { name: 'Course 5' });
    await waitFor(() => expect(exposures(events)).toContain('delay_course_card_quick_view_box'));
  });

  it('is not offered for a course the user owns', async () => {
    const { article, server } = renderCard({ owned: true });
    hover(article);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.some((request) => request.path === '/api-2.0/courses/5/')).toBe(false);
  });
});

describe('course card prefetch', () => {
  it('prefetches the course page once on an islands page under course_card_prefetch', async () => {
    const { article, events } = renderCard({
      islandPage: true,
      assignments: [arm('course_card_prefetch', { isEnabled: true })],
    });
    hover(article);
    await waitFor(() => expect(prefetched()).toEqual(['/course/course-5/']));
    await waitFor(() => expect(exposures(events)).toContain('course_card_prefetch'));
    article.dispatchEvent(new MouseEvent('pointerleave'));
    hover(article);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(prefetched()).toEqual(['/course/course-5/']);
  });

  it('prefetches nothing in its control arm, which is exposed all the same', async () => {
    const { article, events } = renderCard({
      islandPage: true,
      assignments: [arm('course_card_prefetch', { isEnabled: false })],
    });
    hover(article);
    await waitFor(() => expect(exposures(events)).toEqual(['course_card_prefetch']));
    expect(prefetched()).toEqual([]);
  });

  it('prefetches nothing when the visitor saves data, nor for the app’s own navigation', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const islands = renderCard({
      islandPage: true,
      assignments: [arm('course_card_prefetch', { isEnabled: true })],
    });
    hover(islands.article);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(prefetched()).toEqual([]);
    expect(exposures(islands.events)).toEqual([]);
  });
});
