import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox.js';
import { sandboxApi, waitFor } from '../testing/sandbox-api.js';

const RUNNER = fileURLToPath(new URL('../testing/sandbox-process.ts', import.meta.url));
const SECRET = 'whsec_crash_test';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The sandbox in a child process (TypeScript through tsx), as a separate provider process. */
async function spawnSandbox(options: SandboxOptions): Promise<{ child: ChildProcess; sandbox: Sandbox }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', RUNNER], {
    env: { ...process.env, SANDBOX_TEST_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`sandbox process exited with ${String(code)}`);
    }),
  ])) as [string];
  const { url } = JSON.parse(first) as { url: string };
  // Only what the test client needs: the URL and the default keys.
  const sandbox = { url, secretKey: 'sk_test_lectern_sandbox' } as Sandbox;
  return { child, sandbox };
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  const [, signal] = await exited;
  expect(signal).toBe('SIGKILL');
}

describe('persisted sandbox killed with SIGKILL', () => {
  it('keeps every payment it answered, its idempotency keys and its pending webhooks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-sandbox-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // Webhooks go to a port where nothing listens yet: they stay pending.
    const parked = createServer();
    await new Promise<void>((resolve) => parked.listen(0, '127.0.0.1', resolve));
    const { port } = parked.address() as AddressInfo;
    await new Promise((resolve) => parked.close(resolve));
    const webhooks = [
      { url: `http://127.0.0.1:${port}/hooks`, secret: SECRET, events: ['payment_intent.succeeded'] },
    ];
    const webhookRetry = { initialDelayMs: 50, maxDelayMs: 200, attemptTimeoutMs: 1000 };

    const { child, sandbox: remote } = await spawnSandbox({ stateDir: dir, port: 0, webhooks, webhookRetry });
    const api = sandboxApi(remote);
    const opened: string[] = [];
    for (let i = 0; i < 6; i++) {
      const pi = await api.post(
        '/v1/payment_intents',
        { amount: String(1000 + i), currency: 'usd', metadata: { payment_attempt_id: `att_${i}` } },
        { 'idempotency-key': `create-${i}` },
      );
      opened.push(pi.body.id);
    }
    // Confirm them all at once and kill the process the moment the first answer arrives.
    const answered: Record<string, unknown>[] = [];
    let killed: Promise<void> | null = null;
    const confirms = opened.map((id, i) =>
      api
        .post(
          `/v1/payment_intents/${id}/confirm`,
          { payment_method: 'pm_card_visa' },
          { 'idempotency-key': `confirm-${i}` },
        )
        .then((response) => {
          if (response.status === 200) answered.push(response.body);
          killed ??= killHard(child);
        })
        .catch(() => {}),
    );
    await Promise.all(confirms);
    await killed;
    expect(answered.length).toBeGreaterThan(0);

    const receiver: { bodies: string[]; server: Server } = { bodies: [], server: createServer() };
    receiver.server.on('request', (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        receiver.bodies.push(body);
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => receiver.server.close(() => resolve())));

    const sandbox = await startSandbox({ stateDir: dir, webhooks, webhookRetry });
    cleanups.push(() => sandbox.close());
    const local = sandboxApi(sandbox);
    for (const id of opened) {
      expect((await local.get(`/v1/payment_intents/${id}`)).status).toBe(200);
    }
    for (const before of answered) {
      const after = (await local.get(`/v1/payment_intents/${String(before.id)}`)).body;
      expect(after).toEqual(before);
      expect(after.status).toBe('succeeded');
      // Retried by the app after the crash: the same answer, no second charge.
      const i = opened.indexOf(after.id);
      const retry = await local.post(
        `/v1/payment_intents/${after.id}/confirm`,
        { payment_method: 'pm_card_visa' },
        { 'idempotency-key': `confirm-${i}` },
      );
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(before);
      expect((await local.get('/v1/charges', { payment_intent: after.id })).body.data).toHaveLength(1);
      // Its webhook, pending at the crash, arrives now.
      await waitFor(() => receiver.bodies.find((body) => body.includes(after.id)));
    }
    const created = await local.post(
      '/v1/payment_intents',
      { amount: '1000', currency: 'usd', metadata: { payment_attempt_id: 'att_0' } },
      { 'idempotency-key': 'create-0' },
    );
    expect(created.body.id).toBe(opened[0]);
  });
});
