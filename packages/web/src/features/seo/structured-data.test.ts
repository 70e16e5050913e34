import { describe, expect, it } from 'vitest';
import { breadcrumbListData, courseData, decimalAmount, homeData } from './structured-data';

const SITE = 'https://learn.example.com';

describe('decimalAmount', () => {
  it('writes minor units as an exact decimal in the currency’s own number of decimals', () => {
    expect(decimalAmount({ amount: 1999, currency: 'USD' })).toBe('19.99');
    expect(decimalAmount({ amount: 5, currency: 'USD' })).toBe('0.05');
    expect(decimalAmount({ amount: 0, currency: 'EUR' })).toBe('0.00');
    expect(decimalAmount({ amount: -150, currency: 'EUR' })).toBe('-1.50');
    expect(decimalAmount({ amount: 3000, currency: 'JPY' })).toBe('3000');
    expect(decimalAmount({ amount: 123456789, currency: 'IDR' })).toBe('1234567.89');
  });
});

describe('courseData', () => {
  const base = {
    course: {
      title: 'Piano Basics',
      headline: '',
      locale: { locale: 'ja_JP', title: 'Japanese (Japan)' },
      avg_rating_recent: 0,
      num_reviews: 0,
      estimated_content_length: 60,
    },
    price: { amount: 0, currency: 'JPY' as const },
    url: `${SITE}/course/piano/`,
    imageUrl: null,
    brand: 'Lectern',
    origin: SITE,
  };

  it('offers a free course as free, in the page’s currency, and leaves out what it does not know', () => {
    const data = courseData(base);
    expect(data.offers).toMatchObject({ category: 'Free', price: '0', priceCurrency: 'JPY' });
    expect(data.description).toBe('Piano Basics');
    expect(data.inLanguage).toBe('ja-JP');
    expect(data.hasCourseInstance).toEqual({
      '@type': 'CourseInstance',
      courseMode: 'Online',
      courseWorkload: 'PT1H',
    });
    // No reviews yet: no rating (an empty one would be invalid), and no image without a cover.
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('image');
  });
});

describe('breadcrumbListData', () => {
  it('numbers the trail from 1', () => {
    expect(
      breadcrumbListData([
        { name: 'Home', url: `${SITE}/` },
        { name: 'Music', url: `${SITE}/courses/music/` },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Music', item: `${SITE}/courses/music/` },
      ],
    });
  });
});

describe('homeData', () => {
  it('describes the marketplace and how search engines search it', () => {
    const data = homeData({ brand: 'Lectern', origin: SITE });
    const [organization, website] = data['@graph'];
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Lectern', url: `${SITE}/` });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: `${SITE}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${SITE}/courses/search/?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
