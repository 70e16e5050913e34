#!/usr/bin/env node
// `npm run gateway`: the sandbox payment provider alone, configured from the environment.
import { sandboxOptionsFromEnv, SandboxConfigError } from './env.js';
import { startSandbox } from './sandbox.js';
import { StateFolderError } from './state/journal.js';

async function main(): Promise<void> {
  const options = sandboxOptionsFromEnv(process.env);
  const sandbox = await startSandbox(options);
  sandbox.app.log.info(
    `Lectern sandbox payment provider is ready at ${sandbox.publicUrl} (test page: ${sandbox.publicUrl}/test/); ` +
      (sandbox.stateDir ? `state in ${sandbox.stateDir}` : 'state in memory only'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof SandboxConfigError || error instanceof StateFolderError) {
    console.error(`lectern-gateway: ${error.message}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(
      `lectern-gateway: port already in use (${error.message}). Set SANDBOX_PORT to another port.`,
    );
  } else {
    console.error('lectern-gateway: failed to start', error);
  }
  process.exit(1);
});
