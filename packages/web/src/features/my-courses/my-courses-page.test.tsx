import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WeeklyStreakQuery } from '../../platform/graphql/graphql-types.generated';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeGraphql, FakeGraphqlFailure } from '../../test-utils/fake-graphql';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

type Streak = WeeklyStreakQuery['streakUserLectureConsumptionWeekly'];

function streak(overrides: Partial<Streak> = {}): Streak {
  return {
    weeklyStreak: {
      id: '7:2026-11-02',
      streakLength: 3,
      achievedThisWeek: false,
      startDate: '2026-11-02T00:00:00Z',
    },
    minutesThisWeek: 12,
    goalMinutesThisWeek: 30,
    streakStatus: 'ACTIVE_CURRENT_PERIOD_UNACHIEVED',
    // Monday 23 November to Monday 30 November 2026, midnight UTC.
    weekStartTime: '2026-11-23T00:00:00.000Z',
    weekEndTime: '2026-11-30T00:00:00.000Z',
    ...overrides,
  };
}

function open(answer: Streak | FakeGraphqlFailure) {
  const server = fakeServer({
    ...fakeCartServer({ userId: 7 }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ country: 'US' }))),
    'GET /api-2.0/users/me/subscribed-courses/': json({ count: 0, next: null, previous: null, results: [] }),
    'POST /api/2022-03/graphql/': fakeGraphql({
      WeeklyStreak: () =>
        answer instanceof FakeGraphqlFailure ? answer : { streakUserLectureConsumptionWeekly: answer },
    }),
  });
  renderApp({ fetch: server.fetch, path: '/home/my-courses/' });
  return server;
}

const widget = async () => within(await screen.findByRole('region', { name: 'Weekly streak' }));

describe('My courses: the weekly streak', () => {
  it('shows the streak, this week’s minutes against the goal, and what is left to keep it', async () => {
    open(streak());
    const section = await widget();
    expect((await section.findByTestId('streak-length')).textContent).toBe('3-week streak');
    expect(section.getByTestId('streak-minutes').textContent).toBe(
      '12 minutes of your 30-minute goal this week',
    );
    const bar = section.getByRole('progressbar', { name: 'Minutes learned this week' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('12 minutes of your 30-minute goal this week');
    const lastDay = new Date(new Date('2026-11-30T00:00:00.000Z').getTime() - 1).toLocaleDateString('en-US', {
      weekday: 'long',
    });
    expect(section.getByTestId('streak-status').textContent).toBe(
      `Learn 18 more minutes by ${lastDay} to keep your streak.`,
    );
    // The learner's other learning pages are one click away.
    expect(screen.getByRole('link', { name: 'Learning reminders' }).getAttribute('href')).toBe(
      '/home/my-courses/reminders/',
    );
    expect(screen.getByRole('link', { name: 'Learning communities' }).getAttribute('href')).toBe(
      '/home/my-courses/communities/',
    );
  });

  it.each([
    [
      'ACTIVE_CURRENT_PERIOD_ACHIEVED' as const,
      { minutesThisWeek: 45 },
      "You reached this week's goal. Keep the streak going next week!",
    ],
    [
      'DROPPED' as const,
      { minutesThisWeek: 0, weeklyStreak: { ...streak().weeklyStreak, streakLength: 0 } },
      'Your streak ended. Learn 30 minutes this week to start a new one.',
    ],
    [
      'ZERO_HISTORY' as const,
      { minutesThisWeek: 29, weeklyStreak: { ...streak().weeklyStreak, streakLength: 0, startDate: null } },
      'Learn 1 minute this week to start your first streak.',
    ],
  ])('says where a %s streak stands', async (streakStatus, overrides, text) => {
    open(streak({ streakStatus, ...overrides }));
    const section = await widget();
    expect((await section.findByTestId('streak-status')).textContent).toBe(text);
  });

  it('shows "No streak yet" without one, and fills the bar at most once over the goal', async () => {
    open(
      streak({
        streakStatus: 'ACTIVE_CURRENT_PERIOD_ACHIEVED',
        minutesThisWeek: 75,
        weeklyStreak: { ...streak().weeklyStreak, streakLength: 0 },
      }),
    );
    const section = await widget();
    expect((await section.findByTestId('streak-length')).textContent).toBe('No streak yet');
    expect(section.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('says quietly when the streak cannot be read, and still lists the courses', async () => {
    open(new FakeGraphqlFailure('Down.'));
    const section = await widget();
    expect(await section.findByText('Your weekly streak could not be loaded right now.')).toBeTruthy();
    expect(await screen.findByText("You don't own any courses yet.")).toBeTruthy();
  });
});
