/**
 * @lectern/gateway: the sandbox payment provider. It stands where Stripe stands (design §4):
 * the server talks to it over HTTP with the official `stripe` SDK; browsers load its SDK and
 * hosted pages. Only the server's composition root (and tests) start it in-process.
 */
export {
  startSandbox,
  SANDBOX_API_VERSION,
  DEFAULT_SECRET_KEY,
  DEFAULT_PUBLISHABLE_KEY,
  type Sandbox,
  type SandboxOptions,
} from './sandbox.js';
export type { WebhookEndpointInput } from './resources/events.js';
export { StateFolderError } from './state/journal.js';
export type { DeliveryRecord, RetryPolicy } from './webhooks/delivery.js';
export { signatureHeader } from './webhooks/signature.js';
export { TEST_CARDS, type TestCard } from './cards/test-cards.js';
export { SDK_PATH } from './browser/assets.js';
