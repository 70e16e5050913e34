import { z } from 'zod';

/**
 * The CSP has no 'unsafe-eval'. Zod probes `new Function` to decide whether it may compile
 * validators; the probe is caught but still reported as a CSP violation, so turn it off.
 * Must run before the first schema parses.
 */
export function configureForStrictCsp(): void {
  z.config({ jitless: true });
}
