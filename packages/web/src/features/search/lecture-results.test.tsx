import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeGraphql, FakeGraphqlFailure, graphqlCalls } from '../../test-utils/fake-graphql';
import { fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import { lectureDuration } from './lecture-results';
import type { LectureSearch } from './lecture-search-api';

const lecture = (id: number, title: string, seconds: number) => ({
  lecture: {
    id: String(id),
    title,
    durationInSeconds: seconds,
    thumbnail: `/course-images/${id}/v1/240.jpg`,
  },
  course: {
    id: '11',
    title: 'TypeScript from First Principles',
    url: '/course/typescript-from-first-principles/',
  },
  trackingId: `t-${id}`,
});

function open(path: string, answer: () => { searchLectures: LectureSearch } | FakeGraphqlFailure) {
  const server = fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext()),
    'GET /api-2.0/search-courses/': json({
      count: 0,
      next: null,
      previous: null,
      results: [],
      facets: { category: [], level: [], price: [], language: [], rating: [] },
    }),
    'GET /api-2.0/pricing/': json({ courses: {} }),
    'POST /api/2022-03/graphql/': fakeGraphql({ SearchLectures: answer }),
  });
  renderApp({ fetch: server.fetch, path });
  return server;
}

describe('lecture search in the search results', () => {
  it('lists the matching lectures with their length and course, leading to the course', async () => {
    const server = open('/courses/search/?q=generics', () => ({
      searchLectures: {
        lectures: [lecture(1, 'Generics in depth', 725), lecture(2, 'Generic constraints', 3725)],
        metadata: { query: 'generics', lectureCount: 9, trackingId: 'search-1' },
      },
    }));
    const section = within(await screen.findByRole('region', { name: 'Lectures about “generics”' }));
    expect(section.getByText('The 2 best of 9 matching lectures.')).toBeTruthy();
    const items = section.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Generics in depth' }).getAttribute('href')).toBe(
      '/course/typescript-from-first-principles/',
    );
    expect(items[0]!.textContent).toContain('12:05 · in TypeScript from First Principles');
    expect(items[1]!.querySelector('time')?.getAttribute('datetime')).toBe('PT3725S');
    expect(graphqlCalls(server.requests)[0]?.variables).toEqual({ query: 'generics', limit: 6 });
  });

  it('shows nothing when no lecture matches', async () => {
    open('/courses/search/?q=zzz', () => ({
      searchLectures: { lectures: [], metadata: { query: 'zzz', lectureCount: 0, trackingId: 's' } },
    }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('lecture-results')).toBeNull();
  });

  it('asks nothing without a query', async () => {
    const server = open('/courses/search/', () => new FakeGraphqlFailure('Down.'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(graphqlCalls(server.requests)).toEqual([]);
    expect(screen.queryByTestId('lecture-results')).toBeNull();
  });

  it('writes lengths as minutes and seconds, with hours past an hour', () => {
    expect(lectureDuration(65)).toBe('1:05');
    expect(lectureDuration(3725)).toBe('1:02:05');
  });
});
