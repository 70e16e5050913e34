import { ensureChromium } from '../../scripts/ensure-chromium.mjs';

// Installs Debian's Chromium when running as root (fresh CI machine), else fails with one line.
export default async function globalSetup(): Promise<void> {
  await ensureChromium();
}
