#!/usr/bin/env node
// Builds what is out of date: domain and server with incremental `tsc -b`, the web app with
// Vite when any of its sources is newer than its last build. `--force` rebuilds the web app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) =>
      name === 'node_modules' || name === 'dist' || name === 'dist-server'
        ? newest
        : Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

run('npx', ['tsc', '-b', 'packages/server/tsconfig.build.json']);

const web = path.join(root, 'packages/web');
// The server-render bundle is written last, so its time says when the whole web build finished.
const builtIndex = path.join(web, 'dist-server/entry-server.js');
const sources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((p) =>
  path.join(web, p),
);
const webSourcesTime = Math.max(
  ...sources.map(newestMtime),
  newestMtime(path.join(root, 'packages/domain/src')),
);
if (force || !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < webSourcesTime) {
  run('npx', ['vite', 'build', '--logLevel', 'warn'], web);
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx'], web);
}
