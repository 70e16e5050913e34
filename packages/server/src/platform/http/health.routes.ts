import type { FastifyInstance } from 'fastify';

/**
 * Liveness answers as long as the process runs; readiness also needs the database and
 * turns 503 while shutting down, so a load balancer drains this instance first.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { ping: () => Promise<void>; isShuttingDown: () => boolean },
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    if (deps.isShuttingDown()) return reply.status(503).send({ status: 'shutting_down' });
    try {
      await deps.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'database_unavailable' });
    }
  });
}
