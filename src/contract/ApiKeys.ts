/** Personal API keys for GIS clients (OGC API – Features and Tiles), shared by server and browser. */

/** What a key may read: feature collections (counted as full views) or vector tiles (fair use). */
export type ApiKeyScope = 'features' | 'tiles';

export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['features', 'tiles'];

/** Lifetimes offered when a key is created, in days. */
export const API_KEY_LIFETIMES_DAYS = [30, 90, 365] as const;

/** Most keys a user may hold that are neither revoked nor expired. */
export const MAX_ACTIVE_API_KEYS = 10;

/** Longest key name, in characters. */
export const MAX_API_KEY_NAME_LENGTH = 60;

/**
 * The metering rule (docs/api.md, plan dialog): every parcel an API answer contains counts once per plan period
 * as a full view (a parcel already seen in the app or through the API that period is free); tiles are
 * free up to this many per key and day; beyond it they are refused until the next day.
 */
export const API_TILE_FAIR_USE_PER_DAY = 20_000;

/** Requests per key and minute, whatever they ask for. */
export const API_REQUESTS_PER_MINUTE = 600;

/** A key as its owner and the company's administrators see it (never the key itself). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters, so its owner can tell keys apart in their tools. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** ISO date-times. */
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** The owner, in the administrators' list. */
  owner?: { username: string; name: string };
}

export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: (typeof API_KEY_LIFETIMES_DAYS)[number];
}

/** The answer to a creation: the key in clear text, shown this once and never stored. */
export interface CreateApiKeyResponse {
  key: ApiKeySummary;
  secret: string;
}

export interface ApiKeyListResponse {
  keys: ApiKeySummary[];
}
