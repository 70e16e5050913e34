import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request a test receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body (the event). */
  event: { id: string; type: string; created: number; data: { object: Record<string, unknown> } };
}

/**
 * A local HTTP server standing in for a merchant's webhook endpoint (tests): it records every
 * request and answers with what `answer` says (200 by default).
 */
type Answer = { status: number; body?: string };

export async function startWebhookReceiver(
  answer: (received: ReceivedWebhook, index: number) => Answer | Promise<Answer> = () => ({ status: 200 }),
) {
  const received: ReceivedWebhook[] = [];
  let respond = answer;
  let inFlight = 0;
  /** The most requests it was answering at once. */
  let mostAtOnce = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: ReceivedWebhook['event'];
      try {
        event = JSON.parse(body) as ReceivedWebhook['event'];
      } catch {
        event = { id: '', type: '', created: 0, data: { object: {} } };
      }
      const entry = { headers: request.headers, body, event };
      received.push(entry);
      void Promise.resolve(respond(entry, received.length - 1)).then(
        ({ status, body: answerBody = 'ok' }) => {
          inFlight -= 1;
          response.writeHead(status, { 'content-type': 'text/plain' }).end(answerBody);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    mostAtOnce: () => mostAtOnce,
    /** Changes how it answers from now on. */
    answerWith(next: typeof answer) {
      respond = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
