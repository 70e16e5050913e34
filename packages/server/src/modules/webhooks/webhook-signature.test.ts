import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newWebhookSecret,
  verifyWebhookSignature,
  webhookSignature,
  webhookSignatureHeader,
} from './webhook-signature.js';

const SECRET = 'whsec_test_secret';
const BODY = '{"id":"evt_1","type":"order.paid"}';

describe('webhook signatures', () => {
  it('signs "t.body" with HMAC-SHA256 in hex, as Stripe does', () => {
    const expected = createHmac('sha256', SECRET).update(`1700000000.${BODY}`).digest('hex');
    expect(webhookSignature(SECRET, 1_700_000_000, BODY)).toBe(expected);
    expect(webhookSignatureHeader([SECRET], 1_700_000_000, BODY)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('carries one v1 per signing secret, and either verifies', () => {
    const header = webhookSignatureHeader([SECRET, 'whsec_old'], 1_700_000_000, BODY);
    expect(header.split(',')).toHaveLength(3);
    const at = { nowSeconds: 1_700_000_010 };
    expect(verifyWebhookSignature(header, BODY, SECRET, at)).toBe(true);
    expect(verifyWebhookSignature(header, BODY, 'whsec_old', at)).toBe(true);
    expect(verifyWebhookSignature(header, BODY, 'whsec_other', at)).toBe(false);
  });

  it('refuses a changed body, a stale or missing timestamp and malformed signatures', () => {
    const header = webhookSignatureHeader([SECRET], 1_700_000_000, BODY);
    expect(verifyWebhookSignature(header, `${BODY} `, SECRET, { nowSeconds: 1_700_000_000 })).toBe(false);
    expect(verifyWebhookSignature(header, BODY, SECRET, { nowSeconds: 1_700_000_301 })).toBe(false);
    expect(verifyWebhookSignature(header, BODY, SECRET, { nowSeconds: 1_699_999_699 })).toBe(false);
    expect(verifyWebhookSignature(header.replace(/^t=\d+,/, ''), BODY, SECRET)).toBe(false);
    expect(verifyWebhookSignature('t=1700000000,v1=zz', BODY, SECRET, { nowSeconds: 1_700_000_000 })).toBe(
      false,
    );
  });

  it('makes secrets with 256 random bits behind whsec_', () => {
    const one = newWebhookSecret();
    expect(one).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(one);
  });
});
