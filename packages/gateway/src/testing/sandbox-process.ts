// A sandbox in a process of its own, for tests that kill it (`kill -9` must not lose what it
// answered). Options come as JSON in SANDBOX_TEST_OPTIONS; once listening it prints one line,
// {"url": …, "pid": …}, on stdout. Run it with `node --import tsx`.
import { startSandbox, type SandboxOptions } from '../sandbox.js';

const options = JSON.parse(process.env.SANDBOX_TEST_OPTIONS ?? '{}') as SandboxOptions;
const sandbox = await startSandbox(options);
process.stdout.write(`${JSON.stringify({ url: sandbox.url, pid: process.pid })}\n`);
process.once('SIGTERM', () => {
  void sandbox.close().then(() => process.exit(0));
});
