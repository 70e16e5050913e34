import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomToken } from '../core/ids.js';
import { invalidRequest } from '../core/stripe-error.js';

export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256CBC-HS512';
/** Encrypted card data older than this is refused (it was captured too long ago). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface EncryptedCardFields {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvc?: string;
  holderName?: string;
  generationtime: string;
}

export interface CardEncryptionKeys {
  /** The public key browsers encrypt with: a JWK with `kid`, `alg` and `use: "enc"`. */
  publicJwk: JWK;
  /** The key pair as a persisted sandbox stores it, to use the same key after a restart. */
  stored: StoredCardEncryptionKey;
  decrypt(jwe: string, param: string): Promise<EncryptedCardFields>;
}

export interface StoredCardEncryptionKey {
  kid: string;
  /** The private RSA key as a JWK (it holds the public half too). */
  privateJwk: JWK;
}

/**
 * The client-side encryption key pair (design §4: the `encrypted_data` credential). A fresh
 * RSA key per sandbox, or the stored one of a persisted sandbox (a server caches the public
 * key, and a restart must not make its cards undecryptable); browsers fetch the public half,
 * the sandbox decrypts what the server forwards. Only JWE compact serialization with
 * RSA-OAEP-256 + A256CBC-HS512 is accepted.
 */
export async function createCardEncryptionKeys(
  stored?: StoredCardEncryptionKey,
): Promise<CardEncryptionKeys> {
  let kid: string;
  let privateJwk: JWK;
  if (stored) {
    ({ kid, privateJwk } = stored);
  } else {
    const pair = await generateKeyPair(JWE_ALG, { modulusLength: 2048, extractable: true });
    kid = `cek_${randomToken(16)}`;
    privateJwk = await exportJWK(pair.privateKey);
  }
  const privateKey = await importJWK({ ...privateJwk, alg: JWE_ALG }, JWE_ALG);
  const { kty, n, e } = privateJwk;
  const publicJwk: JWK = { kty, n, e, kid, alg: JWE_ALG, use: 'enc' };

  return {
    publicJwk,
    stored: { kid, privateJwk },
    async decrypt(jwe, param) {
      const invalid = (why: string) =>
        invalidRequest(`The encrypted card data could not be read: ${why}.`, {
          param,
          code: 'encrypted_data_invalid',
        });
      let plaintext: Uint8Array;
      try {
        const result = await compactDecrypt(jwe, privateKey, {
          keyManagementAlgorithms: [JWE_ALG],
          contentEncryptionAlgorithms: [JWE_ENC],
        });
        if (result.protectedHeader.kid !== undefined && result.protectedHeader.kid !== kid) {
          throw invalid('it was encrypted with another key');
        }
        plaintext = result.plaintext;
      } catch (error) {
        if (error instanceof Error && error.name === 'StripeApiError') throw error;
        throw invalid('it is not a JWE for this sandbox key');
      }
      let fields: unknown;
      try {
        fields = JSON.parse(new TextDecoder().decode(plaintext));
      } catch {
        throw invalid('the payload is not JSON');
      }
      if (typeof fields !== 'object' || fields === null) throw invalid('the payload is not an object');
      const record = fields as Record<string, unknown>;
      for (const key of ['number', 'expiryMonth', 'expiryYear', 'generationtime']) {
        if (typeof record[key] !== 'string') throw invalid(`"${key}" is missing`);
      }
      const generated = Date.parse(record.generationtime as string);
      const age = Date.now() - generated;
      if (!Number.isFinite(generated) || age > MAX_AGE_MS || age < -MAX_CLOCK_SKEW_MS) {
        throw invalidRequest('The encrypted card data has expired; encrypt the card again.', {
          param,
          code: 'encrypted_data_expired',
        });
      }
      return record as unknown as EncryptedCardFields;
    },
  };
}
