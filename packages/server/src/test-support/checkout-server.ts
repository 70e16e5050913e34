import type { SandboxOptions } from '@lectern/gateway';
import type { CreateServerOptions } from '../app.js';
import type { AppConfig } from '../platform/config/config.js';
import { GATEWAY_WEBHOOK_PATH } from '../modules/payments/payments.routes.js';
import { MAPPED_GATEWAY_EVENTS } from '../modules/payments/stripe-events.js';
import { paymentsConfigFor, startTestSandbox, type Sandbox } from './payments-sandbox.js';
import { startTestServer } from './test-server.js';

export interface ServerWithSandbox {
  sandbox: Sandbox;
  server: Awaited<ReturnType<typeof startTestServer>>;
  /** The server's own address, where the sandbox delivers its webhooks. */
  url: string;
  /** Closes the sandbox first, so no webhook arrives at a stopped server. */
  close(): Promise<void>;
}

/**
 * What a checkout integration test runs against: a sandbox of its own, a listening server on a
 * free port pointed at it, and the sandbox's webhooks (the events the server maps) signed with
 * `webhookSecret` and delivered to that server, as in production.
 */
export async function startServerWithSandbox({
  webhookSecret,
  sandbox: sandboxOptions,
  server: serverOptions,
  config,
}: {
  webhookSecret: string;
  sandbox?: SandboxOptions;
  server?: CreateServerOptions;
  /** Other configuration (e.g. a stand-in web app build). */
  config?: Partial<AppConfig>;
}): Promise<ServerWithSandbox> {
  const sandbox = await startTestSandbox(sandboxOptions);
  let server: ServerWithSandbox['server'] | undefined;
  const close = async () => {
    await sandbox.close();
    await server?.stop();
  };
  try {
    server = await startTestServer(
      { ...config, port: 0, host: '127.0.0.1', payments: paymentsConfigFor(sandbox, webhookSecret) },
      serverOptions,
    );
    const url = await server.listen();
    sandbox.addWebhookEndpoint({
      url: `${url}${GATEWAY_WEBHOOK_PATH}`,
      secret: webhookSecret,
      events: [...MAPPED_GATEWAY_EVENTS],
    });
    return { sandbox, server, url, close };
  } catch (error) {
    // The test never gets `close` when this throws: leave no sandbox or database behind.
    await close();
    throw error;
  }
}
