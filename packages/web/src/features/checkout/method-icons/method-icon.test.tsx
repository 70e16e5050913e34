import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { MethodIcon, METHOD_ICON_MAX_HEIGHT, METHOD_ICON_MAX_WIDTH, methodIconSize } from './method-icon';
import { methodIconCodeOf, methodIconCodes } from './method-icon-codes';
import { SIMPLE_ICONS_USED } from './method-icon-marks';

// Issue 6 and checkout §9: every card brand and method type the checkout can offer.
const EXPECTED_CODES = [
  'visa',
  'mc',
  'amex',
  'discover',
  'jcb',
  'diners',
  'unionpay',
  'elo',
  'maestro',
  'troy',
  'apple_pay',
  'google_pay',
  'paypal',
  'affirm',
  'afterpay_clearpay',
  'ideal',
  'sepadirectdebit',
  'directEbanking',
  'boleto',
  'oxxo',
  'pix',
  'upi',
  'netbanking',
  'doku_alfamart',
  'doku_bca_va',
  'doku_mandiri_va',
  'doku_permata_lite_atm',
  'bancontact',
  'grabpay',
  'card_default',
];

function svgOf(container: HTMLElement): SVGSVGElement {
  const svg = container.querySelector('svg');
  if (!svg) throw new Error('no svg rendered');
  return svg;
}

describe('methodIconCodes', () => {
  it('lists every method of the checkout once', () => {
    expect([...methodIconCodes].sort()).toEqual([...EXPECTED_CODES].sort());
    expect(new Set(methodIconCodes).size).toBe(methodIconCodes.length);
  });
});

describe('Simple Icons marks', () => {
  // Decision 0014: only marks without an icon licence of their own (the package's CC0 applies)
  // or with CC0 itself; an update that attaches another licence to one of them must be reviewed.
  it('carry no licence other than CC0', () => {
    expect(SIMPLE_ICONS_USED.length).toBe(12);
    for (const icon of SIMPLE_ICONS_USED) {
      expect([undefined, 'CC0-1.0'], icon.title).toContain(icon.license?.type);
    }
  });
});

describe('MethodIcon', () => {
  it.each(methodIconCodes)('draws %s as a decorative 40×24 tile with a mark or a name', (code) => {
    const { container } = render(<MethodIcon code={code} />);
    const svg = svgOf(container);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('role')).toBeNull();
    expect(svg.getAttribute('width')).toBe('40');
    expect(svg.getAttribute('height')).toBe('24');
    const mark = svg.querySelector('path, text');
    expect(mark).not.toBeNull();
    if (mark?.tagName === 'path') expect(mark.getAttribute('d')?.length).toBeGreaterThan(20);
    else expect(mark?.textContent?.trim()).not.toBe('');
  });

  it.each(methodIconCodes)('draws %s in ink that meets WCAG AA text contrast on its tile', (code) => {
    const { container } = render(<MethodIcon code={code} />);
    const svg = svgOf(container);
    const tile = svg.querySelector('rect')?.getAttribute('fill');
    const ink = svg.querySelector('path, text')?.getAttribute('fill');
    expect(tile).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrastRatio(tile ?? '', ink ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('is an image named by its label when it stands alone', () => {
    render(
      <>
        <MethodIcon code="visa" label="Visa" />
        <MethodIcon code="ideal" label="iDEAL" />
        <MethodIcon code="paypal" />
      </>,
    );
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('aria-label'))).toEqual(['Visa', 'iDEAL']);
    for (const image of images) expect(image.getAttribute('aria-hidden')).toBeNull();
    expect(screen.getByRole('img', { name: 'iDEAL' }).querySelector('text')?.textContent).toBe('iDEAL');
  });

  it('uses Simple Icons marks where they exist and short names otherwise', () => {
    const { container } = render(
      <>
        <MethodIcon code="mc" />
        <MethodIcon code="doku_bca_va" />
      </>,
    );
    expect(container.querySelector('[data-method-icon="mc"] path')).not.toBeNull();
    expect(container.querySelector('[data-method-icon="doku_bca_va"] text')?.textContent).toBe('BCA');
  });

  it('squeezes a long name into the tile instead of overflowing it', () => {
    const { container } = render(<MethodIcon code="bancontact" />);
    const text = container.querySelector('text');
    expect(text?.getAttribute('textLength')).toBe('34');
    expect(text?.getAttribute('lengthAdjust')).toBe('spacingAndGlyphs');
  });

  it('scales with size and stays within the 300 by 112 image limit of checkout §9', () => {
    const { container } = render(<MethodIcon code="amex" size={48} />);
    expect(svgOf(container).getAttribute('width')).toBe('80');
    expect(svgOf(container).getAttribute('height')).toBe('48');
    for (const size of [112, 113, 500, 10_000]) {
      const { width, height } = methodIconSize(size);
      expect(width).toBeLessThanOrEqual(METHOD_ICON_MAX_WIDTH);
      expect(height).toBeLessThanOrEqual(METHOD_ICON_MAX_HEIGHT);
    }
    expect(methodIconSize(500)).toEqual({ width: 186.67, height: 112 });
    expect(methodIconSize(0)).toEqual({ width: 40, height: 24 });
    expect(methodIconSize(Number.NaN)).toEqual({ width: 40, height: 24 });
  });
});

describe('methodIconCodeOf', () => {
  it('maps server and provider spellings to icon codes', () => {
    expect(methodIconCodeOf('visa')).toBe('visa');
    expect(methodIconCodeOf('VISA')).toBe('visa');
    expect(methodIconCodeOf('mastercard')).toBe('mc');
    expect(methodIconCodeOf('directEbanking')).toBe('directEbanking');
    expect(methodIconCodeOf('directebanking')).toBe('directEbanking');
    expect(methodIconCodeOf('doku_permata_lite_atm')).toBe('doku_permata_lite_atm');
    expect(methodIconCodeOf('clearpay')).toBe('afterpay_clearpay');
  });

  it('has no icon for unknown or missing values', () => {
    expect(methodIconCodeOf('rupay')).toBeNull();
    expect(methodIconCodeOf('')).toBeNull();
    expect(methodIconCodeOf(undefined)).toBeNull();
    expect(methodIconCodeOf(null)).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('follows WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });
});
