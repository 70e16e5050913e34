import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppConfig } from '../config/config.js';
import { createPostgresListener } from './postgres-listener.js';

/**
 * The query builder every repository uses. PGlite (embedded) and node-postgres speak the
 * same SQL dialect, so repositories never know which one is underneath. A transaction
 * handle has the same type, so repository functions accept either.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** An open transaction of `Database`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a write can go: the database itself, or an open transaction (to commit with other writes). */
export type Writer = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** The driver underneath, for the few things the query builder cannot do (migration locks). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /**
   * Follows `NOTIFY` messages of `channel` (from any connection, any instance). `onLive`
   * says whether messages are being received: false while the listening connection is down,
   * when some may have been missed, so anything kept on the strength of them must be dropped.
   * Resolves once listening; the function it gives stops (`close` ends every listen).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

export async function openDatabase(config: AppConfig['database']): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') return openPglite(config.dataDir, config.template);
  return openPostgres(config.url);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let client: PGlite;
  try {
    // A template skips initdb, most of what opening an empty database costs (seconds, in WASM).
    client = dataDir
      ? await PGlite.create(dataDir)
      : await PGlite.create(template ? { loadDataDir: template } : {});
  } catch (error) {
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database in ${dataDir ?? 'memory'}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    driver: { kind: 'pglite', client },
    ping: async () => {
      await client.query('select 1');
    },
    // One process, one database: a notification is never missed.
    async listen(channel, onMessage, onLive) {
      const unsubscribe = await client.listen(channel, onMessage);
      onLive(true);
      return async () => {
        onLive(false);
        await unsubscribe();
      };
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const where = new URL(url);
    throw new DatabaseUnavailableError(
      `Cannot connect to PostgreSQL at ${where.hostname}:${where.port || 5432}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const db = drizzlePg(pool) as unknown as Database;
  const listener = createPostgresListener(url);
  return {
    db,
    driver: { kind: 'postgres', pool },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await waitUntilIdle(pool, 5_000);
      await pool.end();
    },
  };
}

/**
 * Shutdown waits for queries still running (a handler whose client hung up keeps working),
 * so the pool is not ended under them; after `timeoutMs` it ends anyway.
 */
async function waitUntilIdle(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pool.totalCount - pool.idleCount + pool.waitingCount > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
