import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { API_ERROR_CODES } from '@lectern/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.js';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One Prometheus registry per server instance (not prom-client's global one, so tests can
 * build many apps in one process). Features register their own counters on it.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, keeps label cardinality bounded.
    const route = request.routeOptions.url ?? (request.is404 ? 'not_found' : 'unknown');
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * `/metrics` on the public port only for a scraper that presents `METRICS_TOKEN` as a bearer
 * token; to anyone else it does not exist (404, like any unknown path). Without a token
 * configured, metrics are only on the METRICS_PORT listener.
 */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string | null): void {
  app.get('/metrics', async (request, reply) => {
    const presented = request.headers.authorization;
    if (!token || typeof presented !== 'string' || !sameText(presented, `Bearer ${token}`)) {
      throw new HttpError(404, API_ERROR_CODES.notFound, 'Not found.');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/**
 * A listener of its own for `/metrics` (METRICS_PORT), meant for a private network or
 * loopback: the public port never shows it. Resolves once listening.
 */
export async function startMetricsListener(
  registry: Registry,
  options: { host: string; port: number },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
