import type { AccountKeyKind, AccountKeyStore } from '../../contract/users/AccountKeyStore';
import type { PostgresConnection } from '../PostgresConnection';

interface KeyRow {
  kind: AccountKeyKind;
  email: string;
  user_id: string | null;
  expires_at: number;
}

/** Single-use keys: `consume` is one conditional UPDATE, so two instances cannot both use a key. */
export function createPostgresAccountKeyStore(db: PostgresConnection): AccountKeyStore {
  return {
    async add(keyHash, key) {
      await db.run(
        `INSERT INTO account_keys (key_hash, kind, email, user_id, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [keyHash, key.kind, key.email, key.userId, key.expiresAt, Date.now()],
      );
    },
    async findValid(kind, keyHash, now) {
      const row = await db.one<KeyRow>(
        `SELECT kind, email, user_id, expires_at FROM account_keys
         WHERE key_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3`,
        [keyHash, kind, now],
      );
      return row
        ? { kind: row.kind, email: row.email, userId: row.user_id, expiresAt: row.expires_at }
        : null;
    },
    consume: async (kind, keyHash, now) =>
      (await db.run(
        `UPDATE account_keys SET used_at = $1
         WHERE key_hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $1`,
        [now, keyHash, kind],
      )) === 1,
    async revokeForUser(kind, userId, now) {
      await db.run(
        'UPDATE account_keys SET used_at = $1 WHERE user_id = $2 AND kind = $3 AND used_at IS NULL',
        [now, userId, kind],
      );
    },
    async purgeExpired(now) {
      await db.run('DELETE FROM account_keys WHERE expires_at < $1', [now]);
    },
  };
}
