import { serialiseUnits } from '../unitOfWork/serialiseUnits';
import { serialiseRepositories, type Stores, type SynchronousRepositories } from '../Stores';
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
import { createPostgresParcelRepository } from './parcels/createPostgresParcelRepository';
import { createPostgresLayerRepository } from './layers/createPostgresLayerRepository';
import { createPostgresPriceLevelRepository } from './reports/createPostgresPriceLevels';

/** Every repository of `Stores`, each built over the one connection (the compiler checks none is missing). */
const postgresRepositories = {
  users: createPostgresUserStore,
  accountKeys: createPostgresAccountKeyStore,
  rateLimits: createPostgresRateLimitStore,
  sessions: createPostgresSessionStore,
  parcels: createPostgresParcelRepository,
  layers: createPostgresLayerRepository,
  plans: createPostgresPlanRepository,
  subscriptions: createPostgresSubscriptionRepository,
  usage: createPostgresUsageRepository,
  checkoutSessions: createPostgresCheckoutSessionRepository,
  portalSessions: createPostgresPortalSessionRepository,
  paymentEvents: createPostgresPaymentEventRepository,
  oneTimeTokens: createPostgresOneTimeTokenStore,
  priceLevels: createPostgresPriceLevelRepository,
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
} satisfies {
  [Name in keyof SynchronousRepositories]: (db: PostgresConnection) => SynchronousRepositories[Name];
};

/** The PostgreSQL repositories, their unit of work and the connection's end. */
export type PostgresRepositories = Stores & { close(): void };

/**
 * Connects (one synchronous libpq connection, ADR 021d), applies the pending PostgreSQL migrations, seeds
 * the plan catalogue and builds every repository. The composition root and the contract tests use it.
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
  ) as SynchronousRepositories;
  return { ...serialiseRepositories(built, serialiseUnits(db.transactions)), close: db.close };
}

/** Every repository over PostgreSQL, the same `Stores` shape as `createSqliteStores` (ADR 021d, 021e). */
export function createPostgresStores(url: string): PostgresRepositories {
  return openPostgresRepositories(url);
}
