import { z } from 'zod';

/**
 * The CSP has no 'unsafe-eval'. Zod probes `new Function` when an object schema is built
 * (and the shared schemas are built as soon as @lectern/domain is imported); the probe is
 * caught but still reported as a CSP violation. Importing this module first, before
 * anything that imports the domain, turns the probe off.
 */
z.config({ jitless: true });
