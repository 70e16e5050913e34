import pg from 'pg';

const RETRY_MS = { first: 250, max: 10_000 };
/** How the listening connection names itself to PostgreSQL (`pg_stat_activity`). */
export const LISTENER_APPLICATION_NAME = 'lectern-listen';

interface Subscriber {
  channel: string;
  onMessage: (payload: string) => void;
  onLive: (live: boolean) => void;
  live: boolean;
}

/**
 * Every `listen` of one server on ONE connection of its own (a pooled one would be handed to
 * queries): the sessions, the checkout's buyer facts, search, experiments and the learning
 * pages follow channels, and a connection for each `listen` would make nine. When it drops (or
 * cannot be opened), every subscriber hears `onLive(false)` at once; it reconnects with a growing
 * delay, listens on every channel again, and says `true` once it does. Never throws: without
 * it, subscribers only lose what they keep on the strength of the messages.
 */
export function createPostgresListener(url: string) {
  const subscribers = new Set<Subscriber>();
  let client: pg.Client | null = null;
  // The channels the open connection LISTENs on: a subscriber is live once its channel is one.
  const listened = new Set<string>();
  // The connection being opened, so subscribers that come meanwhile wait for it.
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;
  let closed = false;

  const setLive = (subscriber: Subscriber, live: boolean) => {
    if (subscriber.live === live) return;
    subscriber.live = live;
    subscriber.onLive(live);
  };
  // One command at a time on the connection (node-postgres queues, but warns of overlap).
  let commands: Promise<unknown> = Promise.resolve();
  const command = (on: pg.Client, text: string) => {
    const result = commands.then(() => on.query(text));
    commands = result.catch(() => {});
    return result;
  };
  const channels = () => [...new Set([...subscribers].map((subscriber) => subscriber.channel))];
  const listenOn = async (on: pg.Client, names: string[]) => {
    const fresh = names.filter((name) => !listened.has(name));
    if (fresh.length > 0)
      await command(on, fresh.map((name) => `listen ${pg.escapeIdentifier(name)}`).join('; '));
    if (client !== on) return;
    for (const name of fresh) listened.add(name);
    for (const subscriber of subscribers) if (listened.has(subscriber.channel)) setLive(subscriber, true);
  };

  function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = null;
      listened.clear();
      for (const subscriber of subscribers) setLive(subscriber, false);
      next.end().catch(() => {});
      if (closed || subscribers.size === 0) return;
      retry = setTimeout(() => void ensureConnected(), delay);
      delay = Math.min(delay * 2, RETRY_MS.max);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      for (const subscriber of subscribers) {
        if (subscriber.channel === message.channel) subscriber.onMessage(payload);
      }
    });
    return (async () => {
      try {
        await next.connect();
        await listenOn(next, channels());
      } catch {
        lost();
        return;
      }
      if (client === next) delay = RETRY_MS.first;
    })();
  }

  function ensureConnected(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!connecting) {
      clearTimeout(retry);
      connecting = connect().finally(() => {
        connecting = null;
      });
    }
    return connecting;
  }

  return {
    /** As `DatabaseHandle.listen`: resolves once listening (or once the first try failed). */
    async listen(
      channel: string,
      onMessage: (payload: string) => void,
      onLive: (live: boolean) => void,
    ): Promise<() => Promise<void>> {
      const subscriber: Subscriber = { channel, onMessage, onLive, live: false };
      subscribers.add(subscriber);
      // A connection being opened may have sent its LISTENs before this subscriber came.
      if (connecting) await connecting;
      const open = client;
      if (open) {
        // The connection went meanwhile: `lost` reconnects, and listens on this channel too.
        await listenOn(open, [channel]).catch(() => {});
      } else {
        await ensureConnected();
      }
      return async () => {
        if (!subscribers.delete(subscriber)) return;
        setLive(subscriber, false);
        const current = client;
        if (subscribers.size === 0) {
          clearTimeout(retry);
          client = null;
          listened.clear();
          await current?.end().catch(() => {});
          return;
        }
        if (current && !channels().includes(channel)) {
          listened.delete(channel);
          await command(current, `unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      for (const subscriber of subscribers) setLive(subscriber, false);
      subscribers.clear();
      const current = client;
      client = null;
      listened.clear();
      await current?.end().catch(() => {});
    },
  };
}
