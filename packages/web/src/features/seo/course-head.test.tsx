import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { anonymousMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

const SITE = 'https://learn.example.com';
const IMAGE = '/course-images/6/AbCdEf012345/750.jpg';

const course = {
  id: 6,
  title: 'Rust </script><b>for</b> Pros',
  slug: 'rust-for-pros',
  headline: 'Memory safety without a garbage collector.',
  url: '/course/rust-for-pros/',
  image_url: IMAGE,
  context_info: { label: { display_name: 'Programming Languages' } },
  primary_category: { title: 'Development', slug: 'development' },
  primary_subcategory: { title: 'Programming Languages' },
  avg_rating_recent: 4.6,
  num_reviews: 120,
  visible_instructors: [{ display_name: 'Grace Hopper', job_title: 'Admiral' }],
  locale: { locale: 'de_DE', title: 'German (Germany)' },
  estimated_content_length: 754,
  num_subscribers: 900,
  price: { amount: 2499, currency: 'EUR' },
  price_text: '24,99 €',
};

/** A visitor whose price country is Germany: the page shows euros, and a discount applies. */
function germanVisitor() {
  const context = userContext(anonymousMe);
  context.request = { ...context.request!, price_country: 'DE', currency: 'EUR' };
  context.Config = { ...context.Config!, urls: { root: `${SITE}/`, help: `${SITE}/support/` } };
  const cart = fakeCartServer({ userId: null });
  return fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(context),
    'GET /api-2.0/courses/rust-for-pros/': json(course),
    'GET /api-2.0/pricing/': json({
      courses: {
        '6': {
          price: { amount: 2499, currency: 'EUR', price_string: '24,99 €' },
          discount_price: { amount: 1299, currency: 'EUR', price_string: '12,99 €' },
          list_price: { amount: 2499, currency: 'EUR', price_string: '24,99 €' },
        },
      },
    }),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read by path
type Json = Record<string, any>;

function structuredData(type: string): Json | undefined {
  return [...document.querySelectorAll('script[type="application/ld+json"]')]
    .map((script) => JSON.parse(script.textContent ?? '') as Json)
    .find((data) => data['@type'] === type);
}

describe('the course landing page head', () => {
  it('offers the course in JSON-LD at the price the page shows, in its currency', async () => {
    const server = germanVisitor();
    renderApp({ fetch: server.fetch, path: '/course/rust-for-pros/' });
    // The discounted price the visitor sees, in euros.
    expect(await screen.findByText('12,99 €')).toBeTruthy();
    await waitFor(() => expect(structuredData('Course')?.offers.price).toBe('12.99'));
    const data = structuredData('Course')!;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: course.title,
      description: course.headline,
      url: `${SITE}/course/rust-for-pros/`,
      image: `${SITE}/course-images/6/AbCdEf012345/1200.jpg`,
      inLanguage: 'de-DE',
      provider: { '@type': 'Organization', name: 'Lectern', sameAs: `${SITE}/` },
      offers: { '@type': 'Offer', category: 'Paid', price: '12.99', priceCurrency: 'EUR' },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: 'PT12H34M' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, ratingCount: 120, bestRating: 5 },
    });
  });

  it('escapes "<" so a title cannot end the script element', async () => {
    const server = germanVisitor();
    renderApp({ fetch: server.fetch, path: '/course/rust-for-pros/' });
    await screen.findByRole('heading', { level: 1 });
    const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) expect(script.innerHTML).not.toContain('<');
    expect(scripts.some((script) => script.innerHTML.includes('Rust \\u003c/script>'))).toBe(true);
  });

  it('lays the breadcrumb home › category › course, and the head with the cover as the preview', async () => {
    const server = germanVisitor();
    renderApp({ fetch: server.fetch, path: '/course/rust-for-pros/' });
    await screen.findByRole('heading', { level: 1 });
    expect(structuredData('BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Development', item: `${SITE}/courses/development/` },
      { '@type': 'ListItem', position: 3, name: course.title, item: `${SITE}/course/rust-for-pros/` },
    ]);
    expect(document.title).toBe(`${course.title} | Lectern`);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/course/rust-for-pros/`,
    );
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      `${SITE}/course-images/6/AbCdEf012345/1200.jpg`,
    );
    // The hero: described, fetched first.
    const hero = screen.getByRole('img', { name: `Course cover: ${course.title}` });
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    expect(hero.getAttribute('loading')).toBe('eager');
  });
});
