import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@lectern/domain';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64url (256 bits). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `"<timestamp>.<body>"` with the secret (its text, as Stripe's). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/**
 * The `Lectern-Signature` header: `t=<unix seconds>` and one `v1=` per secret that signs now
 * (the current one, and the previous one for a while after a roll).
 */
export function webhookSignatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [
    `t=${timestamp}`,
    ...secrets.map((secret) => `v1=${webhookSignature(secret, timestamp, body)}`),
  ].join(',');
}

/**
 * What a receiver does (the docs show the same): true when one `v1` of the header is the body's
 * signature with `secret` and its `t` is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignature(
  header: string,
  body: string,
  secret: string,
  { nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300 } = {},
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}
