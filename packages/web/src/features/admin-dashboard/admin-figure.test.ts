import { describe, expect, it } from 'vitest';
import { changeOf, formatFigure } from './admin-figure';

describe('dashboard figures', () => {
  it('formats amounts of the base currency, counts and rates', () => {
    expect(formatFigure(123456, 'money', 'USD')).toBe('$1,234.56');
    expect(formatFigure(1500, 'count', 'USD')).toBe('1,500');
    expect(formatFigure(0.255, 'rate', 'USD')).toBe('25.5%');
    expect(formatFigure(null, 'rate', 'USD')).toBe('—');
  });

  it('compares amounts relatively and rates in percentage points', () => {
    expect(changeOf(150, 100, 'money')).toEqual({ direction: 1, text: '+50%' });
    expect(changeOf(50, 100, 'count')).toEqual({ direction: -1, text: '-50%' });
    expect(changeOf(0.3, 0.25, 'rate')).toEqual({ direction: 1, text: '+5.0 pts' });
    expect(changeOf(10, 0, 'money')).toBeNull();
    expect(changeOf(0, 0, 'money')).toEqual({ direction: 0, text: 'no change' });
    expect(changeOf(null, 0.2, 'rate')).toBeNull();
  });
});
