import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 string; 24 characters carry about 143 bits. */
export function randomToken(length = 24): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i]!;
    // 248 = 62 * 4: rejecting the rest keeps every character equally likely.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}

/** Stripe-style object id: `pi_3Nx…`, `cus_…`, `evt_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

/** `pi_…_secret_…`: lets a browser holding only the publishable key act on one intent. */
export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomToken(25)}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
