import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

const course = (id: number) => ({
  id,
  title: `Design course ${id}`,
  headline: '',
  url: `/course/design-${id}/`,
  image_url: null,
  visible_instructors: [],
  avg_rating_recent: 4,
  num_reviews: 1,
  num_subscribers: 1,
  primary_category: { title: 'Design' },
  price: { amount: 1999, currency: 'USD' },
  price_text: '$19.99',
});

describe('CategoryPage', () => {
  it('lists the page of the category that p names, with the pagination control', async () => {
    const { fetch, requests } = fakeServer({
      ...fakeCartServer().routes,
      'GET /api-2.0/contexts/me/': json(userContext()),
      'GET /api-2.0/course-categories/': json({
        count: 2,
        next: null,
        previous: null,
        results: [
          { slug: 'design', title: 'Design' },
          { slug: 'business', title: 'Business' },
        ],
      }),
      'GET /api-2.0/courses/': json({
        count: 30,
        next: null,
        previous: null,
        results: [course(13), course(14)],
      }),
      'GET /api-2.0/pricing/': json({ courses: {} }),
    });
    renderApp({ fetch, path: '/courses/design/?sort=new&p=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Design courses' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Design course 13' })).toBeTruthy();
    expect(requests.find((request) => request.path === '/api-2.0/courses/')?.url).toBe(
      '/api-2.0/courses/?page=2&page_size=12&category=design',
    );
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      '/courses/design/?sort=new',
    );
    expect(within(pagination).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/courses/design/?sort=new&p=3',
    );
    expect(within(pagination).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Design' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // A failed price falls back to the listing's price.
    expect((await screen.findAllByText('$19.99')).length).toBe(2);
  });
});
