// VAT/GST registration numbers of business buyers: which countries' numbers we can check,
// how they are written and when they are valid (format and, where one is published, the
// check digit). European numbers are checked by jsvat, imported by name from its ESM build
// (bundlers take its `module` field; Node loads its CommonJS `main`, whose named exports it
// detects). The other countries' rules are written here. Singapore's GST numbers, Saudi
// Arabia's VAT numbers and the UAE's TRNs have no published check digit, so only their
// structure is checked.
import {
  andorra,
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  norway,
  poland,
  portugal,
  romania,
  russia,
  serbia,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  switzerland,
  unitedKingdom,
  type Country as JsvatCountry,
} from 'jsvat';
import { BILLING_COUNTRIES } from '../checkout/billing-countries.js';

interface TaxNumberRule {
  label: string;
  /** A valid normalized number, shown in messages as the example of the format. */
  example: string;
  /** The longest normalized number of the country's formats. */
  maxLength: number;
  /** The prefix a number carries when normalized (EU: the country code, Greece 'EL'). */
  prefix?: string;
  /** Other prefixes typed for the same numbers, replaced by `prefix` ('GR' for Greece). */
  aliases?: readonly string[];
  /** Whether a normalized number is valid. */
  isValid: (value: string) => boolean;
  /** Completes a cleaned number that is valid that way (Japan: the leading 'T'). */
  complete?: (value: string) => string;
}

function vatRule(
  country: JsvatCountry,
  prefix: string,
  example: string,
  maxLength: number,
  extra: Partial<TaxNumberRule> = {},
): TaxNumberRule {
  return {
    label: 'VAT number',
    example,
    maxLength,
    prefix,
    isValid: (value) => value.startsWith(prefix) && checkVAT(value, [country]).isValid,
    ...extra,
  };
}

