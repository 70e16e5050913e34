import { describe, expect, it } from 'vitest';
import { readSearchParams, searchHref } from './search-api';

describe('readSearchParams', () => {
  it('reads the query, the page, the filters and the sort from the URL', () => {
    expect(
      readSearchParams(
        '?q=react%20hooks&p=3&category=development&level=BEGINNER&price=free&language=es&rating=4.5&sort=TIME',
      ),
    ).toEqual({
      q: 'react hooks',
      page: 3,
      category: 'development',
      level: 'BEGINNER',
      price: 'free',
      language: 'es',
      rating: 4.5,
      sort: 'TIME',
    });
  });

  it('ignores what it cannot read, as if it were not there', () => {
    expect(
      readSearchParams(
        '?p=0&category=Not%20a%20slug&level=GURU&price=cheap&language=english&rating=5&sort=NEWEST',
      ),
    ).toEqual({
      q: '',
      page: 1,
      category: undefined,
      level: undefined,
      price: undefined,
      language: undefined,
      rating: undefined,
      sort: 'RELEVANCE',
    });
    expect(readSearchParams(`?q=${'x'.repeat(600)}`).q).toHaveLength(500);
  });
});

describe('searchHref', () => {
  it('leaves out what is empty or the default, in a fixed order', () => {
    expect(searchHref({})).toBe('/courses/search/');
    expect(searchHref({ q: 'react', page: 1, sort: 'RELEVANCE' })).toBe('/courses/search/?q=react');
    expect(searchHref({ sort: 'RATING', page: 2, level: 'EXPERT', q: 'a b' })).toBe(
      '/courses/search/?q=a+b&level=EXPERT&sort=RATING&p=2',
    );
  });

  it('round-trips with readSearchParams', () => {
    const params = readSearchParams('?q=kubernetes&category=it-and-software&rating=4&sort=REVIEWS&p=2');
    expect(readSearchParams(searchHref(params).split('?')[1]!)).toEqual(params);
  });
});
