// WCAG 2.x relative luminance and contrast ratio, used to pick the ink (white or black) that
// reads on a brand colour: with pure black or white the better of the two is always above
// 4.5:1, so a badge's short name meets AA text contrast on any brand colour.

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#rrggbb` or `rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const digits = hex.replace(/^#/, '');
  if (!/^[0-9a-f]{6}$/i.test(digits)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const at = (start: number) => channel(parseInt(digits.slice(start, start + 2), 16));
  return 0.2126 * at(0) + 0.7152 * at(2) + 0.0722 * at(4);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const one = relativeLuminance(first);
  const other = relativeLuminance(second);
  return (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
}

export const WHITE_INK = '#ffffff';
export const BLACK_INK = '#000000';

/** White or black, whichever contrasts more with the background. */
export function inkOn(background: string): string {
  return contrastRatio(background, WHITE_INK) >= contrastRatio(background, BLACK_INK) ? WHITE_INK : BLACK_INK;
}
