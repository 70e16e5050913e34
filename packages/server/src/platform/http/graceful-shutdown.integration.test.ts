import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then refuses new connections and closes the database', async () => {
    const server = await startTestServer({ port: 0, host: '127.0.0.1', seedDemoData: false });
    // Shutdown starts once the request is inside its handler (a fixed wait raced a busy machine).
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    server.app.get('/slow-test-route', async () => {
      arrived();
      await sleep(400);
      return { finished: true };
    });
    const url = await server.listen();

    const inFlight = fetch(`${url}/slow-test-route`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await inHandler;
    const closing = server.stop();

    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await closing;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await expect(server.db.execute('select 1')).rejects.toThrow();
  });
});
