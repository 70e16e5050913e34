import { describe, expect, it } from 'vitest';
import type { FacetCombination } from './search.repository.js';
import { countFacets, textQueryOf } from './search.service.js';

describe('textQueryOf', () => {
  it('reads nothing from blank text, and a prefix only while a word is being typed', () => {
    expect(textQueryOf('')).toBeNull();
    expect(textQueryOf('   ')).toBeNull();
    expect(textQueryOf('pyth')).toEqual({ text: 'pyth', prefix: true });
    expect(textQueryOf('  react hoo')).toEqual({ text: 'react hoo', prefix: true });
    expect(textQueryOf('python ')).toEqual({ text: 'python', prefix: false });
    expect(textQueryOf('"exact phrase"')).toEqual({ text: '"exact phrase"', prefix: false });
    expect(textQueryOf('風景')).toEqual({ text: '風景', prefix: true });
    expect(textQueryOf('negociación')).toEqual({ text: 'negociación', prefix: true });
  });

  it('matches a word of one or two letters whole, except in scripts whose letters are words', () => {
    expect(textQueryOf('ma')).toEqual({ text: 'ma', prefix: false });
    expect(textQueryOf('learn go')).toEqual({ text: 'learn go', prefix: false });
    expect(textQueryOf('mac')).toEqual({ text: 'mac', prefix: true });
    expect(textQueryOf('写')).toEqual({ text: '写', prefix: true });
    // The header box's suggestions take any beginning.
    expect(textQueryOf('p', 1)).toEqual({ text: 'p', prefix: true });
    expect(textQueryOf('p ', 1)).toEqual({ text: 'p', prefix: false });
  });
});

describe('countFacets', () => {
  const categories = [
    { id: 1, slug: 'development', title: 'Development', parent: null },
    { id: 11, slug: 'development-web', title: 'Web', parent: 'development' },
    { id: 2, slug: 'music', title: 'Music', parent: null },
    { id: 21, slug: 'music-instruments', title: 'Instruments', parent: 'music' },
  ];
  const combination = (overrides: Partial<FacetCombination>): FacetCombination => ({
    categoryId: 1,
    subcategoryId: 11,
    level: 'BEGINNER',
    language: 'en',
    isFree: false,
    ratingFloor: 4,
    count: 1,
    ...overrides,
  });
  const combinations = [
    combination({ count: 5 }),
    combination({ level: 'EXPERT', ratingFloor: 4.5, count: 2 }),
    combination({ categoryId: 2, subcategoryId: 21, isFree: true, count: 3 }),
    combination({ categoryId: 2, subcategoryId: null, language: 'es', ratingFloor: 3.5, count: 4 }),
  ];

  it('counts every match and every value when nothing is filtered', () => {
    const { count, facets } = countFacets(combinations, {}, {}, categories);
    expect(count).toBe(14);
    expect(facets.category).toEqual([
      { value: 'development', title: 'Development', parent: null, count: 7 },
      { value: 'development-web', title: 'Web', parent: 'development', count: 7 },
      { value: 'music', title: 'Music', parent: null, count: 7 },
      { value: 'music-instruments', title: 'Instruments', parent: 'music', count: 3 },
    ]);
    expect(facets.level).toEqual([
      { value: 'BEGINNER', count: 12 },
      { value: 'EXPERT', count: 2 },
    ]);
    expect(facets.price).toEqual([
      { value: 'paid', count: 11 },
      { value: 'free', count: 3 },
    ]);
    expect(facets.language).toEqual([
      { value: 'en', count: 10 },
      { value: 'es', count: 4 },
    ]);
    expect(facets.rating).toEqual([
      { value: 4.5, count: 2 },
      { value: 4, count: 10 },
      { value: 3.5, count: 14 },
      { value: 3, count: 14 },
    ]);
  });

  it('counts each facet with every filter but its own', () => {
    const { count, facets } = countFacets(
      combinations,
      { categoryId: 2, minRating: 4 },
      { category: 'music' },
      categories,
    );
    // Music rated 4 or more: the 3 free instrument courses.
    expect(count).toBe(3);
    // Categories ignore the category filter, not the rating one.
    expect(facets.category.map((entry) => [entry.value, entry.count])).toEqual([
      ['development', 7],
      ['development-web', 7],
      ['music', 3],
      ['music-instruments', 3],
    ]);
    // Ratings ignore the rating filter, not the category one: all 7 music courses from 3.5.
    expect(facets.rating).toEqual([
      { value: 4.5, count: 0 },
      { value: 4, count: 3 },
      { value: 3.5, count: 7 },
      { value: 3, count: 7 },
    ]);
    expect(facets.price).toEqual([{ value: 'free', count: 3 }]);
  });

  it('keeps a selected value that has no course, and a selected category that does not exist', () => {
    const { count, facets } = countFacets(
      combinations,
      { level: 'INTERMEDIATE', categoryId: 0 },
      { level: 'INTERMEDIATE', category: 'gone' },
      categories,
    );
    expect(count).toBe(0);
    expect(facets.level).toContainEqual({ value: 'INTERMEDIATE', count: 0 });
    expect(facets.category.every((entry) => entry.value !== 'gone')).toBe(true);
    expect(facets.category.every((entry) => entry.count === 0)).toBe(true);
  });
});