// Maximum lengths are those of the real formats, prefix (and a Swiss or Norwegian suffix)
// included; jsvat's patterns are a little looser in places (Czechia) and are capped here.
const TAX_NUMBER_RULES: Readonly<Record<string, TaxNumberRule>> = {
  // EU member states.
  AT: vatRule(austria, 'AT', 'ATU12345675', 11),
  BE: vatRule(belgium, 'BE', 'BE0123456749', 12),
  BG: vatRule(bulgaria, 'BG', 'BG123456786', 12),
  CY: vatRule(cyprus, 'CY', 'CY01234567U', 11),
  CZ: vatRule(czechRepublic, 'CZ', 'CZ12345679', 12),
  DE: vatRule(germany, 'DE', 'DE123456788', 11),
  DK: vatRule(denmark, 'DK', 'DK12345674', 10),
  EE: vatRule(estonia, 'EE', 'EE101234568', 11),
  ES: vatRule(spain, 'ES', 'ESA12345674', 11),
  FI: vatRule(finland, 'FI', 'FI12345671', 10),
  FR: vatRule(france, 'FR', 'FR83404833048', 13, { isValid: isValidFrenchVat }),
  GR: vatRule(greece, 'EL', 'EL123456783', 11, { aliases: ['GR'] }),
  HR: vatRule(croatia, 'HR', 'HR12345678903', 13),
  HU: vatRule(hungary, 'HU', 'HU12345676', 10),
  IE: vatRule(ireland, 'IE', 'IE1234567T', 11),
  IT: vatRule(italy, 'IT', 'IT12345670017', 13),
  LT: vatRule(lithuania, 'LT', 'LT123456715', 14),
  LU: vatRule(luxembourg, 'LU', 'LU12345613', 10),
  LV: vatRule(latvia, 'LV', 'LV40123456783', 13),
  MT: vatRule(malta, 'MT', 'MT12345634', 10),
  NL: vatRule(netherlands, 'NL', 'NL123456782B01', 14),
  PL: vatRule(poland, 'PL', 'PL1234567883', 12),
  PT: vatRule(portugal, 'PT', 'PT123456789', 11),
  RO: vatRule(romania, 'RO', 'RO1234567897', 12),
  SE: vatRule(sweden, 'SE', 'SE123456789701', 14),
  SI: vatRule(slovenia, 'SI', 'SI12345679', 10),
  SK: vatRule(slovakiaRepublic, 'SK', 'SK2022749619', 12),
  // Other European countries jsvat knows. Northern Ireland's XI numbers are the GB ones;
  // the Isle of Man is in the UK VAT area and Monaco in the French one.
  GB: vatRule(unitedKingdom, 'GB', 'GB123456782', 14, { aliases: ['XI'] }),
  IM: vatRule(unitedKingdom, 'GB', 'GB123456782', 14),
  MC: vatRule(france, 'FR', 'FR83404833048', 13, { isValid: isValidFrenchVat }),
  CH: vatRule(switzerland, 'CHE', 'CHE123456788MWST', 16, { aliases: ['CH'] }),
  NO: vatRule(norway, 'NO', 'NO123456785MVA', 14),
  RS: vatRule(serbia, 'RS', 'RS123456788', 11, { label: 'VAT number (PIB)' }),
  RU: vatRule(russia, 'RU', 'RU1234567894', 14, { label: 'Tax number (INN)' }),
  AD: vatRule(andorra, 'AD', 'ADU123456A', 10, { label: 'Tax number (NRT)' }),
  // Elsewhere.
  AU: {
    label: 'ABN',
    example: '51824753556',
    maxLength: 11,
    isValid: isValidAbn,
  },
  NZ: {
    label: 'GST number',
    example: '123123123',
    maxLength: 9,
    isValid: isValidNzIrd,
    // 8-digit numbers are written with a leading zero as 9 digits.
    complete: (value) => (/^\d{8}$/.test(value) ? `0${value}` : value),
  },
  IN: {
    label: 'GSTIN',
    example: '27AAPFU0939F1ZV',
    maxLength: 15,
    isValid: isValidGstin,
  },
  CA: {
    label: 'GST/HST number',
    example: '123456782RT0001',
    maxLength: 15,
    isValid: (value) => /^\d{9}RT\d{4}$/.test(value) && luhnValid(value.slice(0, 9), 10),
  },
  SG: {
    label: 'GST registration number',
    example: '201912345A',
    maxLength: 10,
    isValid: isValidSingaporeGstNumber,
  },
  JP: {
    label: 'Registration number (T-number)',
    example: 'T5835678256246',
    maxLength: 14,
    isValid: (value) => /^T\d{13}$/.test(value) && isValidJapanCorporateNumber(value.slice(1)),
    complete: (value) => (/^\d{13}$/.test(value) ? `T${value}` : value),
  },
  KR: {
    label: 'Business registration number',
    example: '1168200276',
    maxLength: 10,
    isValid: isValidKoreanBrn,
  },
  SA: {
    label: 'VAT number',
    example: '310123456700003',
    maxLength: 15,
    // 15 digits, the first and the last a 3.
    isValid: (value) => /^3\d{13}3$/.test(value),
  },
  AE: {
    label: 'TRN',
    example: '100123456700003',
    maxLength: 15,
    // The Tax Registration Number: 15 digits starting 100.
    isValid: (value) => /^100\d{12}$/.test(value),
  },
  TR: {
    label: 'Tax number (VKN)',
    example: '4540536920',
    maxLength: 10,
    isValid: isValidVkn,
  },
};

/** The longest normalized number any supported country has (for the input's maxlength). */
export const TAX_NUMBER_MAX_LENGTH: number = Math.max(
  ...Object.values(TAX_NUMBER_RULES).map((rule) => rule.maxLength),
);

const COUNTRY_TITLES: ReadonlyMap<string, string> = new Map(
  BILLING_COUNTRIES.map(({ id, title }) => [id, title]),
);

// The VAT prefixes of the European numbers, to tell a number of another country: 'EL' and
// 'XI' name Greece and the UK.
const PREFIX_COUNTRIES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(TAX_NUMBER_RULES).flatMap(([country, rule]) =>
    rule.prefix === undefined || country === 'IM' || country === 'MC'
      ? []
      : [rule.prefix, ...(rule.aliases ?? [])].map((prefix) => [prefix, country] as const),
  ),
]);

// Country titles read with "the" in a sentence ("for the Netherlands").
const COUNTRIES_WITH_THE: ReadonlySet<string> = new Set([
  'AE',
  'BS',
  'CF',
  'DO',
  'GB',
  'IM',
  'NL',
  'PH',
  'US',
]);

/** The country's title as it reads in a sentence: 'Germany', 'the United Kingdom'. */
function countryTitle(country: string): string {
  const title = COUNTRY_TITLES.get(country) ?? country;
  return COUNTRIES_WITH_THE.has(country) ? `the ${title}` : title;
}

/** The label as it reads in a sentence: 'ABN', 'tax number (VKN)'. */
function labelInSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

function ruleOf(country: string): TaxNumberRule | undefined {
  return Object.hasOwn(TAX_NUMBER_RULES, country) ? TAX_NUMBER_RULES[country] : undefined;
}

