import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Builds the run's database template in a child process (write-database-template.ts, run with
 * tsx and the `source` condition, which Vitest's global setup does not resolve); throws when it
 * fails. Nothing of the server is imported here.
 */
export function runTemplateWriter(kind: 'pglite' | 'postgres', target: string): void {
  const written = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      fileURLToPath(new URL('write-database-template.ts', import.meta.url)),
      kind,
      target,
    ],
    { stdio: 'inherit' },
  );
  if (written.status !== 0) {
    throw new Error(`Could not build the test database template (exit ${written.status ?? written.signal}).`);
  }
}
