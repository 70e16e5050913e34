import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

/** Names the run's bundle of the server (server-bundle.global-setup.ts); unset: run from source with tsx. */
export const SERVER_BUNDLE_ENV = 'LECTERN_TEST_SERVER_BUNDLE';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** Resolves when the process ends, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote, for failure messages. */
  output(): string;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * How long a server process may take to answer /healthz. A start takes 6 to 9 s of CPU (loading
 * the server, PGlite opening its files), so on a two-core machine busy with other test files it
 * took over 60 s; the tests that start processes allow 120 s each (vitest.config.ts), and this
 * fails first, with the process's output.
 */
const START_TIMEOUT_MS = 100_000;

/**
 * The real server (`src/main.ts`: the run's bundle of it, else from source with tsx) in a child
 * process, as `npm start` runs it, with `env` on top of a test environment. Resolves once it
 * answers /healthz; fails as soon as it exits.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const entry = bundle ? [bundle] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const started = Date.now();
  for (;;) {
    if (ended) throw new Error(`the server process ended while starting:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    // Nothing listens until it is ready: a refused connection costs next to nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, exited, output: () => output, kill: (signal = 'SIGTERM') => void child.kill(signal) };
}

/**
 * A browser-like HTTP client for a listening server: keeps cookies, echoes the CSRF cookie in
 * X-CSRFToken and sends the site's Origin on unsafe requests, as the web app does.
 */
export function createHttpClient(baseUrl: string) {
  const jar = new Map<string, string>();
  const csrf = () => jar.get('__Host-csrftoken') ?? jar.get('csrftoken');

  async function request(
    method: string,
    pathname: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    if (method !== 'GET' && !csrf()) await request('GET', '/api-2.0/contexts/me/');
    const headers: Record<string, string> = { ...extraHeaders };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') {
      headers.origin = new URL(baseUrl).origin;
      headers['x-csrftoken'] = csrf() ?? '';
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, data: parseBody(text) };
  }

  return {
    jar,
    request,
    get: (pathname: string) => request('GET', pathname),
    post: (pathname: string, body?: unknown) => request('POST', pathname, body),
    patch: (pathname: string, body?: unknown) => request('PATCH', pathname, body),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function parseBody(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
