import { request as httpRequest } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_ERROR_CODES } from '@lectern/domain';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRequestTimeout } from './request-timeout.js';

const TIMEOUT_MS = 150;

/** A server with the timeout, whose error logs the test reads. */
async function serverWithLogs() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const app = Fastify({ logger: { level: 'error', stream } });
  registerRequestTimeout(app, TIMEOUT_MS);
  app.get('/stuck', () => new Promise(() => {}));
  // A file-like body that never ends, as a large asset on a slow link.
  app.get('/streaming', (_request, reply) => {
    const body = new Readable({ read() {} });
    body.push('first chunk');
    return reply.type('text/plain').send(body);
  });
  // A long download that keeps sending: a chunk every 50 ms, past the timeout, then its end.
  app.get('/long-download', (_request, reply) => {
    const body = new Readable({ read() {} });
    let sent = 0;
    const timer = setInterval(() => {
      sent += 1;
      body.push(`chunk ${sent}\n`);
      if (sent === 8) {
        clearInterval(timer);
        body.push(null);
      }
    }, 50);
    return reply.type('text/plain').send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, timedOut: () => lines.filter((line) => line.includes('request timed out')).length };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('request timeout', () => {
  it('answers a stuck handler with 503 in the error contract', async () => {
    const { app, url, timedOut } = await serverWithLogs();
    close = () => app.close();
    const response = await fetch(`${url}/stuck`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: API_ERROR_CODES.timeout });
    expect(timedOut()).toBe(1);
  });

  it('forgets a request whose client went away mid-answer: no 503, no error', async () => {
    const { app, url, timedOut } = await serverWithLogs();
    close = () => app.close();
    await new Promise<void>((resolve, reject) => {
      const client = httpRequest(`${url}/streaming`, (response) => {
        response.once('data', () => {
          client.destroy();
          resolve();
        });
      });
      client.on('error', reject);
      client.end();
    });
    await sleep(TIMEOUT_MS * 3);
    expect(timedOut()).toBe(0);
  });

  it('lets an answer that has begun stream on past the timeout, whole', async () => {
    const { app, url, timedOut } = await serverWithLogs();
    close = () => app.close();
    const response = await fetch(`${url}/long-download`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body.trim().split('\n')).toHaveLength(8);
    expect(timedOut()).toBe(0);
  });
});
