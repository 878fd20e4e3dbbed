import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { AccountKeyKind, AccountKeyRecord, AccountKeyStore } from '../../contract/users/AccountKeyStore';

interface KeyRow {
  kind: AccountKeyKind;
  email: string;
  user_id: string | null;
  expires_at: number;
}

export function createSqliteAccountKeyStore(db: Database): Synchronous<AccountKeyStore> {
  const insert = db.prepare<[string, AccountKeyKind, string, string | null, number, number]>(
    `INSERT INTO account_keys (key_hash, kind, email, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const valid = db.prepare<[string, string, number], KeyRow>(
    `SELECT kind, email, user_id, expires_at FROM account_keys
     WHERE key_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
  );
  const consume = db.prepare<[number, string, AccountKeyKind, number]>(
    `UPDATE account_keys SET used_at = ? WHERE key_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
  );
  const revokeForUser = db.prepare<[number, string, AccountKeyKind]>(
    'UPDATE account_keys SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL',
  );
  const purgeExpired = db.prepare<[number]>('DELETE FROM account_keys WHERE expires_at < ?');
  return {
    add(keyHash, key) {
      insert.run(keyHash, key.kind, key.email, key.userId, key.expiresAt, Date.now());
    },
    findValid(kind, keyHash, now): AccountKeyRecord | null {
      const row = valid.get(keyHash, kind, now);
      return row
        ? { kind: row.kind, email: row.email, userId: row.user_id, expiresAt: row.expires_at }
        : null;
    },
    consume: (kind, keyHash, now) => consume.run(now, keyHash, kind, now).changes === 1,
    revokeForUser(kind, userId, now) {
      revokeForUser.run(now, userId, kind);
    },
    purgeExpired(now) {
      purgeExpired.run(now);
    },
  };
}
