import {
  toOneTimeTokenRecord,
  type OneTimeTokenStore,
  type TokenRow,
} from '../../contract/reports/OneTimeTokenStore';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** One-time tokens: `take` is one UPDATE … RETURNING, so of two requests or instances only one gets it. */
export const oneTimeTokenStoreSql: SqlRepositoryDefinition<OneTimeTokenStore> = () => ({
  *save(record) {
    yield* run(
      `INSERT INTO one_time_tokens (token_hash, user_id, session_id, prc_id, purpose, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      record.tokenHash,
      record.userId,
      record.sessionId,
      record.prcId,
      record.purpose,
      record.expiresAt,
    );
  },
  *take(tokenHash, now) {
    const row = yield* one<TokenRow>(
      `UPDATE one_time_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING *`,
      now,
      tokenHash,
      now,
    );
    return row ? toOneTimeTokenRecord(row) : null;
  },
  *find(tokenHash) {
    const row = yield* one<TokenRow>('SELECT * FROM one_time_tokens WHERE token_hash = ?', tokenHash);
    return row ? { ...toOneTimeTokenRecord(row), usedAt: row.used_at } : null;
  },
  *purgeExpired(before) {
    yield* run('DELETE FROM one_time_tokens WHERE expires_at < ?', before);
  },
});
