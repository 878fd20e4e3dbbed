import {
  API_KEY_COLUMNS,
  apiKeyInsertValues,
  toApiKeyRecord,
  toCompanyApiKeyRecord,
  type ApiKeyRow,
  type ApiKeyStore,
} from '../../contract/apiKeys/ApiKeyStore';
import type { PostgresConnection } from '../PostgresConnection';

/** Personal API keys shared by every instance: revocation is one conditional UPDATE. */
export function createPostgresApiKeyStore(db: PostgresConnection): ApiKeyStore {
  return {
    async add(keyHash, record) {
      await db.run(
        `INSERT INTO api_keys (id, key_hash, user_id, name, prefix, scopes, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [...apiKeyInsertValues(keyHash, record)],
      );
    },
    async findUsable(keyHash, now) {
      const row = await db.one<ApiKeyRow>(
        `SELECT ${API_KEY_COLUMNS} FROM api_keys k
         WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND k.expires_at > $2`,
        [keyHash, now],
      );
      return row ? toApiKeyRecord(row) : null;
    },
    async findByHash(keyHash) {
      const row = await db.one<ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.key_hash = $1`, [
        keyHash,
      ]);
      return row ? toApiKeyRecord(row) : null;
    },
    listForUser: async (userId) =>
      (
        await db.query<ApiKeyRow>(
          `SELECT ${API_KEY_COLUMNS} FROM api_keys k WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id`,
          [userId],
        )
      ).map(toApiKeyRecord),
    listForCompany: async (companyName) =>
      (
        await db.query<ApiKeyRow & { username: string; owner_name: string }>(
          `SELECT ${API_KEY_COLUMNS}, u.username, u.name AS owner_name
           FROM api_keys k JOIN users u ON u.id = k.user_id
           WHERE lower(trim(u.company_name)) = lower(trim($1)) ORDER BY k.created_at DESC, k.id`,
          [companyName],
        )
      ).map(toCompanyApiKeyRecord),
    countUsable: async (userId, now) =>
      (
        await db.one<{ n: number }>(
          'SELECT COUNT(*)::integer AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2',
          [userId, now],
        )
      )?.n ?? 0,
    revokeOwn: async (id, userId, now) =>
      (await db.run(
        'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL',
        [now, id, userId],
      )) === 1,
    revokeInCompany: async (id, companyName, now) =>
      (await db.run(
        `UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL AND user_id IN (
           SELECT id FROM users WHERE lower(trim(company_name)) = lower(trim($3)))`,
        [now, id, companyName],
      )) === 1,
    async touch(id, now, coarseMs) {
      await db.run(
        'UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at <= $3)',
        [now, id, now - coarseMs],
      );
    },
  };
}
