import { describe, expect, it } from 'vitest';
import {
  intervalsPerMonth,
  monthlyRecurringAmount,
  mrrMovement,
  previousPeriod,
  rate,
} from './revenue-metrics.js';

describe('revenue metrics', () => {
  it('normalises a price per interval to a month', () => {
    expect(monthlyRecurringAmount(36000, 'YEAR')).toBe(3000);
    expect(monthlyRecurringAmount(3000, 'MONTH')).toBe(3000);
    expect(monthlyRecurringAmount(9000, 'MONTH', 3)).toBe(3000);
    expect(monthlyRecurringAmount(1200, 'WEEK')).toBe(5200);
    expect(intervalsPerMonth('DAY')).toBeCloseTo(30.4167, 4);
    // Half a unit rounds up, as the database's numeric rounding does.
    expect(monthlyRecurringAmount(18, 'YEAR')).toBe(2);
  });

  it('classifies how a plan moved between two moments', () => {
    expect(mrrMovement(0, 3000)).toBe('new');
    expect(mrrMovement(3000, 0)).toBe('churned');
    expect(mrrMovement(3000, 4500)).toBe('expansion');
    expect(mrrMovement(4500, 3000)).toBe('contraction');
    expect(mrrMovement(3000, 3000)).toBe('unchanged');
  });

  it('compares a period with the same number of days just before it', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(previousPeriod('2024-03-01', '2024-03-31')).toEqual({ from: '2024-01-30', to: '2024-02-29' });
  });

  it('has no rate without a whole', () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 0)).toBeNull();
  });
});
