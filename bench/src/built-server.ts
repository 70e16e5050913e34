// The built app (`npm run build`) started as `npm start` would, on a fresh embedded database,
// for the measurements that meet the app as a visitor does.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts packages/server/dist/main.js with `env` on top of this process's; resolves once healthy. */
export async function startBuiltServer(
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-bench-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${url}/healthz/`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 2 minutes');
}
