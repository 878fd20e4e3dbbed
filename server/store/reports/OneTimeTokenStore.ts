import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';

/** What a one-time token is bound to. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  userId: string;
  sessionId: string;
  prcId: string;
  purpose: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface OneTimeTokenStore {
  save(record: OneTimeTokenRecord): Promise<void>;
  /**
   * Marks the token used and returns it, in one conditional UPDATE: of two requests with the same token
   * exactly one gets the record. Null when unknown, already used or expired at `now`.
   */
  take(tokenHash: string, now: number): Promise<OneTimeTokenRecord | null>;
  /** The token as stored, used or not (null when unknown). */
  find(tokenHash: string): Promise<(OneTimeTokenRecord & { usedAt: number | null }) | null>;
  /** Deletes tokens expired before `before`. */
  purgeExpired(before: number): Promise<void>;
}

/** A `one_time_tokens` row as both adapters read it. */
export interface TokenRow {
  token_hash: string;
  user_id: string;
  session_id: string;
  prc_id: string;
  purpose: string;
  expires_at: number;
  used_at: number | null;
}

export const toOneTimeTokenRecord = (row: TokenRow): OneTimeTokenRecord => ({
  tokenHash: row.token_hash,
  userId: row.user_id,
  sessionId: row.session_id,
  prcId: row.prc_id,
  purpose: row.purpose,
  expiresAt: row.expires_at,
});

export function createSqliteOneTimeTokenStore(db: Database): Synchronous<OneTimeTokenStore> {
  const insert = db.prepare(
    `INSERT INTO one_time_tokens (token_hash, user_id, session_id, prc_id, purpose, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const take = db.prepare<[number, string, number], TokenRow>(
    `UPDATE one_time_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING *`,
  );
  const find = db.prepare<[string], TokenRow>('SELECT * FROM one_time_tokens WHERE token_hash = ?');
  const purge = db.prepare('DELETE FROM one_time_tokens WHERE expires_at < ?');
  return {
    save(record) {
      insert.run(
        record.tokenHash,
        record.userId,
        record.sessionId,
        record.prcId,
        record.purpose,
        record.expiresAt,
      );
    },
    take(tokenHash, now) {
      const row = take.get(now, tokenHash, now);
      return row ? toOneTimeTokenRecord(row) : null;
    },
    find(tokenHash) {
      const row = find.get(tokenHash);
      return row ? { ...toOneTimeTokenRecord(row), usedAt: row.used_at } : null;
    },
    purgeExpired(before) {
      purge.run(before);
    },
  };
}
