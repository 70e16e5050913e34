#!/usr/bin/env node
// `npm test`: everything CI checks, in order of speed, stopping at the first failure:
// lint, typecheck, unit tests, server integration tests on embedded PGlite and on a
// throwaway PostgreSQL cluster, then the browser tests in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');

// Lint and the type check each keep one core busy: they run side by side, their output kept
// apart and printed as each ends.
const together = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
];
const steps = [
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-web']],
  [
    'integration tests (PGlite)',
    'npx',
    ['vitest', 'run', '--project', 'integration', '--project', 'integration-processes'],
  ],
  ['integration tests (PostgreSQL 15)', 'npm', ['run', 'test:integration:postgres']],
  ['build', process.execPath, ['scripts/build.mjs']],
  ['browser tests (Chromium)', 'npm', ['run', 'test', '-w', '@lectern/e2e']],
];

// Check the one system package first, so a missing browser is reported before minutes of tests.
try {
  await ensureChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const started = Date.now();

function runBuffered(name, command, args) {
  return new Promise((resolve) => {
    const stepStart = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, status: status ?? signal, seconds: (Date.now() - stepStart) / 1000 });
    });
  });
}

const results = await Promise.all(together.map(([name, command, args]) => runBuffered(name, command, args)));
for (const result of results) {
  if (result.status !== 0) {
    console.error(`\n✖ ${result.name} failed (exit ${result.status}).`);
    process.exit(typeof result.status === 'number' && result.status > 0 ? result.status : 1);
  }
  console.log(`✔ ${result.name} (${result.seconds.toFixed(1)} s)`);
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - stepStart) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
