import type { PostgresMigration } from './PostgresMigration';

/**
 * The table @socket.io/postgres-adapter keeps socket.io broadcasts in that do not fit a NOTIFY payload
 * (over 8000 bytes, or binary); the adapter deletes old rows itself. PostgreSQL only: with SQLite there is
 * one instance and nothing to fan out.
 */
export const socketFanOutMigration: PostgresMigration = {
  version: 2,
  name: 'socket-fan-out',
  sql: `
    CREATE TABLE socket_io_attachments (
      id BIGSERIAL UNIQUE,
      created_at TIMESTAMPTZ DEFAULT now(),
      payload BYTEA
    );
  `,
};
