// The server of the analytics bench (analytics-scenario.ts), from source in its own process so the
// timings are the server's alone: migrates and seeds the demo (development), listens and prints
// its URL. It exits when its stdin closes (the scenario holds it open).
import { createServer, loadConfig } from '@lectern/server/app';

const server = await createServer(loadConfig(process.env));
const url = await server.listen();
console.log(url);

process.stdin.on('close', () => {
  void server.close().then(() => process.exit(0));
});
process.stdin.resume();
