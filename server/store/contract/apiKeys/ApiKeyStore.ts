import type { ApiKeyScope } from '../../../../src/contract/ApiKeys';

/** A stored personal API key (only its hash is kept). Times are epoch milliseconds. */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** A key with its owner, as a company's administrators list them. */
export interface CompanyApiKeyRecord extends ApiKeyRecord {
  ownerUsername: string;
  ownerName: string;
}

/** Keys of personal API access (ADR 025). Revocation and last use are single conditional UPDATEs. */
export interface ApiKeyStore {
  add(keyHash: string, record: ApiKeyRecord): Promise<void>;
  /** The key with this hash if it is neither revoked nor expired at `now`; null otherwise. */
  findUsable(keyHash: string, now: number): Promise<ApiKeyRecord | null>;
  /** The key with this hash whatever its state (to tell "revoked" and "expired" apart from "unknown"). */
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** The user's keys, newest first. */
  listForUser(userId: string): Promise<ApiKeyRecord[]>;
  /** Keys of every user whose company name equals `companyName` (ignoring case), newest first. */
  listForCompany(companyName: string): Promise<CompanyApiKeyRecord[]>;
  /** Keys of the user that are neither revoked nor expired at `now`. */
  countUsable(userId: string, now: number): Promise<number>;
  /** Revokes the key if it belongs to `userId` and is not revoked yet; false otherwise. */
  revokeOwn(id: string, userId: string, now: number): Promise<boolean>;
  /** Revokes the key if its owner belongs to `companyName` and it is not revoked yet; false otherwise. */
  revokeInCompany(id: string, companyName: string, now: number): Promise<boolean>;
  /** Records a use at `now` unless one was recorded less than `coarseMs` before (few writes under load). */
  touch(id: string, now: number, coarseMs: number): Promise<void>;
}

/** An `api_keys` row as both adapters read it. */
export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export const API_KEY_COLUMNS =
  'k.id, k.user_id, k.name, k.prefix, k.scopes, k.created_at, k.expires_at, k.last_used_at, k.revoked_at';

export const toApiKeyRecord = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes.split(',').filter(Boolean) as ApiKeyScope[],
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

export const toCompanyApiKeyRecord = (
  row: ApiKeyRow & { username: string; owner_name: string },
): CompanyApiKeyRecord => ({
  ...toApiKeyRecord(row),
  ownerUsername: row.username,
  ownerName: row.owner_name,
});

/** The values of an INSERT in column order (id, key_hash, user_id, name, prefix, scopes, times). */
export const apiKeyInsertValues = (keyHash: string, record: ApiKeyRecord) =>
  [
    record.id,
    keyHash,
    record.userId,
    record.name,
    record.prefix,
    record.scopes.join(','),
    record.createdAt,
    record.expiresAt,
  ] as const;
