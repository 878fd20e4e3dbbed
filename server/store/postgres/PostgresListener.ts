import pg from 'pg';

/** Seconds between attempts to make the listening connection again while PostgreSQL cannot be reached. */
const RETRY_MS = 1_000;

/**
 * LISTEN on one connection of its own (a pooled connection goes back to the pool and would stop hearing).
 * Notifications arrive as events and are remembered per channel until taken. A lost connection is made
 * again at once (then every second until it succeeds) and listens again; both the loss and the reconnect
 * count as a notification of every channel, since one may have been sent meanwhile (ADR 051).
 */
export interface PostgresListener {
  listen(channel: string): Promise<void>;
  /** Whether `channel` was notified since the last call; always true while the connection is down. */
  take(channel: string): boolean;
  close(): Promise<void>;
}

export function createPostgresListener(config: pg.ClientConfig): PostgresListener {
  const channels = new Set<string>();
  const notified = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let everConnected = false;
  let closed = false;

  const notifyAll = () => channels.forEach((channel) => notified.add(channel));

  function reconnectLater(delay: number): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connected().catch(() => reconnectLater(RETRY_MS));
    }, delay);
    retry.unref();
  }

  function lost(broken: pg.Client): void {
    if (client !== broken) return;
    client = null;
    broken.end().catch(() => {
      // Already ended by the server.
    });
    notifyAll();
    reconnectLater(0);
  }

  async function open(): Promise<pg.Client> {
    const fresh = new pg.Client(config);
    fresh.on('error', () => lost(fresh));
    fresh.on('end', () => lost(fresh));
    fresh.on('notification', (note) => notified.add(note.channel));
    try {
      await fresh.connect();
      for (const channel of channels) await fresh.query(`LISTEN ${channel}`);
    } catch (error) {
      fresh.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await fresh.end();
      throw new Error('The PostgreSQL connection is closed');
    }
    return fresh;
  }

  function connected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().then(
      (fresh) => {
        client = fresh;
        connecting = null;
        if (everConnected) notifyAll();
        everConnected = true;
        return fresh;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  }

  return {
    async listen(channel) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      if (channels.has(channel) && client) return;
      channels.add(channel);
      const live = await connected();
      await live.query(`LISTEN ${channel}`);
    },
    take(channel) {
      if (!client) {
        if (everConnected) reconnectLater(0);
        return true;
      }
      return notified.delete(channel);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const live = client;
      client = null;
      await live?.end();
    },
  };
}