function clean(value: string): string {
  return value.toUpperCase().replace(/[\s./-]+/g, '');
}

/** Whether we can check numbers of this country (the field is shown only for these). */
/** What a tax number field takes as typed (spaces, dots and dashes before normalizing). */
export const TAX_NUMBER_INPUT_MAX_LENGTH = 32;

export function acceptsTaxNumber(country: string): boolean {
  return ruleOf(country.toUpperCase()) !== undefined;
}

/**
 * The field's label for the country: 'VAT number', 'GST number', 'ABN', 'GSTIN', 'TRN',
 * 'Registration number (T-number)' …; 'Tax number' for countries whose numbers we don't
 * accept.
 */
export function taxNumberLabel(country: string): string {
  return ruleOf(country.toUpperCase())?.label ?? 'Tax number';
}

/**
 * Upper case, no spaces, dots, dashes or slashes; a leading country prefix kept where the
 * format has one (EU 'DE123…'); 'EL' for Greece. A prefix typed another way ('GR' for
 * Greece, 'XI' for Northern Ireland, 'CH' for 'CHE') becomes the usual one, and one left out
 * is added when the number is valid with it (DE, '123456789' → 'DE123456789'); Japanese
 * numbers get their 'T' the same way and 8-digit New Zealand numbers their leading zero.
 */
export function normalizeTaxNumber(country: string, value: string): string {
  const cleaned = clean(value);
  const rule = ruleOf(country.toUpperCase());
  if (rule === undefined) return cleaned;
  if (rule.prefix !== undefined) {
    const { prefix } = rule;
    if (cleaned.startsWith(prefix)) return cleaned;
    const alias = rule.aliases?.find((code) => cleaned.startsWith(code));
    if (alias !== undefined) return prefix + cleaned.slice(alias.length);
    // Another country's prefix stays, to be reported: 'GB980780684' is no French number with
    // the letter key 'GB'.
    if (PREFIX_COUNTRIES.has(cleaned.slice(0, 2))) return cleaned;
    return rule.isValid(prefix + cleaned) ? prefix + cleaned : cleaned;
  }
  const completed = rule.complete?.(cleaned) ?? cleaned;
  return rule.isValid(completed) ? completed : cleaned;
}

/**
 * null when `value` is a valid VAT/GST number for a business in `country` (format and
 * checksum); else the message to show on the field, e.g. "Enter a valid VAT number for
 * Germany, such as DE123456788."
 */
export function taxNumberError(country: string, value: string): string | null {
  const code = country.toUpperCase();
  const title = countryTitle(code);
  const rule = ruleOf(code);
  if (rule === undefined) return `We can't accept VAT or GST numbers from ${title}.`;
  const number = normalizeTaxNumber(code, value);
  if (number.length <= rule.maxLength && rule.isValid(number)) return null;
  const enter = `Enter a valid ${labelInSentence(rule.label)} for ${title}, such as ${rule.example}.`;
  const other = rule.prefix === undefined ? undefined : PREFIX_COUNTRIES.get(number.slice(0, 2));
  if (other !== undefined && other !== code && !number.startsWith(rule.prefix ?? '')) {
    return `This is a VAT number from ${countryTitle(other)}, not ${title}. ${enter}`;
  }
  return enter;
}

