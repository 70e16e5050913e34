// Checkout §5 document (tax ID) field of local card methods: which document each country
// asks for, how it is written and when it is valid. CPF and CNPJ are checked by
// cpf-cnpj-validator (design §2). The T.C. kimlik and CURP check digits are computed here:
// the stdnum package has no `exports` map and an extensionless ESM build, so it loads only
// as CommonJS in Node and, imported whole, puts all of its ~90 countries in the browser
// bundle. Egypt's national ID, Nigeria's NIN and Colombia's cédula have no published check
// digit, so only their structure is checked.
import { cnpj, cpf } from 'cpf-cnpj-validator';
import { CHECKOUT_MESSAGES } from './checkout-messages.js';

/** Checkout §5: the countries whose local card methods ask for a document. */
export const DOCUMENT_COUNTRIES = ['BR', 'MX', 'EG', 'NG', 'TR', 'CO'] as const;

export type DocumentCountry = (typeof DOCUMENT_COUNTRIES)[number];

/** Checkout §5, §9: the document field holds at most 25 characters. */
export const DOCUMENT_MAX_LENGTH = 25;

interface DocumentRule {
  label: string;
  /** The message when the field is empty. */
  required: string;
  /** The message when the value is not a valid document. */
  invalid: string;
  /** Whether a normalized value is a valid document. */
  isValid: (value: string) => boolean;
  /** Writes a normalized value the way the document is printed; normalized by default. */
  format?: (value: string) => string;
}

const DOCUMENT_RULES: Readonly<Record<DocumentCountry, DocumentRule>> = {
  BR: {
    label: 'CPF/CNPJ',
    required: CHECKOUT_MESSAGES.enterCpf,
    invalid: CHECKOUT_MESSAGES.invalidCpfCnpj,
    isValid: isValidCpfOrCnpj,
    format: formatCpfOrCnpj,
  },
  MX: {
    label: 'CURP',
    required: CHECKOUT_MESSAGES.enterCurp,
    invalid: CHECKOUT_MESSAGES.invalidCurp,
    isValid: isValidCurp,
  },
  EG: {
    label: 'National ID',
    required: CHECKOUT_MESSAGES.enterEgyptNationalId,
    invalid: CHECKOUT_MESSAGES.invalidEgyptNationalId,
    isValid: isValidEgyptNationalId,
  },
  NG: {
    label: 'NIN',
    required: CHECKOUT_MESSAGES.enterNin,
    invalid: CHECKOUT_MESSAGES.invalidNin,
    // The National Identification Number: 11 digits.
    isValid: (value) => /^\d{11}$/.test(value),
  },
  TR: {
    label: 'T.C. Kimlik No',
    required: CHECKOUT_MESSAGES.enterTcKimlik,
    invalid: CHECKOUT_MESSAGES.invalidTcKimlik,
    isValid: isValidTcKimlik,
  },
  CO: {
    label: 'Cédula de ciudadanía',
    required: CHECKOUT_MESSAGES.enterCedula,
    invalid: CHECKOUT_MESSAGES.invalidCedula,
    // A cédula de ciudadanía: 6 to 10 digits.
    isValid: (value) => /^\d{6,10}$/.test(value),
  },
};

/** Any other country (a method may still ask): 1 to 25 letters and digits. */
const OTHER_DOCUMENT: DocumentRule = {
  label: 'Tax ID',
  required: CHECKOUT_MESSAGES.enterTaxId,
  invalid: CHECKOUT_MESSAGES.invalidTaxId,
  isValid: () => true,
};

export function isDocumentCountry(country: string): country is DocumentCountry {
  return (DOCUMENT_COUNTRIES as readonly string[]).includes(country);
}

function ruleOf(country: string): DocumentRule {
  return isDocumentCountry(country) ? DOCUMENT_RULES[country] : OTHER_DOCUMENT;
}

/** Checkout §5: the name of the country's document, for the field label. */
export function documentLabel(country: string): string {
  return ruleOf(country).label;
}

/**
 * The document as its letters and digits only, upper-case: buyers type CPFs with dots and
 * dashes, CURPs in lower case, IDs with spaces. `country` is kept for rules that may differ.
 */
export function normalizeDocument(_country: string, raw: string): string {
  return raw.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
}

/**
 * Checkout §5 "formatted": the value as the document is printed (CPF 000.000.000-00, CNPJ
 * 00.000.000/0000-00, applied as far as typed), other documents normalized; at most 25
 * characters.
 */
export function formatDocument(country: string, raw: string): string {
  const value = normalizeDocument(country, raw);
  const format = ruleOf(country).format ?? ((normalized: string) => normalized);
  return format(value).slice(0, DOCUMENT_MAX_LENGTH);
}

