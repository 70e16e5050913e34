import {
  CARD_FIELD_DEFAULT_CODES,
  CHECKOUT_MESSAGES,
  cardFieldErrorMessage,
  isValidCardholderName,
  type CardField,
} from '@lectern/domain';
export const CARD_FIELDS: readonly CardField[] = ['name', 'number', 'expiry', 'cvc'];

export interface CardInput {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardInput = { name: '', number: '', expiry: '', cvc: '' };

/** Digits only. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** Groups the number in fours as it is typed (max 19 digits). */
export function formatCardNumberInput(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as it is typed. */
export function formatExpiryInput(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Month and four-digit year of an "MM / YY" entry, or null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return null;
  return { month, year };
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checkout §4–§5: the provider code of a field that is incomplete or wrong (flagged after
 * blur), or null when the field looks complete. The provider has the last word on submit.
 */
export function cardFieldCode(field: CardField, input: CardInput, now: Date = new Date()): string | null {
  switch (field) {
    case 'name':
      return isValidCardholderName(input.name) ? null : CARD_FIELD_DEFAULT_CODES.name;
    case 'number': {
      const digits = digitsOf(input.number);
      return digits.length >= 12 && digits.length <= 19 && passesLuhn(digits)
        ? null
        : CARD_FIELD_DEFAULT_CODES.number;
    }
    case 'expiry': {
      const expiry = parseExpiry(input.expiry);
      if (!expiry) return CARD_FIELD_DEFAULT_CODES.expiry;
      const current = now.getFullYear() * 12 + now.getMonth() + 1;
      return expiry.year * 12 + expiry.month < current ? CARD_FIELD_DEFAULT_CODES.expiry : null;
    }
    case 'cvc':
      return /^\d{3,4}$/.test(input.cvc.trim()) ? null : CARD_FIELD_DEFAULT_CODES.cvc;
  }
}

/**
 * Which field a provider error code belongs to (checkout §4: a field is flagged by the
 * provider's code), or null for errors of the payment as a whole.
 */
export function fieldOfProviderCode(code: string | null | undefined): CardField | null {
  if (!code) return null;
  if (/number/.test(code)) return 'number';
  if (/expir/.test(code)) return 'expiry';
  if (/cvc/.test(code)) return 'cvc';
  if (/name/.test(code)) return 'name';
  return null;
}

/**
 * The message under a card field (checkout §4, §5, §8): the provider's code when it flagged
 * the field, else, once the field was left (blurred), the default code of an incomplete one.
 * A name that is there but fails the shared check gets the "exactly as on your card" text.
 */
export function cardFieldError(
  field: CardField,
  input: CardInput,
  touched: boolean,
  providerCode: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (providerCode) return cardFieldErrorMessage(providerCode);
  if (!touched) return null;
  const code = cardFieldCode(field, input, now);
  if (!code) return null;
  if (field === 'name' && input.name.trim() !== '') return CHECKOUT_MESSAGES.cardNameInvalid;
  return cardFieldErrorMessage(code);
}