// The characters of a French key (I and O left out).
const FRENCH_KEY_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A French number (Monaco's too): jsvat checks a numeric key (mod 97 of the SIREN) but takes
 * any key with a letter, whose own check this adds.
 */
function isValidFrenchVat(value: string): boolean {
  if (!value.startsWith('FR') || !checkVAT(value, [france]).isValid) return false;
  const key = value.slice(2, 4);
  if (/^\d{2}$/.test(key)) return true;
  const first = FRENCH_KEY_CHARS.indexOf(key.charAt(0));
  const second = FRENCH_KEY_CHARS.indexOf(key.charAt(1));
  const check = first < 10 ? first * 24 + second - 10 : first * 34 + second - 100;
  return (Number(value.slice(4)) + 1 + Math.floor(check / 11)) % 11 === check % 11;
}

/** Luhn's check over `value` in base `base` (10 for digits, 36 for digits and letters). */
function luhnValid(value: string, base: number): boolean {
  let sum = 0;
  let factor = 1;
  for (let i = value.length - 1; i >= 0; i--) {
    const product = parseInt(value.charAt(i), base) * factor;
    sum += Math.floor(product / base) + (product % base);
    factor = 3 - factor;
  }
  return sum % base === 0;
}

/** Australian Business Number: 11 digits; less 1 on the first, weighted, sum mod 89 is 0. */
function isValidAbn(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = weights.reduce(
    (total, weight, i) => total + weight * (Number(value.charAt(i)) - (i === 0 ? 1 : 0)),
    0,
  );
  return sum % 89 === 0;
}

/**
 * New Zealand GST numbers are IRD numbers: 9 digits (8 with the leading zero left out)
 * between 10,000,000 and 150,000,000, the last a mod 11 check digit (second weights when
 * the first give 10).
 */
function isValidNzIrd(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const number = Number(value);
  if (number <= 10_000_000 || number >= 150_000_000) return false;
  const checkDigit = (weights: readonly number[]): number =>
    (11 - (weights.reduce((sum, weight, i) => sum + weight * Number(value.charAt(i)), 0) % 11)) % 11;
  let check = checkDigit([3, 2, 7, 6, 5, 4, 3, 2]);
  if (check === 10) check = checkDigit([7, 4, 3, 2, 5, 2, 7, 6]);
  return check === Number(value.charAt(8));
}

/**
 * India's GSTIN: state code (01–38, 97 other territory), PAN (5 letters, 4 digits, a letter;
 * its 4th letter the holder type), registration number in the state, 'Z', and a Luhn mod 36
 * check character.
 */
function isValidGstin(value: string): boolean {
  return (
    /^(0[1-9]|[12]\d|3[0-8]|97)[A-Z]{3}[ABCEFGHJLPTK][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value) &&
    value.slice(7, 11) !== '0000' &&
    luhnValid(value, 36)
  );
}

// The entity types of Singapore's "other" UENs (T08LL1234A: 2008, limited liability partnership).
const UEN_ENTITY_TYPES = new Set(
  (
    'CC CD CH CL CM CP CS CX DP FB FC FM FN GA GB GS HS LL LP MB MC MD MH MM MQ NB NR PA PB ' +
    'PF RF RP SM SS TC TU VH XL'
  ).split(' '),
);

/**
 * Singapore's GST registration number: the business's UEN (ROB 12345678A, ROC 201912345A,
 * foreign company F00012345A, others T08LL1234A), or for other registrants M + 8 characters
 * as issued (M2-1234567-8, MR-8500123-X). None has a published check character.
 */
function isValidSingaporeGstNumber(value: string): boolean {
  if (/^\d{8}[A-Z]$/.test(value)) return true;
  if (/^(18|19|20)\d{7}[A-Z]$/.test(value)) return true;
  if (/^F000\d{5}[A-Z]$/.test(value)) return true;
  if (/^[RST]\d{2}[A-Z]{2}\d{4}[A-Z]$/.test(value)) return UEN_ENTITY_TYPES.has(value.slice(3, 5));
  return /^M[0-9A-Z]\d{7}[0-9A-Z]$/.test(value);
}

/**
 * Japan's corporate number (the 13 digits of a T-number): the first digit is 9 less the sum
 * of the other 12, weighted 1, 2, 1, 2 … from the right, mod 9.
 */
function isValidJapanCorporateNumber(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits.charAt(12 - i)) * (i % 2 === 0 ? 1 : 2);
  return Number(digits.charAt(0)) === 9 - (sum % 9);
}

/**
 * South Korea's business registration number: 10 digits (tax office, business type, serial,
 * check digit); weights 1, 3, 7, 1, 3, 7, 1, 3, 5, plus the tens of the 9th digit times 5.
 */
function isValidKoreanBrn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  if (value.slice(0, 3) < '101' || value.slice(3, 5) === '00' || value.slice(5, 9) === '0000') {
    return false;
  }
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, i) => total + weight * Number(value.charAt(i)), 0);
  sum += Math.floor((Number(value.charAt(8)) * 5) / 10);
  return (10 - (sum % 10)) % 10 === Number(value.charAt(9));
}

/** Türkiye's tax number (Vergi Kimlik Numarası): 10 digits, the last a check digit. */
function isValidVkn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  let sum = 0;
  for (let i = 1; i <= 9; i++) {
    const c1 = (Number(value.charAt(9 - i)) + i) % 10;
    if (c1 !== 0) sum += (c1 * 2 ** i) % 9 || 9;
  }
  return (10 - (sum % 10)) % 10 === Number(value.charAt(9));
}

/** The normalized number when it is valid for the country; else null (a stored number checked again). */
export function validTaxNumber(country: string, value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (!trimmed || taxNumberError(country, trimmed) !== null) return null;
  return normalizeTaxNumber(country, trimmed);
}
