import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { serverClock } from './clock.tables.js';

/**
 * The server's one clock (design §5): every rule that depends on the date (trials, periods,
 * renewals, retries, expiry) asks it, never `new Date()`. In production it is the wall
 * clock. Elsewhere it can be moved forward, like a provider's test clock, so a person or a
 * test can watch a trial convert or a plan expire; the offset is stored in the database, so
 * all instances share it.
 */
export interface Clock {
  now(): Date;
}

export interface MovableClock extends Clock {
  /** Whether `advance` is allowed (never in production). */
  readonly movable: boolean;
  /** The offset from the wall clock, in milliseconds (0 in production). */
  offsetMs(): number;
  /** Moves the clock forward by `ms` (≥ 0); resolves to the new now. */
  advance(ms: number): Promise<Date>;
  /** Reads the offset another instance may have moved. */
  refresh(): Promise<void>;
}

export const WALL_CLOCK: Clock = { now: () => new Date() };

export async function createMovableClock(db: Database, options: { movable: boolean }): Promise<MovableClock> {
  let offset = 0;
  async function refresh(): Promise<void> {
    if (!options.movable) return;
    const [row] = await db.select({ offsetMs: serverClock.offsetMs }).from(serverClock);
    offset = row?.offsetMs ?? 0;
  }
  await refresh();
  return {
    movable: options.movable,
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    refresh,
    async advance(ms) {
      if (!options.movable) throw new Error('the clock cannot be moved in production');
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      const [row] = await db
        .insert(serverClock)
        .values({ id: 1, offsetMs: Math.round(ms) })
        .onConflictDoUpdate({
          target: serverClock.id,
          set: { offsetMs: sql`${serverClock.offsetMs} + ${Math.round(ms)}`, updatedAt: sql`now()` },
        })
        .returning({ offsetMs: serverClock.offsetMs });
      offset = row!.offsetMs;
      return new Date(Date.now() + offset);
    },
  };
}
