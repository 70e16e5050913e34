import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin (and the
 * payment provider's SDK), no inline scripts or eval; inline styles only with the per-request
 * nonce (the UI library injects its CSS variables in one nonce'd style tag). Helmet generates
 * the nonces.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; paymentsOrigin?: string },
) {
  // The payment provider's browser SDK is a script from its origin; it calls the provider's
  // API and shows 3-D Secure and wallet sheets in frames from there (design §4).
  const payments = options.paymentsOrigin ? [options.paymentsOrigin] : [];
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payments],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...payments],
        frameSrc: ["'self'", ...payments],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
}
