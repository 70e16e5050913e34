import { describe, expect, it } from 'vitest';
import { computeWeeklyStreak, type ConsumptionDay } from './weekly-streak.js';

// Wednesday 2026-03-18, 12:00 UTC: this week runs from Monday 2026-03-16.
const NOW = new Date('2026-03-18T12:00:00Z');
const streakOf = (days: ConsumptionDay[], options: { now?: Date; timeZone?: string; goal?: number } = {}) =>
  computeWeeklyStreak({
    now: options.now ?? NOW,
    timeZone: options.timeZone ?? 'UTC',
    goalMinutes: options.goal ?? 30,
    days,
  });

describe('computeWeeklyStreak', () => {
  it('has ZERO_HISTORY without any minutes, and this week bounded by Mondays', () => {
    expect(streakOf([])).toEqual({
      streakLength: 0,
      achievedThisWeek: false,
      startDate: null,
      minutesThisWeek: 0,
      goalMinutesThisWeek: 30,
      streakStatus: 'ZERO_HISTORY',
      weekStartTime: new Date('2026-03-16T00:00:00Z'),
      weekEndTime: new Date('2026-03-23T00:00:00Z'),
    });
  });

  it('counts this week once its minutes reach the goal', () => {
    const under = streakOf([{ date: '2026-03-16', minutes: 20 }]);
    expect(under).toMatchObject({ streakLength: 0, minutesThisWeek: 20, streakStatus: 'ZERO_HISTORY' });
    const reached = streakOf([
      { date: '2026-03-16', minutes: 20 },
      { date: '2026-03-18', minutes: 10 },
    ]);
    expect(reached).toMatchObject({
      streakLength: 1,
      achievedThisWeek: true,
      minutesThisWeek: 30,
      streakStatus: 'ACTIVE_CURRENT_PERIOD_ACHIEVED',
      startDate: new Date('2026-03-16T00:00:00Z'),
    });
  });

  it('keeps a streak alive while this week is still open, and counts consecutive weeks only', () => {
    const days = [
      { date: '2026-02-09', minutes: 45 }, // reached, but the week after broke the run
      { date: '2026-02-16', minutes: 5 },
      { date: '2026-02-23', minutes: 10 },
      { date: '2026-03-01', minutes: 25 }, // a Sunday: counts for the week of 2026-02-23
      { date: '2026-03-04', minutes: 30 },
      { date: '2026-03-13', minutes: 15 },
      { date: '2026-03-15', minutes: 15 },
      { date: '2026-03-17', minutes: 10 },
    ];
    expect(streakOf(days)).toMatchObject({
      streakLength: 3,
      achievedThisWeek: false,
      minutesThisWeek: 10,
      streakStatus: 'ACTIVE_CURRENT_PERIOD_UNACHIEVED',
      startDate: new Date('2026-02-23T00:00:00Z'),
    });
    const withThisWeek = streakOf([...days, { date: '2026-03-18', minutes: 25 }]);
    expect(withThisWeek).toMatchObject({ streakLength: 4, streakStatus: 'ACTIVE_CURRENT_PERIOD_ACHIEVED' });
  });

  it('has DROPPED a streak when neither last week nor this one reached the goal', () => {
    const dropped = streakOf([
      { date: '2026-03-02', minutes: 60 },
      { date: '2026-03-10', minutes: 10 },
      { date: '2026-03-17', minutes: 5 },
    ]);
    expect(dropped).toMatchObject({
      streakLength: 0,
      startDate: null,
      streakStatus: 'DROPPED',
      minutesThisWeek: 5,
    });
  });

  it('takes weeks from Monday to Sunday in the learner’s time zone', () => {
    // Monday 2026-03-16 at 00:30 in Berlin is still Sunday in UTC.
    const now = new Date('2026-03-15T23:30:00Z');
    const berlin = streakOf([{ date: '2026-03-16', minutes: 30 }], { now, timeZone: 'Europe/Berlin' });
    expect(berlin).toMatchObject({
      achievedThisWeek: true,
      weekStartTime: new Date('2026-03-15T23:00:00Z'),
      weekEndTime: new Date('2026-03-22T23:00:00Z'),
    });
    const utc = streakOf([{ date: '2026-03-16', minutes: 30 }], { now });
    expect(utc).toMatchObject({ achievedThisWeek: false, weekStartTime: new Date('2026-03-09T00:00:00Z') });
  });

  it('gives a week that spans a clock change its true length', () => {
    // Europe/Berlin moves to summer time on Sunday 2026-03-29: that week is an hour short.
    const facts = streakOf([], { now: new Date('2026-03-25T12:00:00Z'), timeZone: 'Europe/Berlin' });
    expect(facts.weekEndTime.getTime() - facts.weekStartTime.getTime()).toBe((7 * 24 - 1) * 3_600_000);
  });

  it('takes a week’s total dated on its Monday like its days, and ignores days after today', () => {
    const weekly = streakOf([
      { date: '2026-03-09', minutes: 90 },
      { date: '2026-03-02', minutes: 30 },
      { date: '2026-03-25', minutes: 500 },
    ]);
    expect(weekly).toMatchObject({
      streakLength: 2,
      minutesThisWeek: 0,
      startDate: new Date('2026-03-02T00:00:00Z'),
    });
  });
});
