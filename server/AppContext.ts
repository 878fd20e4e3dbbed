import type { Database } from 'better-sqlite3';
import type { EventEmitter } from 'node:events';
import type { Config } from './config';
import type { TokenService, TokenClaims } from './services/TokenService';
import type { QuotaService } from './services/quota/QuotaService';

/** Who made a request, as the secure-route guard resolved it. */
export interface AuthUser {
  id: string;
  username: string;
  roles: string[];
}

/**
 * Re-checks verified claims against the current state (the account still exists, its token version
 * still matches, its roles as they are now). Returns null when the session has ended.
 */
export type SessionResolver = (claims: TokenClaims) => AuthUser | null | Promise<AuthUser | null>;

/** What every route module gets: configuration, storage and the shared services. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  /** Replaced by the accounts module with a database-backed resolver; by default the claims are trusted. */
  resolveSession: SessionResolver;
  /**
   * In-process events other parts listen to (e.g. 'usage-changed' with {userId}, 'plan-changed'),
   * so the socket server can push them to a user's open sockets.
   */
  events: EventEmitter;
  /** Plan quotas; the plans module installs the real one, until then every use is allowed. */
  quota: QuotaService;
}
