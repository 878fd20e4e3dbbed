import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

/**
 * Fans the socket server's broadcasts (to a user's or a session's room, disconnections) out to every app
 * instance on the same PostgreSQL, through LISTEN/NOTIFY (larger payloads through the
 * socket_io_attachments table of PostgreSQL migration 2). It has its own small asynchronous pool: the
 * repositories' connection is synchronous and cannot wait for notifications (ADR 021d). Returns the close
 * that stops listening and ends the pool.
 */
export function addPostgresFanOut(
  io: Server,
  databaseUrl: string,
  onError: (error: Error) => void,
): () => Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', onError);
  io.adapter(createAdapter(pool, { errorHandler: onError }));
  return async () => {
    // The adapter first (it releases its listening client and stops its timers), then the pool.
    await io.of('/').adapter.close();
    await pool.end();
  };
}
