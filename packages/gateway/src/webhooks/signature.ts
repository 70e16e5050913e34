import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`.
 * Receivers recompute the HMAC over the raw body and compare in constant time.
 */
export function signatureHeader(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
