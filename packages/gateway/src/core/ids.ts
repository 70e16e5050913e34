import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes come from a pool refilled in bulk: ids are minted several times per request.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

function randomByte(): number {
  if (offset >= POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  return pool[offset++]!;
}

/** A random base62 string; 24 characters carry about 143 bits. */
export function randomToken(length = 24): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 62 * 4: rejecting the rest keeps every character equally likely.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
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
