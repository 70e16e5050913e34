import type { CourseSearchResponse } from '@lectern/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp, testProviders } from '../../test-utils/render';
import { courseSearchQuery, prefetchSearchPage, readSearchParams } from './search-api';
import { SearchPage } from './search-page';

const course = (id: number, title = `React course ${id}`) => ({
  id,
  title,
  headline: '',
  url: `/course/react-${id}/`,
  image_url: null,
  visible_instructors: [{ display_name: 'Maya Fernandes' }],
  avg_rating_recent: 4.5,
  num_reviews: 10,
  num_subscribers: 100,
  primary_category: { title: 'Development' },
  price: { amount: 1999, currency: 'USD' as const },
  price_text: '$19.99',
});

const facets: CourseSearchResponse['facets'] = {
  category: [
    { value: 'development', title: 'Development', parent: null, count: 30 },
    { value: 'development-web-development', title: 'Web Development', parent: 'development', count: 20 },
    { value: 'design', title: 'Design', parent: null, count: 4 },
  ],
  level: [
    { value: 'BEGINNER', count: 20 },
    { value: 'EXPERT', count: 14 },
  ],
  price: [
    { value: 'paid', count: 31 },
    { value: 'free', count: 3 },
  ],
  language: [
    { value: 'en', count: 32 },
    { value: 'es', count: 2 },
  ],
  rating: [
    { value: 4.5, count: 10 },
    { value: 4, count: 30 },
    { value: 3.5, count: 34 },
    { value: 3, count: 34 },
  ],
};

const answer = (count: number, results: ReturnType<typeof course>[]): CourseSearchResponse => ({
  count,
  next: null,
  previous: null,
  results,
  facets,
});

function server(search: CourseSearchResponse | CourseSearchResponse[]) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext()),
    'GET /api-2.0/search-courses/': Array.isArray(search) ? search.map((body) => json(body)) : json(search),
    'GET /api-2.0/pricing/': json({ courses: {} }),
  });
}

/** Where the app is, for the tests to read the URL it moved to. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

describe('SearchPage', () => {
  it('shows the query, the count, the cards, the filters and the pagination of the URL', async () => {
    const { fetch, requests } = server(answer(30, [course(13), course(14)]));
    renderApp({ fetch, path: '/courses/search/?q=react&level=BEGINNER&sort=RATING&p=2' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “react”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'React course 13' })).toBeTruthy();
    expect(screen.getByText('30 results').getAttribute('role')).toBe('status');
    expect(requests.find((request) => request.path === '/api-2.0/search-courses/')?.url).toBe(
      '/api-2.0/search-courses/?q=react&page=2&page_size=12&level=BEGINNER&sort=RATING',
    );

    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&level=BEGINNER&sort=RATING',
    );
    expect(within(pagination).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&level=BEGINNER&sort=RATING&p=3',
    );

    // Each choice keeps the query, the sort and the other filters and goes back to page 1; the
    // chosen one is marked, and choosing it again takes it off.
    const filters = screen.getByRole('navigation', { name: 'Filter results' });
    const level = within(filters).getByRole('group', { name: 'Level' });
    const beginner = within(level).getByRole('link', { name: 'Beginner (20)' });
    expect(beginner.getAttribute('aria-current')).toBe('true');
    expect(beginner.getAttribute('href')).toBe('/courses/search/?q=react&sort=RATING');
    expect(within(level).getByRole('link', { name: 'Expert (14)' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&level=EXPERT&sort=RATING',
    );
    const price = within(filters).getByRole('group', { name: 'Price' });
    expect(within(price).getByRole('link', { name: 'Free (3)' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&level=BEGINNER&price=free&sort=RATING',
    );
    const language = within(filters).getByRole('group', { name: 'Language' });
    expect(within(language).getByRole('link', { name: 'Spanish (2)' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&level=BEGINNER&language=es&sort=RATING',
    );
    const rating = within(filters).getByRole('group', { name: 'Rating' });
    expect(within(rating).getByRole('link', { name: '4.5 & up (10)' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&level=BEGINNER&rating=4.5&sort=RATING',
    );
    // Subcategories show under the chosen category only.
    const category = within(filters).getByRole('group', { name: 'Category' });
    expect(within(category).queryByRole('link', { name: /Web Development/ })).toBeNull();
    expect(within(filters).getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe(
      '/courses/search/?q=react&sort=RATING',
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', 'RATING');
  });

  it('changes the URL, and the results, when a filter or the sort changes', async () => {
    const { fetch, requests } = server([answer(30, [course(1)]), answer(3, [course(2, 'Free React')])]);
    const { router } = renderApp({ fetch, path: '/courses/search/?q=react&p=2' });
    expect(await screen.findByRole('link', { name: 'React course 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Free (3)' }));
    expect(await screen.findByRole('link', { name: 'Free React' })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=react&price=free');
    expect(requests.filter((request) => request.path === '/api-2.0/search-courses/').at(-1)?.url).toBe(
      '/api-2.0/search-courses/?q=react&page=1&page_size=12&price=free&sort=RELEVANCE',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'TIME' } });
    expect(router.state.location.search).toBe('?q=react&price=free&sort=TIME');
    await screen.findByText('3 results');
    expect(requests.filter((request) => request.path === '/api-2.0/search-courses/').at(-1)?.url).toBe(
      '/api-2.0/search-courses/?q=react&page=1&page_size=12&price=free&sort=TIME',
    );

    // The back button returns to the previous search.
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?q=react&price=free');
  });

  it('says what to try when nothing matches', async () => {
    const { fetch } = server({ ...answer(0, []), facets: { ...facets, category: [] } });
    renderApp({ fetch, path: '/courses/search/?q=zzzz&level=EXPERT' });
    expect(await screen.findByRole('heading', { level: 2, name: 'No courses match “zzzz”' })).toBeTruthy();
    expect(screen.getByText('Check the spelling, try more general words, or remove a filter.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear all filters' }).getAttribute('href')).toBe(
      '/courses/search/?q=zzzz',
    );
    expect(screen.getByRole('link', { name: 'Browse all courses' }).getAttribute('href')).toBe(
      '/courses/search/',
    );
    expect(screen.getByText('No results')).toBeTruthy();
  });

  it('sorts without JavaScript too: a GET form with the query and filters', async () => {
    const { fetch } = server(answer(30, [course(1)]));
    renderApp({ fetch, path: '/courses/search/?q=react&category=design' });
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    const form = select.closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/courses/search/');
    const hidden = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [
        input.name,
        input.value,
      ]),
    );
    expect(hidden).toEqual({ q: 'react', category: 'design' });
  });
});

describe('prefetchSearchPage', () => {
  it('fetches what the page reads at its first render, so it renders without asking again', async () => {
    const { fetch, requests } = server(answer(30, [course(7)]));
    const { Providers, api, queryClient } = testProviders({ fetch, context: userContext() });
    const url = new URL('http://localhost/courses/search/?q=react&rating=4&p=2');

    const prefetched = await prefetchSearchPage(queryClient, api, url);
    expect(prefetched.count).toBe(30);
    expect(queryClient.getQueryData(courseSearchQuery(api, readSearchParams(url.search)).queryKey)).toEqual(
      prefetched,
    );

    render(
      <Providers>
        <MemoryRouter initialEntries={['/courses/search/?q=react&rating=4&p=2']}>
          <Routes>
            <Route path="/courses/search/" element={<SearchPage />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </Providers>,
    );
    // The first render already has the cards: no loader, no second request.
    expect(screen.getByRole('link', { name: 'React course 7' })).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api-2.0/search-courses/')).toHaveLength(1);
  });
});
