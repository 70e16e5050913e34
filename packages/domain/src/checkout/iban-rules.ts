// The SEPA direct debit form's account number (checkout §9 hosted method sepadirectdebit).

/** IBAN lengths of the euro-area SEPA countries (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  CY: 28,
  DE: 22,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GR: 27,
  HR: 21,
  IE: 22,
  IT: 27,
  LT: 20,
  LU: 20,
  LV: 21,
  MT: 31,
  NL: 18,
  PT: 25,
  SI: 19,
  SK: 24,
};

export const IBAN_MESSAGES = {
  required: 'Please enter your IBAN.',
  invalid: 'Please enter a valid IBAN.',
} as const;

/** Without spaces, upper case: how an IBAN is sent and checked. */
export function normalizeIban(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** Groups of four for display: `NL91 ABNA 0417 1643 00`. */
export function formatIban(raw: string): string {
  return normalizeIban(raw).replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO 7064 mod 97-10 over the rearranged IBAN, in chunks so it never leaves safe integers. */
function mod97(iban: string): number {
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7) {
    remainder = Number(`${remainder}${digits.slice(index, index + 7)}`) % 97;
  }
  return remainder;
}

/** Null for a valid IBAN of a SEPA country we sell in; else the message to show. */
export function ibanError(raw: string): string | null {
  const iban = normalizeIban(raw);
  if (iban === '') return IBAN_MESSAGES.required;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return IBAN_MESSAGES.invalid;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return IBAN_MESSAGES.invalid;
  return mod97(iban) === 1 ? null : IBAN_MESSAGES.invalid;
}
