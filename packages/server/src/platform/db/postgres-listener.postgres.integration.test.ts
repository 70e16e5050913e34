// The server's one listening connection (postgres-listener.ts) on a real cluster: every channel
// on it, lost and found again. Runs only where a cluster exists (vitest.config.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresListener, LISTENER_APPLICATION_NAME } from './postgres-listener.js';

const url = process.env.LECTERN_TEST_POSTGRES_URL!;
let admin: pg.Client;
const listeners: ReturnType<typeof createPostgresListener>[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});
afterAll(() => admin.end());

/**
 * How long a notification or a reconnection may take to arrive: far longer than either needs,
 * for a two-core machine busy with other test files (a poll ends as soon as it passes).
 */
const SETTLES = { timeout: 10_000 };

const unique = (name: string) => `${name}_${randomBytes(4).toString('hex')}`;
const notify = (channel: string, payload: string) =>
  admin.query('select pg_notify($1, $2)', [channel, payload]);

/** A subscriber that records what it hears. */
function subscriber() {
  const heard: string[] = [];
  const lives: boolean[] = [];
  return {
    heard,
    lives,
    onMessage: (payload: string) => heard.push(payload),
    onLive: (live: boolean) => lives.push(live),
  };
}

async function listeningBackends(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = $1 and datname = current_database()`,
    [LISTENER_APPLICATION_NAME],
  );
  return rows.map((row) => row.pid);
}

type Subscriber = ReturnType<typeof subscriber>;

/** A listener of its own, with a recording subscriber on each channel (in order), subscribed. */
async function listening<const Channels extends readonly string[]>(...channels: Channels) {
  const listener = createPostgresListener(url);
  listeners.push(listener);
  const subscribers: Subscriber[] = [];
  const stops: (() => Promise<void>)[] = [];
  for (const channel of channels) {
    const heard = subscriber();
    subscribers.push(heard);
    stops.push(await listener.listen(channel, heard.onMessage, heard.onLive));
  }
  return {
    listener,
    subscribers: subscribers as { [K in keyof Channels]: Subscriber },
    stops: stops as { [K in keyof Channels]: () => Promise<void> },
  };
}

describe('createPostgresListener', () => {
  it('follows every channel on one connection, each subscriber hearing its own', async () => {
    const before = (await listeningBackends()).length;
    const [sessions, facts] = [unique('sessions'), unique('facts')];
    const {
      subscribers: [a, b, c],
    } = await listening(sessions, facts, facts);
    expect([a.lives, b.lives, c.lives]).toEqual([[true], [true], [true]]);
    expect((await listeningBackends()).length).toBe(before + 1);

    await notify(sessions, 's1');
    await notify(facts, 'f1');
    await expect.poll(() => [a.heard, b.heard, c.heard], SETTLES).toEqual([['s1'], ['f1'], ['f1']]);
  });

  it('says it is down at once when the connection goes, and listens on every channel again', async () => {
    const others = new Set(await listeningBackends());
    const [first, second] = [unique('first'), unique('second')];
    const {
      subscribers: [a, b],
    } = await listening(first, second);
    const ours = (await listeningBackends()).filter((pid) => !others.has(pid));
    expect(ours).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [ours[0]]);
    await expect.poll(() => a.lives.includes(false) && b.lives.includes(false), SETTLES).toBe(true);
    await expect.poll(() => [a.lives.at(-1), b.lives.at(-1)], SETTLES).toEqual([true, true]);

    await notify(first, 'after');
    await notify(second, 'after');
    await expect.poll(() => [a.heard, b.heard], SETTLES).toEqual([['after'], ['after']]);
  });

  it('stops a channel when its last subscriber stops, and closes', async () => {
    const [kept, dropped] = [unique('kept'), unique('dropped')];
    const {
      listener,
      subscribers: [a, b],
      stops: [, stopDropped],
    } = await listening(kept, dropped);
    await stopDropped();
    expect(b.lives).toEqual([true, false]);
    await notify(dropped, 'unheard');
    await notify(kept, 'heard');
    await expect.poll(() => a.heard, SETTLES).toEqual(['heard']);
    expect(b.heard).toEqual([]);

    await listener.close();
    expect(a.lives).toEqual([true, false]);
  });
});
