import { API_ERROR_CODES } from '@lectern/domain';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';
import { HttpError } from './http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    timeoutTimer?: NodeJS.Timeout;
  }
}

/**
 * Platform §7 clients give up after 60 s; the server answers by then too (503 in the error
 * contract), so a stuck handler never holds a connection open forever. Node's own
 * requestTimeout covers slow uploads; this covers slow handlers.
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    request.timeoutTimer = setTimeout(() => {
      // An answer that has begun (a large export streaming out) is no stuck handler: the client
      // is receiving it, and a 503 can no longer be sent anyway.
      if (reply.sent || reply.raw.headersSent) return;
      request.log.error({ timeoutMs }, 'request timed out');
      sendError(
        reply,
        new HttpError(503, API_ERROR_CODES.timeout, 'The server took too long to answer. Try again.'),
      );
    }, timeoutMs);
    request.timeoutTimer.unref();
    // 'close' comes after the answer is sent, and also when the client goes away first (a
    // browser leaving a page while a file still streams): neither needs a 503 anymore.
    reply.raw.once('close', () => clearTimeout(request.timeoutTimer));
  });
}
