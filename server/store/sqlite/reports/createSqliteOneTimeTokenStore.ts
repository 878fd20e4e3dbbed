import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import {
  type OneTimeTokenStore,
  type TokenRow,
  toOneTimeTokenRecord,
} from '../../contract/reports/OneTimeTokenStore';

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
