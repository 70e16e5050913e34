#!/usr/bin/env node
// Makes sure Debian's Chromium is installed, because the e2e suite drives /usr/bin/chromium and
// this machine's closed network cannot download Playwright's own browser builds.
// Usage: node scripts/ensure-chromium.mjs   (or import { ensureChromium } from a script)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const MISSING_MESSAGE = 'Chromium is missing: run "sudo apt-get install -y chromium" (Debian) and try again.';

/** @param {string[]} args */
function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    // Non-interactive so a debconf prompt can never hang CI.
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`apt-get ${args[0]} failed: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed with exit code ${result.status}`);
}

/**
 * Returns the Chromium path once it exists. Installs it with apt-get when running as root;
 * otherwise throws with a one-line instruction for the user.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<string>}
 */
export async function ensureChromium({ log = console.log } = {}) {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) throw new Error(MISSING_MESSAGE);

  log('Chromium is missing; installing Debian package "chromium" with apt-get...');
  aptGet(['update']);
  aptGet(['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  return CHROMIUM_PATH;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await ensureChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
