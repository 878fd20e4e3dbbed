import crypto from 'node:crypto';
import {
  API_REQUESTS_PER_MINUTE,
  API_TILE_FAIR_USE_PER_DAY,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '../../../src/contract/ApiKeys';
import type { ApiKeyRecord, ApiKeyStore, CompanyApiKeyRecord } from '../../store/apiKeys/ApiKeyStore';
import type { UserStore } from '../../store/users/UserStore';
import { accountKeys } from '../accounts/credentials';
import type { LimitResult, RateLimiter } from '../accounts/rateLimits';

/** Every key starts so: tools and secret scanners can tell a Parcel Atlas key at a glance. */
export const API_KEY_PREFIX = 'pa_';
/** Characters of a key kept in clear (the prefix and a few random ones) to tell keys apart in lists. */
const SHOWN_CHARACTERS = 10;
/** A key's last use is written at most this often (a GIS client asks for hundreds of tiles a minute). */
const LAST_USE_RESOLUTION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ApiKeyRefusal = 'missing' | 'unknown' | 'revoked' | 'expired' | 'scope' | 'inactive';

export type ApiKeyCheck =
  | { ok: true; keyId: string; userId: string }
  | { ok: false; reason: ApiKeyRefusal }
  | { ok: false; reason: 'rate'; retryAfterSeconds: number };

/** The refusals' English texts (translated by the server.apiKeys.* keys of translations/). */
export const API_KEY_MESSAGES = {
  tooMany: `You already have the most active API keys allowed (${MAX_ACTIVE_API_KEYS}). Revoke one before creating another`,
  notFound: 'No active API key with this id',
  notFoundInCompany: 'No active API key with this id in your company',
} as const;

/** A refused key action, with the HTTP status its route answers. */
export class ApiKeyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** Personal API keys: created and shown once, stored hashed, scoped, expiring, revocable, rate limited. */
export interface ApiKeyService {
  create(userId: string, request: CreateApiKeyRequest): Promise<CreateApiKeyResponse>;
  list(userId: string): Promise<ApiKeySummary[]>;
  /** Revokes one of the user's own keys; throws 404 when it is not theirs or already revoked. */
  revoke(userId: string, keyId: string): Promise<void>;
  /** The keys of the administrator's company (their own alone when they have no company name). */
  listForCompany(adminId: string): Promise<ApiKeySummary[]>;
  revokeInCompany(adminId: string, keyId: string): Promise<void>;
  /** Checks a key sent by a client for a scope, counts the request against the key's rate and notes its use. */
  authenticate(secret: string | null, scope: ApiKeyScope): Promise<ApiKeyCheck>;
  /** Counts one tile against the key's daily fair-use allowance. */
  countTile(keyId: string): Promise<LimitResult>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toApiKeySummary(record: ApiKeyRecord | CompanyApiKeyRecord): ApiKeySummary {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scopes: record.scopes,
    createdAt: new Date(record.createdAt).toISOString(),
    expiresAt: new Date(record.expiresAt).toISOString(),
    lastUsedAt: iso(record.lastUsedAt),
    revokedAt: iso(record.revokedAt),
    ...('ownerUsername' in record
      ? { owner: { username: record.ownerUsername, name: record.ownerName } }
      : {}),
  };
}

export interface ApiKeyServiceOptions {
  keys: ApiKeyStore;
  users: UserStore;
  /** Requests per key and minute (API_REQUESTS_PER_MINUTE). */
  requestLimiter: RateLimiter;
  /** Tiles per key and day (API_TILE_FAIR_USE_PER_DAY). */
  tileLimiter: RateLimiter;
  now?: () => number;
}

/** The rate limits the composition root builds the service's limiters with. */
export const API_KEY_LIMITS = {
  requests: { max: API_REQUESTS_PER_MINUTE, windowMs: 60_000 },
  tiles: { max: API_TILE_FAIR_USE_PER_DAY, windowMs: DAY_MS },
};

export function createApiKeyService({
  keys,
  users,
  requestLimiter,
  tileLimiter,
  now = Date.now,
}: ApiKeyServiceOptions): ApiKeyService {
  /** The administrator's company name (trimmed), or null when they have none. */
  const companyOf = async (adminId: string) => (await users.findById(adminId))?.companyName.trim() || null;

  return {
    async create(userId, { name, scopes, expiresInDays }) {
      const at = now();
      if ((await keys.countUsable(userId, at)) >= MAX_ACTIVE_API_KEYS)
        throw new ApiKeyError(API_KEY_MESSAGES.tooMany, 409);
      const secret = `${API_KEY_PREFIX}${accountKeys.create().key}`;
      const record: ApiKeyRecord = {
        id: crypto.randomUUID(),
        userId,
        name: name.trim(),
        prefix: secret.slice(0, SHOWN_CHARACTERS),
        scopes: [...new Set(scopes)].sort(),
        createdAt: at,
        expiresAt: at + expiresInDays * DAY_MS,
        lastUsedAt: null,
        revokedAt: null,
      };
      await keys.add(accountKeys.hash(secret), record);
      return { key: toApiKeySummary(record), secret };
    },
    list: async (userId) => (await keys.listForUser(userId)).map(toApiKeySummary),
    async revoke(userId, keyId) {
      if (!(await keys.revokeOwn(keyId, userId, now())))
        throw new ApiKeyError(API_KEY_MESSAGES.notFound, 404);
    },
    async listForCompany(adminId) {
      const company = await companyOf(adminId);
      if (company) return (await keys.listForCompany(company)).map(toApiKeySummary);
      const admin = await users.findById(adminId);
      return (await keys.listForUser(adminId)).map((record) =>
        toApiKeySummary({ ...record, ownerUsername: admin?.username ?? '', ownerName: admin?.name ?? '' }),
      );
    },
    async revokeInCompany(adminId, keyId) {
      const company = await companyOf(adminId);
      const revoked = company
        ? await keys.revokeInCompany(keyId, company, now())
        : await keys.revokeOwn(keyId, adminId, now());
      if (!revoked) throw new ApiKeyError(API_KEY_MESSAGES.notFoundInCompany, 404);
    },
    async authenticate(secret, scope) {
      if (!secret) return { ok: false, reason: 'missing' };
      if (!secret.startsWith(API_KEY_PREFIX)) return { ok: false, reason: 'unknown' };
      const at = now();
      const hash = accountKeys.hash(secret);
      const key = await keys.findUsable(hash, at);
      if (!key) {
        const known = await keys.findByHash(hash);
        if (!known) return { ok: false, reason: 'unknown' };
        return { ok: false, reason: known.revokedAt !== null ? 'revoked' : 'expired' };
      }
      const owner = await users.findById(key.userId);
      if (!owner || owner.status !== 'active') return { ok: false, reason: 'inactive' };
      if (!key.scopes.includes(scope)) return { ok: false, reason: 'scope' };
      const rate = await requestLimiter.hit(key.id);
      if (!rate.allowed) return { ok: false, reason: 'rate', retryAfterSeconds: rate.retryAfterSeconds };
      await keys.touch(key.id, at, LAST_USE_RESOLUTION_MS);
      return { ok: true, keyId: key.id, userId: key.userId };
    },
    countTile: (keyId) => tileLimiter.hit(keyId),
  };
}
