import type { Database } from 'better-sqlite3';
import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import {
  API_KEY_COLUMNS,
  apiKeyInsertValues,
  toApiKeyRecord,
  toCompanyApiKeyRecord,
  type ApiKeyRow,
  type ApiKeyStore,
} from '../../contract/apiKeys/ApiKeyStore';

export function createSqliteApiKeyStore(db: Database): Synchronous<ApiKeyStore> {
  const insert = db.prepare(
    `INSERT INTO api_keys (id, key_hash, user_id, name, prefix, scopes, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const usable = db.prepare<[string, number], ApiKeyRow>(
    `SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.key_hash = ? AND k.revoked_at IS NULL AND k.expires_at > ?`,
  );
  const byHash = db.prepare<[string], ApiKeyRow>(
    `SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.key_hash = ?`,
  );
  const ofUser = db.prepare<[string], ApiKeyRow>(
    `SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.user_id = ? ORDER BY k.created_at DESC, k.id`,
  );
  const ofCompany = db.prepare<[string], ApiKeyRow & { username: string; owner_name: string }>(
    `SELECT ${API_KEY_COLUMNS}, u.username, u.name AS owner_name FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE lower(trim(u.company_name)) = lower(trim(?)) ORDER BY k.created_at DESC, k.id`,
  );
  const countUsable = db.prepare<[string, number], number>(
    'SELECT COUNT(*) FROM api_keys WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
  );
  const revokeOwn = db.prepare(
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL',
  );
  const revokeInCompany = db.prepare(
    `UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND user_id IN (
       SELECT id FROM users WHERE lower(trim(company_name)) = lower(trim(?)))`,
  );
  const touch = db.prepare(
    'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',
  );
  return {
    add(keyHash, record) {
      insert.run(...apiKeyInsertValues(keyHash, record));
    },
    findUsable(keyHash, now) {
      const row = usable.get(keyHash, now);
      return row ? toApiKeyRecord(row) : null;
    },
    findByHash(keyHash) {
      const row = byHash.get(keyHash);
      return row ? toApiKeyRecord(row) : null;
    },
    listForUser: (userId) => ofUser.all(userId).map(toApiKeyRecord),
    listForCompany: (companyName) => ofCompany.all(companyName).map(toCompanyApiKeyRecord),
    countUsable: (userId, now) => countUsable.pluck().get(userId, now) as number,
    revokeOwn: (id, userId, now) => revokeOwn.run(now, id, userId).changes === 1,
    revokeInCompany: (id, companyName, now) => revokeInCompany.run(now, id, companyName).changes === 1,
    touch(id, now, coarseMs) {
      touch.run(now, id, now - coarseMs);
    },
  };
}
