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
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', (error) => lostClient(client, error, onError)));
  io.adapter(createAdapter(pool, { errorHandler: onError }));
  return async () => {
    // The adapter first (it releases its listening client and stops its timers), then the pool.
    await io.of('/').adapter.close();
    await pool.end();
  };
}
