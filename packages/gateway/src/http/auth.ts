import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationError } from '../core/stripe-error.js';

export type KeyKind = 'secret' | 'publishable';

declare module 'fastify' {
  interface FastifyRequest {
    /** Which sandbox key authenticated this API request. */
    sandboxKey: KeyKind | null;
  }
  interface FastifyContextConfig {
    /** The browser may call this route with the publishable key (as Stripe.js does). */
    publishable?: boolean;
  }
}

export interface ApiKeys {
  secretKey: string;
  publishableKey: string;
}

const redact = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

/** `Authorization: Bearer <key>`, or Basic with the key as user name (curl -u sk_…:). */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim() || null;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.split(':')[0] || null;
  }
  return null;
}

/** Checks the API key on every request of the scope; the publishable key only where allowed. */
export function registerApiKeyAuth(scope: FastifyInstance, keys: ApiKeys): void {
  scope.decorateRequest('sandboxKey', null);
  scope.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const key = presentedKey(request);
    if (!key) {
      throw authenticationError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key === keys.secretKey) {
      request.sandboxKey = 'secret';
      return;
    }
    if (key === keys.publishableKey) {
      if (!request.routeOptions.config.publishable) {
        throw authenticationError(
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
        );
      }
      request.sandboxKey = 'publishable';
      return;
    }
    throw authenticationError(`Invalid API Key provided: ${redact(key)}`);
  });
}
