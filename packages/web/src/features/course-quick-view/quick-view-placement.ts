/** Where the quick view box goes: beside the card, in viewport coordinates. */
export interface QuickViewPlacement {
  side: 'right' | 'left';
  left: number;
  top: number;
}

/** The box's width (px): room for the headline, a few facts and two buttons side by side. */
export const QUICK_VIEW_WIDTH = 320;
/** Between the card and the box, room for the arrow that points at the card. */
const GAP = 12;
/** What the box keeps clear of the viewport's edges. */
const MARGIN = 8;

/**
 * Beside the card, to its right when that fits in the viewport, else to its left, never over
 * it (the card stays readable and clickable); null when neither side has room, as on a phone or
 * a narrow window with one card per row, where the card alone is the better view. Its top is
 * the card's, kept inside the viewport when the card is partly scrolled out at the top.
 */
export function quickViewPlacement(
  card: Pick<DOMRectReadOnly, 'left' | 'right' | 'top'>,
  viewportWidth: number,
  width: number = QUICK_VIEW_WIDTH,
): QuickViewPlacement | null {
  const top = Math.max(card.top, MARGIN);
  if (card.right + GAP + width <= viewportWidth - MARGIN) {
    return { side: 'right', left: card.right + GAP, top };
  }
  if (card.left - GAP - width >= MARGIN) return { side: 'left', left: card.left - GAP - width, top };
  return null;
}
