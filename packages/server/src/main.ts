#!/usr/bin/env node
import {
  ConfigError,
  DatabaseUnavailableError,
  PaymentsSandboxError,
  createServer,
  loadConfig,
  productionProblems,
  startPaymentsSandbox,
  type PaymentsSandbox,
} from './app.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const problems = productionProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  const server = await createServer(config);
  // The sandbox payment provider runs in this process unless PAYMENTS_API_URL points elsewhere;
  // it is up before the server answers, and delivers its webhooks once the server's URL is known.
  let sandbox: PaymentsSandbox | null = null;
  let url: string;
  try {
    sandbox = await startPaymentsSandbox(config);
    url = await server.listen();
  } catch (error) {
    await Promise.all([server.close(), sandbox?.close()]).catch(() => {});
    throw error;
  }
  sandbox?.deliverWebhooksTo(url, server.webhookEvents());
  if (sandbox) server.app.log.info(`Sandbox payment provider at ${config.payments.publicUrl}`);
  server.app.log.info(
    `${config.brandName} is ready at ${url === `http://localhost:${config.port}` ? config.publicUrl : url}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // If something hangs, do not wait forever.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    Promise.all([server.close(), sandbox?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // Expected start-up failures get one readable line, not a stack trace.
  if (error instanceof ConfigError) {
    console.error(`lectern: ${error.message}`);
  } else if (error instanceof DatabaseUnavailableError || error instanceof PaymentsSandboxError) {
    console.error(`lectern: ${error.message}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`lectern: port already in use (${error.message}). Set PORT to another port.`);
  } else {
    console.error('lectern: failed to start', error);
  }
  process.exit(1);
});
