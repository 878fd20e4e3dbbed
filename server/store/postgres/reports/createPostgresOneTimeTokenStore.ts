import {
  toOneTimeTokenRecord,
  type OneTimeTokenStore,
  type TokenRow,
} from '../../contract/reports/OneTimeTokenStore';
import type { PostgresConnection } from '../PostgresConnection';

/** One-time tokens: `take` is one UPDATE … RETURNING, so of two instances only one gets the token. */
export function createPostgresOneTimeTokenStore(db: PostgresConnection): OneTimeTokenStore {
  return {
    async save(record) {
      await db.run(
        `INSERT INTO one_time_tokens (token_hash, user_id, session_id, prc_id, purpose, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [record.tokenHash, record.userId, record.sessionId, record.prcId, record.purpose, record.expiresAt],
      );
    },
    async take(tokenHash, now) {
      const row = await db.one<TokenRow>(
        `UPDATE one_time_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
         RETURNING *`,
        [now, tokenHash],
      );
      return row ? toOneTimeTokenRecord(row) : null;
    },
    async find(tokenHash) {
      const row = await db.one<TokenRow>('SELECT * FROM one_time_tokens WHERE token_hash = $1', [tokenHash]);
      return row ? { ...toOneTimeTokenRecord(row), usedAt: row.used_at } : null;
    },
    async purgeExpired(before) {
      await db.run('DELETE FROM one_time_tokens WHERE expires_at < $1', [before]);
    },
  };
}
