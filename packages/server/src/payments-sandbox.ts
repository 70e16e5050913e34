import path from 'node:path';
import { startSandbox, type Sandbox } from '@lectern/gateway';
import { appOrigins } from './platform/config/app-origins.js';
import type { AppConfig } from './platform/config/config.js';
import { GATEWAY_WEBHOOK_PATH } from './modules/payments/payments.routes.js';
import { MAPPED_GATEWAY_EVENTS } from './modules/payments/stripe-events.js';

/** The in-process sandbox could not start (its port is taken, most often). */
export class PaymentsSandboxError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentsSandboxError';
  }
}

export interface PaymentsSandbox {
  sandbox: Sandbox;
  /** Sends the sandbox's webhooks of these event types (default: every mapped one) to this server. */
  deliverWebhooksTo(serverUrl: string, events?: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * Starts the sandbox payment provider in this process when the configuration asks for it
 * (PAYMENTS_API_URL unset), on SANDBOX_PORT of SANDBOX_HOST (loopback by default). Returns null
 * when the provider runs elsewhere; never runs in production (productionProblems refuses it first).
 */
export async function startPaymentsSandbox(config: AppConfig): Promise<PaymentsSandbox | null> {
  if (!config.payments.sandbox) return null;
  if (config.isProduction) {
    throw new PaymentsSandboxError(
      'the sandbox payment provider does not run in production. Set PAYMENTS_API_URL to your payment provider.',
    );
  }
  const { port, host } = config.payments.sandbox;
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host,
      publicUrl: config.payments.publicUrl,
      secretKey: config.payments.secretKey,
      publishableKey: config.payments.publishableKey,
      appOrigins: appOrigins(config),
      // Its payments, idempotency keys and pending webhooks outlive restarts and crashes, as a
      // real provider's do, so reconciliation after a crash finds what it charged.
      stateDir: path.join(config.dataDir, 'sandbox'),
      testPage: true,
      logger: { level: config.logLevel === 'silent' ? 'silent' : 'warn' },
    });
  } catch (error) {
    const inUse = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
    throw new PaymentsSandboxError(
      inUse
        ? `the sandbox payment provider's port ${port} is already in use. Set SANDBOX_PORT to another port, or PAYMENTS_API_URL to a running provider.`
        : `the sandbox payment provider did not start: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    sandbox,
    deliverWebhooksTo(serverUrl, events = MAPPED_GATEWAY_EVENTS) {
      // Loopback: the sandbox is in this very process.
      const url = new URL(GATEWAY_WEBHOOK_PATH, serverUrl);
      if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
      sandbox.addWebhookEndpoint({
        url: url.toString(),
        secret: config.payments.webhookSecret,
        events: [...events],
      });
    },
    close: () => sandbox.close(),
  };
}
