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
import type {
  ApiKeyRecord,
  ApiKeyStore,
  CompanyApiKeyRecord,
} from '../../store/contract/apiKeys/ApiKeyStore';
import type { UserStore } from '../../store/contract/users/UserStore';
import type { Actor, AuditLog, AuditTarget } from '../audit/AuditLog';
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
  /** Creates a key for the user (written to the audit log, without its secret). */
  create(user: Actor, request: CreateApiKeyRequest): Promise<CreateApiKeyResponse>;
  list(userId: string): Promise<ApiKeySummary[]>;
  /** Revokes one of the user's own keys (audited); throws 404 when it is not theirs or already revoked. */
  revoke(user: Actor, keyId: string): Promise<void>;
  /** The keys of the administrator's company (their own alone when they have no company name). */
  listForCompany(adminId: string): Promise<ApiKeySummary[]>;
  /** Revokes a key of the administrator's company (audited, the key's owner as its target). */
  revokeInCompany(admin: Actor, keyId: string): Promise<void>;
  /** Checks a key sent by a client for a scope, counts the request against the key's rate and notes its use. */
  authenticate(secret: string | null, scope: ApiKeyScope): Promise<ApiKeyCheck>;
  /** Counts one tile against the key's daily fair-use allowance. */
  countTile(keyId: string): Promise<LimitResult>;
}

/** What the audit log keeps of a key: which one and what it could do, never its secret or hash. */
const auditDetails = (record: ApiKeyRecord) => ({
  keyId: record.id,
  name: record.name,
  prefix: record.prefix,
  scopes: record.scopes,
  expiresAt: new Date(record.expiresAt).toISOString(),
});

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
  /** Creations and revocations are recorded here (Settings › audit log, by the key's owner). */
  audit: AuditLog;
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
  audit,
  now = Date.now,
}: ApiKeyServiceOptions): ApiKeyService {
  /** The administrator's company name (trimmed), or null when they have none. */
  const companyOf = async (adminId: string) => (await users.findById(adminId))?.companyName.trim() || null;

  return {
    async create(user, { name, scopes, expiresInDays }) {
      const userId = user.id;
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
      await audit.record(user, 'api-key-created', user, auditDetails(record));
      return { key: toApiKeySummary(record), secret };
    },
    list: async (userId) => (await keys.listForUser(userId)).map(toApiKeySummary),
    async revoke(user, keyId) {
      const key = (await keys.listForUser(user.id)).find((record) => record.id === keyId);
      if (!key || !(await keys.revokeOwn(keyId, user.id, now())))
        throw new ApiKeyError(API_KEY_MESSAGES.notFound, 404);
      await audit.record(user, 'api-key-revoked', user, auditDetails(key));
    },
    async listForCompany(adminId) {
      const company = await companyOf(adminId);
      if (company) return (await keys.listForCompany(company)).map(toApiKeySummary);
      const admin = await users.findById(adminId);
      return (await keys.listForUser(adminId)).map((record) =>
        toApiKeySummary({ ...record, ownerUsername: admin?.username ?? '', ownerName: admin?.name ?? '' }),
      );
    },
    async revokeInCompany(admin, keyId) {
      const company = await companyOf(admin.id);
      const at = now();
      let key: ApiKeyRecord | undefined;
      let owner: AuditTarget = admin;
      if (company) {
        const found = (await keys.listForCompany(company)).find((record) => record.id === keyId);
        if (found && (await keys.revokeInCompany(keyId, company, at))) {
          key = found;
          owner = { id: found.userId, username: found.ownerUsername };
        }
      } else {
        const found = (await keys.listForUser(admin.id)).find((record) => record.id === keyId);
        if (found && (await keys.revokeOwn(keyId, admin.id, at))) key = found;
      }
      if (!key) throw new ApiKeyError(API_KEY_MESSAGES.notFoundInCompany, 404);
      await audit.record(admin, 'api-key-revoked', owner, { ...auditDetails(key), byAdministrator: true });
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
