import {
  COLLECTOR_MAX_BODY_BYTES,
  COLLECTOR_MAX_QUERY_VALUE_LENGTH,
  COLLECTOR_MESSAGES,
  COLLECTOR_PATH,
  type CollectorResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../platform/http/http-error.js';
import { clientMetricBody, type ClientMetrics } from './client-metrics.js';
import type { TrackingService } from './tracking.service.js';

/**
 * Fastify's own limit sits just above the domain's, so the domain's check answers an
 * oversized batch with its 413 message; anything far beyond is cut off by Fastify (also 413).
 */
const COLLECTOR_BODY_LIMIT = COLLECTOR_MAX_BODY_BYTES + 1024;

/**
 * Platform §7 collector: `POST /api-2.0/ecl?client_key=...&client_version=...` with a
 * text/plain body holding a JSON list of events. Answers 200 when every event was stored,
 * 207 with `failedEvents[{idx, reason}]` when some were refused (the others are stored),
 * 400 or 413 when the body is not a list of at most 100 events or too large (nothing
 * stored), 400 for an unknown client key, 429 with Retry-After past a limit (per visitor, per
 * address in batches and in bytes). CSRF is off: `navigator.sendBeacon` (the flush
 * when a page is hidden) cannot send the `X-CSRFToken` header, and a forged event can do no
 * harm beyond what any visitor may send; the user id comes from the session, never from the
 * body. Registered outside the API scope: its path has no trailing slash.
 */
export const collectorRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (
  app,
  { tracking },
) => {
  const collectorQuery = z.object({
    client_key: z
      .string({ error: COLLECTOR_MESSAGES.unknownClientKey })
      .refine(tracking.isKnownClientKey, COLLECTOR_MESSAGES.unknownClientKey),
    client_version: z
      .string({ error: COLLECTOR_MESSAGES.missingClientVersion })
      .min(1, COLLECTOR_MESSAGES.missingClientVersion)
      .max(COLLECTOR_MAX_QUERY_VALUE_LENGTH, COLLECTOR_MESSAGES.clientVersionTooLong),
  });

  // The body stays a string whatever its content type (text/plain keeps the browser's POST
  // "simple" and beacon-friendly): the domain's batch check parses it and answers every way
  // it can be wrong in the error contract.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: COLLECTOR_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    COLLECTOR_PATH,
    {
      config: { csrf: false },
      bodyLimit: COLLECTOR_BODY_LIMIT,
      schema: { querystring: collectorQuery },
      // An address still within its Retry-After is refused before its body is read.
      onRequest: async (request) => tracking.assertNotRefused(request.ip),
    },
    async (request, reply): Promise<CollectorResponse> => {
      const result = await tracking.collect({
        ip: request.ip,
        clientKey: request.query.client_key,
        clientVersion: request.query.client_version,
        userId: request.userId,
        body: typeof request.body === 'string' ? request.body : '',
      });
      if ('code' in result) throw new HttpError(result.status, result.code, result.detail);
      reply.code(result.status);
      return { failedEvents: result.failedEvents };
    },
  );
};

/**
 * Platform §7: `POST /visits/me/datadog-increment-logs/` `{key, tags}` adds one to a counter of
 * the browser's (errors, redirects, renders, page views), exported at `/metrics`. Open to
 * visitors too; series are bounded (see `client-metrics.ts`). Answers 204.
 */
export const clientMetricsRoutes: FastifyPluginAsyncZod<{ clientMetrics: ClientMetrics }> = async (
  app,
  { clientMetrics },
) => {
  app.post(
    '/visits/me/datadog-increment-logs/',
    { schema: { body: clientMetricBody } },
    async (request, reply) => {
      clientMetrics.increment(request.body.key, request.body.tags);
      return reply.code(204).send();
    },
  );
};
