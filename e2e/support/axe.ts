import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Derived from AxeBuilder so we depend on no package beyond @axe-core/playwright.
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
// Longer than the frames between a dialog's mount and the start of its fade.
const QUIET_MS = 120;

function describe(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`)
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    ...and ${violation.nodes.length - 5} more` : '';
  return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

// Fails on serious or critical violations only, listing each rule and its first offending nodes.
// `include`: a CSS selector to check only that part of the page.
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  // Colours are measured as drawn: a dialog fading in or out blends its text with the page, so
  // wait until no finite transition has run for a while (loaders' endless ones excepted). A
  // moment of quiet, not one look: Mantine mounts a dialog transparent and starts its fade a
  // frame later, and one look can fall in that frame.
  await page.evaluate(() => {
    delete (window as { axeQuietSince?: number }).axeQuietSince;
  });
  await page.waitForFunction(
    (quietMs) => {
      const marker = window as { axeQuietSince?: number };
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
        );
      if (moving) {
        delete marker.axeQuietSince;
        return false;
      }
      marker.axeQuietSince ??= performance.now();
      return performance.now() - marker.axeQuietSince >= quietMs;
    },
    QUIET_MS,
    { timeout: 5_000, polling: 20 },
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  const report = blocking.map(describe).join('\n\n');
  // The count keeps the diff short; the message carries the details.
  expect(blocking.length, `serious/critical axe violations on ${page.url()}:\n\n${report}\n`).toBe(0);
}
