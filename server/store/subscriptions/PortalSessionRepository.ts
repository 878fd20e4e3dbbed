import type { Database } from 'better-sqlite3';

/** A billing-portal visit of the built-in test provider: a short-lived link to one user's subscription. */
export interface PortalSessionRecord {
  id: string;
  userId: string;
  returnUrl: string;
  expiresAt: string;
}

export interface PortalSessionRepository {
  create(record: PortalSessionRecord): void;
  /** The session if it exists and has not expired at `now`. */
  live(id: string, now: Date): PortalSessionRecord | null;
}

export function createPortalSessionRepository(db: Database): PortalSessionRepository {
  const insert = db.prepare(
    'INSERT INTO portal_sessions (id, user_id, return_url, expires_at) VALUES (@id, @userId, @returnUrl, @expiresAt)',
  );
  const byId = db.prepare<
    [string, string],
    { id: string; user_id: string; return_url: string; expires_at: string }
  >('SELECT * FROM portal_sessions WHERE id = ? AND expires_at > ?');
  return {
    create: (record) => {
      insert.run(record);
    },
    live: (id, now) => {
      const row = byId.get(id, now.toISOString());
      return row
        ? { id: row.id, userId: row.user_id, returnUrl: row.return_url, expiresAt: row.expires_at }
        : null;
    },
  };
}
