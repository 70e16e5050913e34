import { inkOn } from './contrast';
import type { MethodIconCode } from './method-icon-codes';
import { METHOD_ICON_MARKS } from './method-icon-marks';

// Every icon is a 5:3 tile (40×24 at the default size, the usual payment-logo shape), so a
// row of methods lines up whatever the brand.
const TILE_WIDTH = 40;
const TILE_HEIGHT = 24;
const DEFAULT_HEIGHT = 24;

/** Checkout §9: a card image is at most 300 by 112. */
export const METHOD_ICON_MAX_WIDTH = 300;
export const METHOD_ICON_MAX_HEIGHT = 112;

// Simple Icons marks are drawn on a 24×24 grid; 18 units keeps wide wordmarks and square
// marks both inside the tile with a margin.
const GLYPH_SIZE = 18;
const GLYPH_SCALE = GLYPH_SIZE / 24;
const GLYPH_TRANSFORM = `translate(${(TILE_WIDTH - GLYPH_SIZE) / 2} ${(TILE_HEIGHT - GLYPH_SIZE) / 2}) scale(${GLYPH_SCALE})`;

// A badge's name gets the tile minus a margin; a rough average glyph width of bold sans text
// picks the font size, and `textLength` squeezes a long name instead of letting it overflow.
const TEXT_WIDTH = 34;
const EM_PER_CHARACTER = 0.62;
const MAX_FONT_SIZE = 10;
const MIN_FONT_SIZE = 6.5;
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The drawn size in CSS pixels: `height` tall, 5:3, never beyond checkout §9's 300×112. */
export function methodIconSize(height: number = DEFAULT_HEIGHT): { width: number; height: number } {
  const wanted = Number.isFinite(height) && height > 0 ? height : DEFAULT_HEIGHT;
  const capped = Math.min(wanted, METHOD_ICON_MAX_HEIGHT, (METHOD_ICON_MAX_WIDTH * TILE_HEIGHT) / TILE_WIDTH);
  return { width: round((capped * TILE_WIDTH) / TILE_HEIGHT), height: round(capped) };
}

export interface MethodIconProps {
  code: MethodIconCode;
  /** Height in CSS pixels (default 24, so 40×24); the width follows the 5:3 tile. */
  size?: number;
  /**
   * The accessible name. Without it the icon is decorative (hidden from assistive
   * technology), for use next to a visible method name.
   */
  label?: string;
  className?: string;
}

/**
 * A payment method's brand icon (checkout §9): the brand's mark or short name on a tile of
 * its colour, in white or black ink, whichever contrasts more. Inline SVG: nothing is
 * fetched and no inline style is needed under the CSP.
 */
export function MethodIcon({ code, size, label, className }: MethodIconProps) {
  const mark = METHOD_ICON_MARKS[code];
  const { width, height } = methodIconSize(size);
  const ink = inkOn(mark.colour);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${TILE_WIDTH} ${TILE_HEIGHT}`}
      focusable="false"
      className={className}
      data-method-icon={code}
      {...a11y}
    >
      <rect
        x={0.5}
        y={0.5}
        width={TILE_WIDTH - 1}
        height={TILE_HEIGHT - 1}
        rx={3.5}
        fill={mark.colour}
        // A faint edge keeps light tiles (Afterpay's mint, Sofort's pink) apart from a white page.
        stroke="#000000"
        strokeOpacity={0.16}
      />
      {mark.kind === 'glyph' ? (
        <path d={mark.path} fill={ink} transform={GLYPH_TRANSFORM} />
      ) : (
        <BadgeText text={mark.text} ink={ink} />
      )}
    </svg>
  );
}

function BadgeText({ text, ink }: { text: string; ink: string }) {
  const perEm = text.length * EM_PER_CHARACTER;
  const fontSize = round(Math.max(MIN_FONT_SIZE, Math.min(MAX_FONT_SIZE, TEXT_WIDTH / perEm)));
  const squeeze = perEm * fontSize > TEXT_WIDTH;
  return (
    <text
      x={TILE_WIDTH / 2}
      y={TILE_HEIGHT / 2}
      fill={ink}
      fontFamily={FONT_FAMILY}
      fontSize={fontSize}
      fontWeight={700}
      textAnchor="middle"
      dominantBaseline="central"
      {...(squeeze ? { textLength: TEXT_WIDTH, lengthAdjust: 'spacingAndGlyphs' } : {})}
    >
      {text}
    </text>
  );
}
