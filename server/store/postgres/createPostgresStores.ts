import type { Stores, UnitOfWork } from '../Stores';
import { connectPostgres, type PostgresConnection } from './PostgresConnection';
import { postgresMigrations } from './migrations';
import { migratePostgres } from './migrations/migratePostgres';
import { createPostgresRateLimitStore } from './rateLimits/createPostgresRateLimitStore';
import { createPostgresSessionStore } from './sessions/createPostgresSessionStore';
import { createPostgresAccountKeyStore } from './users/createPostgresAccountKeyStore';
import { createPostgresUserStore } from './users/createPostgresUserStore';
import {
  createPostgresCheckoutSessionRepository,
  createPostgresPaymentEventRepository,
  createPostgresPortalSessionRepository,
} from './subscriptions/createPostgresPaymentRepositories';
import {
  createPostgresPlanRepository,
  seedPostgresPlans,
} from './subscriptions/createPostgresPlanRepository';
import { createPostgresSubscriptionRepository } from './subscriptions/createPostgresSubscriptionRepository';
import { createPostgresUsageRepository } from './subscriptions/createPostgresUsageRepository';
import { createPostgresOneTimeTokenStore } from './reports/createPostgresOneTimeTokenStore';
import { createPostgresParcelDownloadRepository } from './reports/createPostgresParcelDownloadRepository';
import { createPostgresCouponRepository } from './coupons/createPostgresCouponRepository';
import { createPostgresTileBlobStore } from './tiles/createPostgresTileBlobStore';
import { createPostgresPushSubscriptionStore } from './push/createPostgresPushSubscriptionStore';
import { createPostgresAccountDirectory } from './settings/createPostgresAccountDirectory';
import { createPostgresAuditLogStore } from './settings/createPostgresAuditLogStore';
import { createPostgresEmailChangeStore } from './settings/createPostgresEmailChangeStore';
import { createPostgresFileItemStore } from './settings/createPostgresFileItemStore';
import { createPostgresPreferenceStore } from './settings/createPostgresPreferenceStore';
import { createPostgresSiteStore } from './settings/createPostgresSiteStore';

/** The repositories that have a PostgreSQL adapter so far, each built over the one connection. */
const postgresRepositories = {
  users: createPostgresUserStore,
  accountKeys: createPostgresAccountKeyStore,
  rateLimits: createPostgresRateLimitStore,
  sessions: createPostgresSessionStore,
  plans: createPostgresPlanRepository,
  subscriptions: createPostgresSubscriptionRepository,
  usage: createPostgresUsageRepository,
  checkoutSessions: createPostgresCheckoutSessionRepository,
  portalSessions: createPostgresPortalSessionRepository,
  paymentEvents: createPostgresPaymentEventRepository,
  oneTimeTokens: createPostgresOneTimeTokenStore,
  pushSubscriptions: createPostgresPushSubscriptionStore,
  sites: createPostgresSiteStore,
  preferences: createPostgresPreferenceStore,
  fileItems: createPostgresFileItemStore,
  auditLog: createPostgresAuditLogStore,
  emailChanges: createPostgresEmailChangeStore,
  accountDirectory: createPostgresAccountDirectory,
  coupons: createPostgresCouponRepository,
  parcelDownloads: createPostgresParcelDownloadRepository,
  tileBlobs: createPostgresTileBlobStore,
} satisfies { [Name in keyof Stores]?: (db: PostgresConnection) => Stores[Name] };

type SupportedName = keyof typeof postgresRepositories;

/** Every repository of `Stores` by name (the compiler checks that none is missing). */
const storeNames = {
  users: true,
  accountKeys: true,
  rateLimits: true,
  sessions: true,
  parcels: true,
  layers: true,
  plans: true,
  subscriptions: true,
  usage: true,
  checkoutSessions: true,
  portalSessions: true,
  paymentEvents: true,
  parcelDownloads: true,
  oneTimeTokens: true,
  priceLevels: true,
  tileBlobs: true,
  pushSubscriptions: true,
  coupons: true,
  sites: true,
  preferences: true,
  fileItems: true,
  auditLog: true,
  emailChanges: true,
  accountDirectory: true,
} satisfies Record<Exclude<keyof Stores, 'unitOfWork'>, true>;

/** The PostgreSQL repositories built so far, their unit of work and the connection's end. */
export type PostgresRepositories = Pick<Stores, SupportedName> & {
  unitOfWork: UnitOfWork;
  close(): void;
};

/** The repositories without a PostgreSQL adapter yet, in the order of `Stores`. */
export function unsupportedPostgresRepositories(): string[] {
  return Object.keys(storeNames).filter((name) => !(name in postgresRepositories));
}

export class PostgresNotSupportedError extends Error {}

/**
 * Connects (one synchronous libpq connection, ADR 021d), applies the pending PostgreSQL migrations, seeds
 * the plan catalogue and builds the repositories that have an adapter. The contract tests use it directly.
 */
export function openPostgresRepositories(url: string): PostgresRepositories {
  const db = connectPostgres(url);
  try {
    migratePostgres(db, postgresMigrations);
    seedPostgresPlans(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const built = Object.fromEntries(
    Object.entries(postgresRepositories).map(([name, create]) => [name, create(db)]),
  ) as Pick<Stores, SupportedName>;
  return { ...built, unitOfWork: db.unitOfWork, close: db.close };
}

/** Refuses a start on PostgreSQL while some repository has no adapter, naming them (no half-working mode). */
export function assertPostgresStoresComplete(): void {
  const missing = unsupportedPostgresRepositories();
  if (missing.length > 0) {
    throw new PostgresNotSupportedError(
      `DATABASE_URL (PostgreSQL) is experimental and cannot run the server yet: ${Object.keys(postgresRepositories).join(', ')} are supported; not yet: ${missing.join(', ')}. Leave DATABASE_URL unset to use the embedded SQLite database.`,
    );
  }
}

/**
 * Every repository over PostgreSQL, the same `Stores` shape as `createSqliteStores`. Fails before
 * connecting while an adapter is missing (see assertPostgresStoresComplete).
 */
export function createPostgresStores(url: string): Stores & { close(): void } {
  assertPostgresStoresComplete();
  // Unreachable until every adapter exists; then `openPostgresRepositories` returns the full shape.
  return openPostgresRepositories(url) as unknown as Stores & { close(): void };
}
