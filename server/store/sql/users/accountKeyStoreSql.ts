import type { AccountKeyKind, AccountKeyStore } from '../../contract/users/AccountKeyStore';
import { one, run, type SqlRepositoryDefinition } from '../SqlWork';

interface KeyRow {
  kind: AccountKeyKind;
  email: string;
  user_id: string | null;
  expires_at: number;
}

/** Single-use keys: `consume` is one conditional UPDATE, so two requests cannot both use a key. */
export const accountKeyStoreSql: SqlRepositoryDefinition<AccountKeyStore> = () => ({
  *add(keyHash, key) {
    yield* run(
      'INSERT INTO account_keys (key_hash, kind, email, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      keyHash,
      key.kind,
      key.email,
      key.userId,
      key.expiresAt,
      Date.now(),
    );
  },
  *findValid(kind, keyHash, now) {
    const row = yield* one<KeyRow>(
      `SELECT kind, email, user_id, expires_at FROM account_keys
       WHERE key_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
      keyHash,
      kind,
      now,
    );
    return row ? { kind: row.kind, email: row.email, userId: row.user_id, expiresAt: row.expires_at } : null;
  },
  *consume(kind, keyHash, now) {
    const used = yield* run(
      'UPDATE account_keys SET used_at = ? WHERE key_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?',
      now,
      keyHash,
      kind,
      now,
    );
    return used === 1;
  },
  *revokeForUser(kind, userId, now) {
    yield* run(
      'UPDATE account_keys SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL',
      now,
      userId,
      kind,
    );
  },
  *purgeExpired(now) {
    yield* run('DELETE FROM account_keys WHERE expires_at < ?', now);
  },
});
