import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the API is about its caller (design §6): the course list and detail carry
 * `is_enrolled`, carts and checkout are the buyer's own, the user context is theirs. So no
 * shared cache (a CDN, a proxy, the browser's back-forward cache) may keep one for anyone
 * else: `Cache-Control: private, no-store` and `Vary: Cookie` on every answer of the scope,
 * unless a route says otherwise itself. One rule here instead of a header per route.
 */
export function registerPrivateAnswers(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    const vary = reply.getHeader('vary');
    const values = String(vary ?? '')
      .split(',')
      .map((value) => value.trim().toLowerCase());
    if (!values.includes('cookie')) reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
    return payload;
  });
}
