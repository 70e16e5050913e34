import { describe, expect, it } from 'vitest';
import { estimateOf, retryAfterSeconds } from './attempt-limiter.js';

const MINUTE = 60_000;

describe('the sliding-window estimate', () => {
  it('weighs the previous window by how much of it still overlaps the last window', () => {
    expect(estimateOf({ current: 10, previous: 40, elapsedMs: 15_000 }, MINUTE)).toBe(40);
    expect(estimateOf({ current: 10, previous: 40, elapsedMs: 45_000 }, MINUTE)).toBe(20);
    expect(estimateOf({ current: 10, previous: 40, elapsedMs: MINUTE }, MINUTE)).toBe(10);
  });
});

describe('Retry-After', () => {
  it('waits within the window while the previous one slides out', () => {
    // 10 + 40 × (60 − 15 − t) / 60 ≤ 29 → t ≥ 16.5 s
    expect(
      retryAfterSeconds({ current: 10, previous: 40, elapsedMs: 15_000 }, MINUTE, { below: 29, orAt: true }),
    ).toBe(17);
  });

  it("waits into the next window when the current window's own hits are too many", () => {
    // 61 hits, 59 allowed before the next one: 30 s to the window's end, then 61 × (60 − s)/60 ≤ 59.
    const seconds = retryAfterSeconds({ current: 61, previous: 0, elapsedMs: 30_000 }, MINUTE, {
      below: 59,
      orAt: true,
    });
    expect(seconds).toBe(Math.ceil(30 + 60 * (2 / 61)));
  });

  it('a check that needs strictly fewer than the limit waits for the window to end at exactly the limit', () => {
    expect(
      retryAfterSeconds({ current: 5, previous: 0, elapsedMs: 20_000 }, MINUTE, { below: 5, orAt: false }),
    ).toBe(40);
    expect(
      retryAfterSeconds({ current: 5, previous: 3, elapsedMs: 20_000 }, MINUTE, { below: 5, orAt: false }),
    ).toBe(40);
  });

  it('is at least one second', () => {
    expect(
      retryAfterSeconds({ current: 1, previous: 0, elapsedMs: MINUTE }, MINUTE, { below: 0, orAt: true }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      retryAfterSeconds({ current: 0, previous: 1, elapsedMs: MINUTE - 1 }, MINUTE, { below: 0, orAt: true }),
    ).toBe(1);
  });
});