/**
 * Checkout §5: the document's error message, or null when it is valid. Empty gives the
 * country's "required" text (BR: 'Please enter your CPF.'), otherwise its "invalid" text
 * (BR: 'Please enter a valid CPF/CNPJ', MX: 'Please enter a valid CURP').
 */
export function documentError(country: string, raw: string): string | null {
  const rule = ruleOf(country);
  const value = normalizeDocument(country, raw);
  if (value === '') return rule.required;
  if (value.length > DOCUMENT_MAX_LENGTH || !rule.isValid(value)) return rule.invalid;
  return null;
}

/** A CPF (11 digits) or a CNPJ (14 characters, letters allowed from July 2026), check digits included. */
function isValidCpfOrCnpj(value: string): boolean {
  if (/^\d{11}$/.test(value)) return cpf.isValid(value, true);
  if (/^[\dA-Z]{12}\d{2}$/.test(value)) return cnpj.isValid(value, true);
  return false;
}

const CPF_MASK = '###.###.###-##';
const CNPJ_MASK = '##.###.###/####-##';

/** Up to 11 characters the CPF mask, up to 14 the CNPJ one, as far as typed. */
function formatCpfOrCnpj(value: string): string {
  if (value.length <= 11) return applyMask(value, CPF_MASK);
  if (value.length <= 14) return applyMask(value, CNPJ_MASK);
  return value;
}

function applyMask(value: string, mask: string): string {
  let result = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= value.length) break;
    result += slot === '#' ? value[next++] : slot;
  }
  return result;
}

/**
 * The Turkish T.C. kimlik numarası: 11 digits, not starting with 0; the 10th digit is
 * (7 × (d1+d3+d5+d7+d9) − (d2+d4+d6+d8)) mod 10, the 11th is (d1+…+d10) mod 10.
 */
function isValidTcKimlik(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sumAt = (from: number, to: number, step: number) => {
    let sum = 0;
    for (let index = from; index <= to; index += step) sum += digits[index] ?? 0;
    return sum;
  };
  const tenth = (((7 * sumAt(0, 8, 2) - sumAt(1, 7, 2)) % 10) + 10) % 10;
  const eleventh = sumAt(0, 9, 1) % 10;
  return digits[9] === tenth && digits[10] === eleventh;
}

// RENAPO's state codes (NE: born abroad).
const CURP_STATES =
  'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';
// Name letters, birth date, sex (H, M; X non-binary), state, three inner consonants,
// homoclave (a digit for births before 2000, a letter after), check digit.
const CURP = new RegExp(`^[A-Z]{4}(\\d{6})[HMX](?:${CURP_STATES})[B-DF-HJ-NP-TV-Z]{3}([\\dA-Z])\\d$`);
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ';
// RENAPO never issues these name words (it writes an X for their second letter instead).
const CURP_WORDS_NOT_ISSUED = new Set(
  `
  BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO
  GETA GUEI GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO
  LOCA LOCO LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE
  PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI
  WUEY
  `
    .trim()
    .split(/\s+/),
);

/** The Mexican CURP: structure, a real birth date and the check digit of RENAPO's Instructivo Normativo. */
function isValidCurp(value: string): boolean {
  const match = CURP.exec(value);
  if (!match || CURP_WORDS_NOT_ISSUED.has(value.slice(0, 4))) return false;
  const [, yymmdd = '', homoclave = ''] = match;
  const century = /\d/.test(homoclave) ? 1900 : 2000;
  if (!isCalendarDate(century, yymmdd)) return false;
  const sum = [...value.slice(0, 17)].reduce(
    (total, char, index) => total + CURP_ALPHABET.indexOf(char) * (18 - index),
    0,
  );
  return Number(value[17]) === (10 - (sum % 10)) % 10;
}

// The Civil Registry's governorate codes (88: born abroad).
const EGYPT_GOVERNORATES = new Set([
  '01', '02', '03', '04', '11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22',
  '23', '24', '25', '26', '27', '28', '29', '31', '32', '33', '34', '35', '88',
]); // prettier-ignore

/**
 * The Egyptian national ID: 14 digits, the century (2: 1900s, 3: 2000s), the birth date
 * YYMMDD, the governorate code, a sequence number and a check digit whose rule is not published.
 */
function isValidEgyptNationalId(value: string): boolean {
  if (!/^[23]\d{13}$/.test(value)) return false;
  const century = value[0] === '2' ? 1900 : 2000;
  return isCalendarDate(century, value.slice(1, 7)) && EGYPT_GOVERNORATES.has(value.slice(7, 9));
}

/** Whether YYMMDD in the given century is a day of the calendar (30 February is not). */
function isCalendarDate(century: number, yymmdd: string): boolean {
  const year = century + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
