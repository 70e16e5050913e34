import {
  siAfterpay,
  siAmericanexpress,
  siApplepay,
  siDinersclub,
  siDiscover,
  siGooglepay,
  siJcb,
  siMastercard,
  siPaypal,
  siPix,
  siSepa,
  siVisa,
} from 'simple-icons';
import type { SimpleIcon } from 'simple-icons';
import type { MethodIconCode } from './method-icon-codes';

/**
 * How one method is drawn on its brand-coloured tile: a brand mark from Simple Icons
 * (CC0-1.0, decision 0014) as one SVG path on a 24×24 grid, or, for brands Simple Icons
 * does not have, the brand's short name. Named imports only, so the bundle keeps just these
 * marks (the package is `sideEffects: false`).
 */
export type MethodIconMark =
  { kind: 'glyph'; path: string; colour: string } | { kind: 'badge'; text: string; colour: string };

/**
 * The Simple Icons marks in use. Simple Icons is CC0 as a whole but records a licence per
 * icon where a brand's artwork has its own; a test keeps these free of one (decision 0014).
 */
export const SIMPLE_ICONS_USED: SimpleIcon[] = [];

function glyph(icon: SimpleIcon): MethodIconMark {
  SIMPLE_ICONS_USED.push(icon);
  return { kind: 'glyph', path: icon.path, colour: `#${icon.hex}` };
}

// Badge colours approximate each brand's main colour (no artwork of theirs is used); a
// neutral slate where the method is not one brand (net banking, Boleto).
function badge(text: string, colour: string): MethodIconMark {
  return { kind: 'badge', text, colour };
}

// Outer edge clockwise, inner edge anticlockwise (a ring under the non-zero fill rule), then
// the stripe and the digits clockwise so they fill inside the ring.
const DEFAULT_CARD_PATH =
  'M1 4H23V20H1Z M2.5 5.5V18.5H21.5V5.5Z M1 8H23V11H1Z M4.5 14.5H11V16H4.5Z M13 14.5H15.5V16H13Z';

export const METHOD_ICON_MARKS: Record<MethodIconCode, MethodIconMark> = {
  visa: glyph(siVisa),
  mc: glyph(siMastercard),
  amex: glyph(siAmericanexpress),
  discover: glyph(siDiscover),
  jcb: glyph(siJcb),
  diners: glyph(siDinersclub),
  unionpay: badge('UnionPay', '#e21836'),
  elo: badge('elo', '#000000'),
  maestro: badge('Maestro', '#0099df'),
  troy: badge('troy', '#00a99d'),
  apple_pay: glyph(siApplepay),
  google_pay: glyph(siGooglepay),
  paypal: glyph(siPaypal),
  affirm: badge('affirm', '#4a4af4'),
  // One brand under two names (Clearpay in the UK); Simple Icons has its mark as Afterpay.
  afterpay_clearpay: glyph(siAfterpay),
  ideal: badge('iDEAL', '#cc0066'),
  sepadirectdebit: glyph(siSepa),
  directEbanking: badge('SOFORT', '#ef809f'),
  boleto: badge('Boleto', '#343a40'),
  oxxo: badge('OXXO', '#e21f26'),
  pix: glyph(siPix),
  upi: badge('UPI', '#097939'),
  netbanking: badge('NetBanking', '#3b4a5a'),
  doku_alfamart: badge('Alfamart', '#da251c'),
  doku_bca_va: badge('BCA', '#0060af'),
  doku_mandiri_va: badge('Mandiri', '#003d79'),
  doku_permata_lite_atm: badge('Permata', '#00843d'),
  bancontact: badge('Bancontact', '#005498'),
  // Simple Icons has Grab's wordmark but not GrabPay's; the name says which method it is.
  grabpay: badge('GrabPay', '#00b14f'),
  // A plain card (outline, magnetic stripe, a line of digits) for brands without an icon; drawn
  // here on the same 24×24 grid, not taken from Simple Icons.
  card_default: { kind: 'glyph', path: DEFAULT_CARD_PATH, colour: '#5c6b7a' },
};
