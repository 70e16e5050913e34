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

describe('starting the server', () => {
  it('exits non-zero with one readable line when the database is unreachable', () => {
    const result = runMain({ DATABASE_URL: 'postgres://lectern@127.0.0.1:1/lectern' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^lectern: Cannot connect to PostgreSQL at 127\.0\.0\.1:1: /);
  });

  it('exits non-zero naming every bad setting', () => {
    const result = runMain({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^lectern: Invalid configuration: PORT: PORT must be a number; LOG_LEVEL: LOG_LEVEL must be one of/,
    );
  });

  it('refuses an unknown NODE_ENV in one line naming it', () => {
    const result = runMain({ NODE_ENV: 'staging' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'lectern: Invalid configuration: NODE_ENV: NODE_ENV must be one of development, test, production',
    ]);
  });
});
