import { describe, expect, it } from 'vitest';
import { quickViewPlacement } from './quick-view-placement';

const card = (left: number, right: number, top = 100) => ({ left, right, top });

describe('quickViewPlacement', () => {
  it('opens to the right of the card when there is room', () => {
    expect(quickViewPlacement(card(40, 320), 1280, 320)).toEqual({ side: 'right', left: 332, top: 100 });
  });

  it('opens to the left of a card at the right edge', () => {
    expect(quickViewPlacement(card(960, 1240), 1280, 320)).toEqual({ side: 'left', left: 628, top: 100 });
  });

  it('does not open where neither side has room (one card per row)', () => {
    expect(quickViewPlacement(card(16, 374), 390, 320)).toBeNull();
    expect(quickViewPlacement(card(100, 700), 800, 320)).toBeNull();
  });

  it('keeps its top inside the viewport when the card is scrolled partly out of it', () => {
    expect(quickViewPlacement(card(40, 320, -150), 1280, 320)?.top).toBe(8);
  });

  it('needs the margin at the viewport edge as well as the gap', () => {
    // 320 + 12 + 320 = 652: fits in 660 (8 px margin), not in 659.
    expect(quickViewPlacement(card(0, 320), 660, 320)?.side).toBe('right');
    expect(quickViewPlacement(card(0, 320), 659, 320)).toBeNull();
  });
});
