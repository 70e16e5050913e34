import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts serve.ts in a child process and resolves with the URL it prints once listening. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []),
      // No `source` condition: the server and its packages load from their builds (dist), the
      // code `npm start` and production run; only serve.ts itself goes through tsx.
      '--import',
      'tsx',
      SERVE,
    ],
    {
      env: { ...process.env, ...env },
      // stdin is a lifeline: serve.ts exits when it closes. stderr shows the server's warnings.
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(timer);
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not print its URL within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^https?:\/\/\S+$/.exec(line.trim());
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      } else {
        console.log(`[server] ${line}`);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (code ${code}, signal ${signal})`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  // Loopback, whatever address the server bound to.
  const local = new URL(url);
  if (['0.0.0.0', '[::]', '::', 'localhost'].includes(local.hostname)) local.hostname = '127.0.0.1';
  return { url: local.origin, stop };
}
