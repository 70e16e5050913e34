// A throwaway PostgreSQL 15 cluster for tests and benchmarks: a temp dir, initdb, pg_ctl start on a
// free loopback port, and stop() that removes everything. Tuned for speed, never for durability.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, appendFileSync, rmSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.LECTERN_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * @typedef {object} PostgresCluster
 * @property {string} url  postgres://postgres@127.0.0.1:PORT/postgres
 * @property {(name: string) => Promise<string>} createDatabase  creates a database, returns its URL
 * @property {() => Promise<void>} stop  pg_ctl stop -m fast, then removes the temp dir (idempotent)
 */

/**
 * @typedef {object} StartOptions
 * @property {boolean} [exitOnSignal]  on SIGINT/SIGTERM stop the cluster and exit (default true);
 *   pass false when the caller handles signals itself (e.g. to wait for a child first).
 */

const TEST_SETTINGS = {
  listen_addresses: "'127.0.0.1'",
  max_connections: '200',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  shared_buffers: "'128MB'",
  log_min_messages: 'warning',
};

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function lastLine(text) {
  const lines = String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}

/**
 * Runs a command to completion; rejects with a one-line error naming the command.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<string>} stdout
 */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(new Error(`${command} failed to start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(new Error(`${command} ${args[0] ?? ''} exited with ${code}: ${lastLine(stderr || stdout)}`));
    });
  });
}

/**
 * Starts a fresh cluster. Postgres refuses to run as root, so as root the server binaries run as the
 * `postgres` system user and the temp dir is handed to it.
 * @param {StartOptions} [options]
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgresCluster({ exitOnSignal = true } = {}) {
  for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(PG_BIN, binary))) {
      throw new Error(
        `PostgreSQL 15 server is missing (${join(PG_BIN, binary)} not found): ` +
          'run "sudo apt-get install -y postgresql-15" (Debian) and try again.',
      );
    }
  }

  const asRoot = process.getuid?.() === 0;
  let owner;
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0 || gid.status !== 0) {
      throw new Error('Running as root but there is no "postgres" system user to run PostgreSQL as.');
    }
    owner = { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }

  /** Runs a PostgreSQL server binary, as the postgres user when we are root. */
  const pg = (binary, args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, binary), ...args])
      : run(join(PG_BIN, binary), args);

  // /tmp is world-traversable, so the postgres user can reach its dir even when we are root.
  const dir = mkdtempSync(join(tmpdir(), 'lectern-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (owner) chownSync(dir, owner.uid, owner.gid);

  let stopped = false;

  // Synchronous so it also works from process.on('exit').
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    removeHooks();
    // postmaster.pid exists while a server runs, even one whose pg_ctl start timed out.
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      const args = ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'];
      const command = asRoot ? 'runuser' : join(PG_BIN, 'pg_ctl');
      spawnSync(command, asRoot ? ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), ...args] : args, {
        stdio: 'ignore',
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const onSignal = (signal) => {
    stopSync();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const removeHooks = () => {
    process.off('exit', stopSync);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('exit', stopSync);
  if (exitOnSignal) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  try {
    await pg('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const settings = Object.entries({ ...TEST_SETTINGS, unix_socket_directories: `'${dir}'` })
      .map(([key, value]) => `${key} = ${value}`)
      .join('\n');
    // Appending keeps the file's owner (postgres) even when we write as root.
    appendFileSync(join(dataDir, 'postgresql.conf'), `\n# lectern throwaway cluster\n${settings}\n`);

    // Another process may grab the port between freePort() and pg_ctl start; retry a few times.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await pg('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port}`]);
        break;
      } catch (error) {
        if (attempt >= 3) {
          const log = existsSync(logFile) ? lastLine(readFileSync(logFile, 'utf8')) : '';
          throw new Error(
            `PostgreSQL did not start: ${log || (error instanceof Error ? error.message : error)}`,
            { cause: error },
          );
        }
      }
    }

    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      async createDatabase(name) {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
        await run(join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        stopSync();
      },
    };
  } catch (error) {
    stopSync();
    throw error;
  }
}
