import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_unit';
const body = '{"id":"evt_1","type":"payment_intent.succeeded"}';
const sign = (t: number, payload = body, key = secret) =>
  createHmac('sha256', key).update(`${t}.${payload}`).digest('hex');

describe('verifyWebhookSignature', () => {
  const now = 1_800_000_000;

  it('accepts a good signature within the tolerance, among other schemes and signatures', () => {
    expect(verifyWebhookSignature(body, `t=${now},v1=${sign(now)}`, secret, now)).toBeNull();
    expect(verifyWebhookSignature(body, `t=${now - 299},v1=${sign(now - 299)}`, secret, now)).toBeNull();
    const header = `t=${now},v0=abc,v1=${sign(now, body, 'old')},v1=${sign(now)}`;
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, now)).toBeNull();
  });

  it('refuses a timestamp outside five minutes, either way', () => {
    expect(verifyWebhookSignature(body, `t=${now - 301},v1=${sign(now - 301)}`, secret, now)).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(verifyWebhookSignature(body, `t=${now + 301},v1=${sign(now + 301)}`, secret, now)).toBe(
      'timestamp_out_of_tolerance',
    );
  });

  it('refuses another secret, another body and broken headers', () => {
    expect(verifyWebhookSignature(body, `t=${now},v1=${sign(now, body, 'other')}`, secret, now)).toBe(
      'mismatch',
    );
    expect(verifyWebhookSignature(`${body} `, `t=${now},v1=${sign(now)}`, secret, now)).toBe('mismatch');
    expect(verifyWebhookSignature(body, undefined, secret, now)).toBe('missing');
    expect(verifyWebhookSignature(body, `v1=${sign(now)}`, secret, now)).toBe('malformed');
    expect(verifyWebhookSignature(body, `t=${now},v1=zz`, secret, now)).toBe('malformed');
  });
});
