import { createServer, request as forward, type Server } from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** Requests each upstream answered, in upstream order. */
  served: number[];
  close(): Promise<void>;
}

/**
 * A load balancer for tests: each request goes to the next upstream in turn (method, path,
 * headers and body as they came; the answer streamed back with its cookies), as a round-robin
 * balancer in front of several server instances does. Loopback only.
 */
export async function startRoundRobinProxy(upstreams: readonly string[], port = 0): Promise<RoundRobinProxy> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    served[index]! += 1;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const upstream = forward(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('upstream failed');
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${listening}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
