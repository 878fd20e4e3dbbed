import {
  API_KEY_COLUMNS,
  apiKeyInsertValues,
  toApiKeyRecord,
  toCompanyApiKeyRecord,
  type ApiKeyRow,
  type ApiKeyStore,
} from '../../contract/apiKeys/ApiKeyStore';
import { all, one, run, type SqlRepositoryDefinition } from '../SqlWork';

/** The keys of the accounts of one company (the company name compared trimmed and ignoring case). */
const IN_COMPANY = 'SELECT id FROM users WHERE lower(trim(company_name)) = lower(trim(?))';

/** Personal API keys: revocation is one conditional UPDATE. */
export const apiKeyStoreSql: SqlRepositoryDefinition<ApiKeyStore> = () => ({
  *add(keyHash, record) {
    yield* run(
      `INSERT INTO api_keys (id, key_hash, user_id, name, prefix, scopes, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ...apiKeyInsertValues(keyHash, record),
    );
  },
  *findUsable(keyHash, now) {
    const row = yield* one<ApiKeyRow>(
      `SELECT ${API_KEY_COLUMNS} FROM api_keys k
       WHERE k.key_hash = ? AND k.revoked_at IS NULL AND k.expires_at > ?`,
      keyHash,
      now,
    );
    return row ? toApiKeyRecord(row) : null;
  },
  *findByHash(keyHash) {
    const row = yield* one<ApiKeyRow>(
      `SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.key_hash = ?`,
      keyHash,
    );
    return row ? toApiKeyRecord(row) : null;
  },
  *listForUser(userId) {
    const rows = yield* all<ApiKeyRow>(
      `SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.user_id = ? ORDER BY k.created_at DESC, k.id`,
      userId,
    );
    return rows.map(toApiKeyRecord);
  },
  *listForCompany(companyName) {
    const rows = yield* all<ApiKeyRow & { username: string; owner_name: string }>(
      `SELECT ${API_KEY_COLUMNS}, u.username, u.name AS owner_name
       FROM api_keys k JOIN users u ON u.id = k.user_id
       WHERE lower(trim(u.company_name)) = lower(trim(?)) ORDER BY k.created_at DESC, k.id`,
      companyName,
    );
    return rows.map(toCompanyApiKeyRecord);
  },
  *countUsable(userId, now) {
    const row = yield* one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
      userId,
      now,
    );
    return row?.n ?? 0;
  },
  *revokeOwn(id, userId, now) {
    const revoked = yield* run(
      'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL',
      now,
      id,
      userId,
    );
    return revoked === 1;
  },
  *revokeInCompany(id, companyName, now) {
    const revoked = yield* run(
      `UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND user_id IN (${IN_COMPANY})`,
      now,
      id,
      companyName,
    );
    return revoked === 1;
  },
  *touch(id, now, coarseMs) {
    yield* run(
      'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',
      now,
      id,
      now - coarseMs,
    );
  },
});
