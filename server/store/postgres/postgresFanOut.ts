import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

/**
 * A pool client's error. The pool handles the errors of its idle clients, and `pool.query` those of the
 * clients it lends; the adapter keeps one client checked out to LISTEN (the one with a 'notification'
 * listener) and attaches no 'error' listener, so a PostgreSQL restart (57P01) would crash the process.
 * Reported here and that client handed back as broken (else the pool waits for it at its end); it then
 * ends, and the adapter connects again (ADR 051).
 */
function lostClient(client: pg.PoolClient, error: Error, onError: (error: Error) => void): void {
  onError(error);
  if (client.listenerCount('notification') === 0) return;
  try {
    client.release(error);
  } catch {
    // already handed back: the pool removes it itself
  }
}

/** The adapter's listening side (@socket.io/postgres-adapter's PubSubClient), as far as closing needs it. */
interface ListeningSide {
  /** The client that has said LISTEN; unset while one is being connected. */
  client?: pg.PoolClient;
  scheduleReconnection(): void;
}

/**
 * Fans the socket server's broadcasts (to a user's or a session's room, disconnections) out to every app
 * instance on the same PostgreSQL, through LISTEN/NOTIFY (larger payloads through the
 * socket_io_attachments table of PostgreSQL migration 2). It has its own small asynchronous pool: the
 * repositories' connection is synchronous and cannot wait for notifications (ADR 049). Returns the close
 * that stops listening and ends the pool.
 */
export function addPostgresFanOut(
  io: Server,
  databaseUrl: string,
  onError: (error: Error) => void,
): () => Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const lent = new Set<pg.PoolClient>();
  let closed = false;
  // The listening client the adapter's own close hands back to the pool (which may then lend it to a query).
  let established: pg.PoolClient | undefined;
  /** Ends the checked-out clients among `clients` that the adapter is still connecting to listen. */
  const endConnectingListeners = (clients: Iterable<pg.PoolClient>) => {
    for (const client of [...clients]) {
      if (client === established || !lent.has(client) || client.listenerCount('notification') === 0) continue;
      client.removeAllListeners('end');
      client.release(true);
    }
  };
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', (error) => lostClient(client, error, onError)));
  pool.on('release', (_error, client) => lent.delete(client));
  pool.on('acquire', (client) => {
    lent.add(client);
    // Lent after the close: a listening client whose connection was under way then, which the adapter's close
    // could not see. The adapter attaches its listener as soon as it holds the client (microtasks).
    if (closed) setImmediate(() => endConnectingListeners([client]));
  });
  io.adapter(createAdapter(pool, { errorHandler: onError }));
  // The adapter's close releases its listening client only once the client has said LISTEN: one still being
  // connected (at the start, or again after the database ended the last one) stays checked out, and
  // `pool.end()` waits for it forever. Such a client is ended here, and no reconnection follows a close. The
  // adapter keeps its listening side in `client`, which its published types do not declare.
  const listening = (io.of('/').adapter as unknown as { client: ListeningSide }).client;
  return async () => {
    closed = true;
    established = listening.client;
    listening.scheduleReconnection = () => undefined;
    await io.of('/').adapter.close();
    endConnectingListeners(lent);
    await pool.end();
  };
}
