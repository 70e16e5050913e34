import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * A fresh CSP nonce for this response, added to `script-src` and `style-src` of its
     * Content-Security-Policy. Only HTML documents need one; JSON answers never pay for it.
     */
    useCspNonce(): string;
  }
}

export interface SecurityHeadersOptions {
  production: boolean;
  /** The payment provider's origin (its browser SDK, API calls and 3-D Secure frames). */
  paymentsOrigin?: string;
}

/**
 * The policy as directive → sources; the nonce, when used (an HTML page), joins script-src and
 * style-src, and style attributes are allowed.
 */
function cspDirectives(options: SecurityHeadersOptions, nonce?: string): string {
  // The payment provider's browser SDK is a script from its origin; it calls the provider's
  // API and shows 3-D Secure and wallet sheets in frames from there (design §4).
  const payments = options.paymentsOrigin ? ` ${options.paymentsOrigin}` : '';
  const withNonce = nonce ? ` 'nonce-${nonce}'` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${payments}${withNonce}`,
    `style-src 'self'${withNonce}`,
    // Server-rendered HTML carries the UI library's style attributes (CSS variables such as a
    // grid's gutter); <style> elements still need the nonce (decision 0025).
    ...(nonce ? ["style-src-attr 'unsafe-inline'"] : []),
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${payments}`,
    `frame-src 'self'${payments}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin (and the
 * payment provider's SDK), no inline scripts or eval; inline styles only with a per-document
 * nonce (the UI library injects its CSS variables in one nonce'd style tag).
 *
 * Every header is computed once at start: a request only copies them. (Helmet rebuilt the
 * policy string and drew two nonces on every request, JSON included: ~5% of the CPU of a
 * cart read, see decision 0009.)
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const headers = securityHeadersOf(options);
  app.decorateReply('useCspNonce', function (this: FastifyReply) {
    const nonce = randomBytes(16).toString('hex');
    this.header('content-security-policy', cspDirectives(options, nonce));
    return nonce;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers every answer carries, computed once (also for answers that skip the hooks: framework errors). */
export function securityHeadersOf(options: SecurityHeadersOptions): Record<string, string> {
  return {
    'content-security-policy': cspDirectives(options),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
