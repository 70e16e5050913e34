import {
  constants,
  createCipheriv,
  createHmac,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  type JsonWebKey,
} from 'node:crypto';
import { startSandbox, type Sandbox, type SandboxOptions } from '@lectern/gateway';
import type { PaymentsConfig } from '../platform/config/config.js';

// Tests under modules/ reach the sandbox only through this file (lint keeps @lectern/gateway
// out of the modules).
export { TEST_CARDS, type Sandbox } from '@lectern/gateway';

/**
 * A sandbox payment provider of the test's own, on a free port (never SANDBOX_PORT, so test
 * files running in parallel do not collide), with fast webhook retries and settlement.
 */
export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    settlementDelayMs: 50,
    degradedDelayMs: 20,
    webhookRetry: { initialDelayMs: 50, maxDelayMs: 500, attemptTimeoutMs: 2_000 },
    ...options,
  });
}

/** The `payments` config override that points a test server at `sandbox`. */
export function paymentsConfigFor(sandbox: Sandbox, webhookSecret = 'whsec_test_secret'): PaymentsConfig {
  return {
    apiUrl: sandbox.url,
    sandbox: null,
    secretKey: sandbox.secretKey,
    publishableKey: sandbox.publishableKey,
    webhookSecret,
    publicUrl: sandbox.publicUrl,
  };
}

/** The environment that points a server process at this provider (crash and multi-instance tests). */
export function paymentsEnvFor(payments: PaymentsConfig): Record<string, string> {
  return {
    PAYMENTS_API_URL: payments.apiUrl,
    PAYMENTS_PUBLIC_URL: payments.publicUrl,
    PAYMENTS_SECRET_KEY: payments.secretKey,
    PAYMENTS_PUBLISHABLE_KEY: payments.publishableKey,
    PAYMENTS_WEBHOOK_SECRET: payments.webhookSecret,
  };
}

/**
 * Plays the customer on a hosted page (3-D Secure, BNPL, bank, voucher): posts the verdict the
 * page's buttons post, without a browser.
 */
export async function answerHostedPage(
  pageUrl: string,
  verdict: 'complete' | 'fail' | 'approve' | 'decline' | 'paid' | 'expire',
): Promise<{ status: string; redirect_url: string | null }> {
  const url = new URL(pageUrl);
  const action = url.pathname.split('/').pop();
  const response = await fetch(`${url.origin}/hosted/api/actions/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ verdict }),
  });
  if (!response.ok) throw new Error(`hosted page answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { status: string; redirect_url: string | null };
}

/** Calls a sandbox control (`/v1/sandbox/...`) with the secret key. */
export async function sandboxControl(
  sandbox: Sandbox,
  path: string,
  params: Record<string, string | number>,
) {
  const response = await fetch(`${sandbox.url}/v1/sandbox/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });
  if (!response.ok) throw new Error(`sandbox control ${path} answered ${response.status}`);
  return response.json();
}

/** Stripe's form encoding of nested parameters: `billing_details[address][city]=…`. */
function formEncode(params: Record<string, unknown>, prefix = '', out = new URLSearchParams()) {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (typeof value === 'object') formEncode(value as Record<string, unknown>, name, out);
    else out.append(name, String(value));
  }
  return out;
}

/**
 * Calls the sandbox's API with the publishable key, as the browser SDK does (creating a
 * BNPL payment method, confirming with a client secret).
 */
export async function sandboxAsBrowser(
  sandbox: Sandbox,
  path: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: string }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: formEncode(params).toString(),
  });
  const body = (await response.json()) as Record<string, unknown> & { id: string };
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Encrypts card fields as the browser SDK does for the `encrypted_data` credential: a compact
 * JWE, RSA-OAEP-256 key wrap and A256CBC-HS512 content encryption (RFC 7516/7518), with the
 * public key the checkout config hands out. Written on node:crypto so tests need no JOSE library.
 */
export function encryptTestCard(
  publicJwkJson: string,
  card: { number: string; expiryMonth: string; expiryYear: string; cvc?: string; holderName?: string },
): string {
  const jwk = JSON.parse(publicJwkJson) as JsonWebKey & { kid?: string };
  const header = base64url(JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256CBC-HS512', kid: jwk.kid }));
  const cek = randomBytes(64);
  const [macKey, encKey] = [cek.subarray(0, 32), cek.subarray(32)];
  const encryptedKey = publicEncrypt(
    {
      key: createPublicKey({ key: jwk, format: 'jwk' }),
      oaepHash: 'sha256',
      padding: constants.RSA_PKCS1_OAEP_PADDING,
    },
    cek,
  );
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', encKey, iv);
  const plaintext = JSON.stringify({ ...card, generationtime: new Date().toISOString() });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const aad = Buffer.from(header, 'ascii');
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length * 8));
  const tag = createHmac('sha512', macKey)
    .update(Buffer.concat([aad, iv, ciphertext, aadBits]))
    .digest()
    .subarray(0, 32);
  return [header, base64url(encryptedKey), base64url(iv), base64url(ciphertext), base64url(tag)].join('.');
}
