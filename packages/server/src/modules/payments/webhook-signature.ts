import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default and design §4: a signed webhook older (or newer) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type SignatureProblem = 'missing' | 'malformed' | 'timestamp_out_of_tolerance' | 'mismatch';

/**
 * Verifies `t=<unix>,v1=<hex>[,v1=…]` against HMAC-SHA256(secret, t + "." + rawBody): the
 * timestamp within the tolerance, and any v1 signature equal in constant time. Returns the
 * problem, or null when the signature is good.
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): SignatureProblem | null {
  if (!header) return 'missing';
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) return 'malformed';
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'timestamp_out_of_tolerance';
  const expected = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest();
  // Compare every candidate (no early exit), each in constant time.
  let matched = false;
  for (const signature of signatures) {
    if (signature.length === expected.length && timingSafeEqual(signature, expected)) matched = true;
  }
  return matched ? null : 'mismatch';
}
