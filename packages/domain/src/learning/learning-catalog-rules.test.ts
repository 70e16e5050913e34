import { describe, expect, it } from 'vitest';
import {
  badgeSearchSchema,
  completionPercentage,
  learningProductListSchema,
  pathCompletionPercentage,
} from './badge-rules.js';
import {
  escapeLikePattern,
  normalizeSearchText,
  pageCountOf,
  prefixTsQuery,
  searchWords,
} from './learning-search.js';
import { occupationSearchSchema, rawOccupationNamesSchema } from './occupation-rules.js';
import { topicSearchSchema } from './topic-rules.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('search normalisation', () => {
  it('folds compatibility forms and case, collapses whitespace and cuts long texts', () => {
    expect(normalizeSearchText('  ＰＹＴＨＯＮ\t for\n\nData  ')).toBe('python for data');
    expect(normalizeSearchText('   ')).toBeNull();
    expect(normalizeSearchText(null)).toBeNull();
    expect(normalizeSearchText('a'.repeat(150))).toHaveLength(100);
  });

  it('splits words, keeping c++ and c#, dropping punctuation and repeats', () => {
    expect(searchWords('c++ and c#, "react" react!')).toEqual(['c++', 'and', 'c#', 'react']);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords('1 2 3 4 5 6 7 8 9 10')).toHaveLength(8);
  });

  it('writes a prefix tsquery no text can break', () => {
    expect(prefixTsQuery('python data ana')).toBe('python & data & ana:*');
    expect(prefixTsQuery("it's & | ! :* (x)")).toBe('its & x:*');
    expect(prefixTsQuery('!!! ???')).toBeNull();
    expect(prefixTsQuery(null)).toBeNull();
  });

  it('escapes LIKE patterns and counts pages', () => {
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(12, 12)).toBe(1);
    expect(pageCountOf(13, 12)).toBe(2);
  });
});

describe('topic search input', () => {
  it('normalizes the query and caps the limit', () => {
    expect(topicSearchSchema.parse({ query: ' Py ', limit: 10, filters: { groupIds: ['2', '2'] } })).toEqual({
      query: 'py',
      limit: 10,
      filters: { groupIds: [2] },
    });
    expect(messagesOf(topicSearchSchema.safeParse({ query: ' !! ', limit: 51 }))).toEqual({
      query: 'Give a text to search topics for.',
      limit: 'limit must be between 1 and 50.',
    });
  });
});

describe('occupation input', () => {
  it('pages from 0 with a capped pageSize', () => {
    expect(occupationSearchSchema.parse({ page: 0, pageSize: 10, search: ' Data ' })).toEqual({
      page: 0,
      pageSize: 10,
      search: 'data',
      groupIds: null,
    });
    expect(messagesOf(occupationSearchSchema.safeParse({ page: -1, pageSize: 51 }))).toEqual({
      page: 'page starts at 0.',
      pageSize: 'pageSize must be between 1 and 50.',
    });
  });

  it('reads raw occupations: trimmed, inner spaces collapsed, repeats dropped, at most five', () => {
    expect(rawOccupationNamesSchema.parse(['  Data   wrangler ', 'data wrangler', 'Barista'])).toEqual([
      'Data wrangler',
      'Barista',
    ]);
    expect(rawOccupationNamesSchema.parse([])).toEqual([]);
    expect(messagesOf(rawOccupationNamesSchema.safeParse([' ', 'x'.repeat(101)]))).toEqual({
      '0': 'An occupation cannot be empty.',
      '1': 'An occupation can be at most 100 characters.',
    });
    expect(messagesOf(rawOccupationNamesSchema.safeParse(['a', 'b', 'c', 'd', 'e', 'f']))).toEqual({
      '': 'Give at most 5 occupations.',
    });
  });
});

describe('badges', () => {
  it('counts completion in whole percent, rounded down, 100 only when all is done', () => {
    expect(completionPercentage(0, 10)).toBe(0);
    expect(completionPercentage(1, 3)).toBe(33);
    expect(completionPercentage(299, 300)).toBe(99);
    expect(completionPercentage(300, 300)).toBe(100);
    expect(completionPercentage(12, 10)).toBe(100);
    expect(completionPercentage(3, 0)).toBe(0);
  });

  it('weighs a path’s courses by their items', () => {
    expect(
      pathCompletionPercentage([
        { completed: 10, total: 10 },
        { completed: 0, total: 30 },
      ]),
    ).toBe(25);
    expect(pathCompletionPercentage([])).toBe(0);
  });

  it('reads a search and a product list', () => {
    expect(badgeSearchSchema.parse({ page: 0, size: 12, query: null, issuerIds: ['3'] })).toEqual({
      page: 0,
      size: 12,
      query: null,
      issuerIds: [3],
      certificationAreaIds: null,
    });
    expect(
      learningProductListSchema.parse([
        { id: '4', type: 'COURSE' },
        { id: '4', type: 'COURSE' },
        { id: '4', type: 'LEARNING_PATH' },
      ]),
    ).toEqual([
      { id: 4, type: 'COURSE' },
      { id: 4, type: 'LEARNING_PATH' },
    ]);
    expect(messagesOf(learningProductListSchema.safeParse([{ id: 'x', type: 'PODCAST' }]))).toEqual({
      '0.id': 'id must be the id of a learning product.',
      '0.type': 'type must be one of ASSESSMENT, COURSE, LAB, LEARNING_PATH.',
    });
  });
});
