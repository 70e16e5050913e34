import { config } from 'zod/v4';

/**
 * What `zod` resolves to in the web app's builds (vite.config.ts). The CSP has no
 * 'unsafe-eval', and zod probes `new Function` when it builds an object schema; the probe is
 * caught but still reported as a CSP violation. Every importer of zod, @lectern/domain
 * included, imports it through here, so the probe is off before any schema is built, in
 * whichever chunk zod first loads.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
