import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const runMain = (env: Record<string, string>) =>
  spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
    {
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-main-')), ...env },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );

describe('starting the server with payments', () => {
  it('refuses to start in production with the sandbox default keys, in one line', () => {
    const result = runMain({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://lectern@127.0.0.1:1/lectern',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^lectern: Invalid configuration: PAYMENTS_SECRET_KEY: the sandbox's default key cannot be used in production/,
    );
  });
});
