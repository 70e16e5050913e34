import { describe, expect, it } from 'vitest';
import { periodOf } from './admin-periods';

describe('dashboard periods', () => {
  const now = new Date('2026-11-29T07:00:00Z');

  it('runs a period that has not ended to today', () => {
    expect(periodOf('this_month', now)).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(periodOf('this_quarter', now)).toEqual({ from: '2026-10-01', to: '2026-11-29' });
    expect(periodOf('this_year', now)).toEqual({ from: '2026-01-01', to: '2026-11-29' });
    expect(periodOf('last_30_days', now)).toEqual({ from: '2026-10-31', to: '2026-11-29' });
  });

  it('takes whole months and quarters before, across a year', () => {
    expect(periodOf('last_month', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodOf('last_quarter', now)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    const january = new Date('2027-01-15T12:00:00Z');
    expect(periodOf('last_month', january)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodOf('last_quarter', january)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });
});
