import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES } from '@lectern/domain';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/config.js';
import { sendError } from './error-handler.js';
import { HttpError } from './http-error.js';
import { securityHeadersOf, type SecurityHeadersOptions } from './security-headers.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** proxy-addr's hop rule: the socket's peer and the next `hops - 1` forwarders are proxies. */
const trustNearestHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The Fastify instance with the server's logger, limits, router options, proxy trust and
 * request ids; errors Fastify raises itself answer in the error contract.
 */
export function createFastify(
  config: AppConfig,
  limits: { securityHeaders: SecurityHeadersOptions; bodyLimit: number; requestTimeout: number },
) {
  const frameworkErrorHeaders = securityHeadersOf(limits.securityHeaders);
  return Fastify({
    // Errors Fastify raises before any hook runs (a URL that is not valid percent-encoding):
    // the same contract and headers as every other answer.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, error.message);
      reply.headers(frameworkErrorHeaders);
      sendError(
        reply,
        new HttpError(
          400,
          API_ERROR_CODES.invalidPath,
          'The address is not valid: it holds a malformed percent-encoding.',
        ),
      );
    },
    logger: {
      level: config.logLevel,
      // People starting the demo in a terminal read lines, not JSON; production logs stay JSON.
      ...(config.env === 'development' && process.stdout.isTTY
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    bodyLimit: limits.bodyLimit,
    requestTimeout: limits.requestTimeout,
    // Paths like /api-2.0/x or /api-2.0//x/ still reach their route, where the API path
    // rule answers with a clear 400 outside production instead of a bare 404.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Only configured proxies may say who the client is (TRUST_PROXY); rate limits key on it.
    trustProxy:
      config.trustProxy === false || Array.isArray(config.trustProxy)
        ? config.trustProxy
        : trustNearestHops(config.trustProxy.hops),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
}
