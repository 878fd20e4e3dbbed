import type { Stores } from '../contract/Stores';
import { connectPostgres, type PostgresConnection, type PostgresOptions } from './PostgresConnection';
import { postgresMigrations } from './migrations';
import { createPostgresStorageHealth } from './postgresStorageHealth';
import type { StorageHealth } from '../contract/StorageHealth';
import { migratePostgres } from './migrations/migratePostgres';
import { createPostgresRateLimitStore } from './rateLimits/createPostgresRateLimitStore';
import { createPostgresSessionStore } from './sessions/createPostgresSessionStore';
import { createPostgresAccountKeyStore } from './users/createPostgresAccountKeyStore';
import { createPostgresUserStore } from './users/createPostgresUserStore';
import { createPostgresApiKeyStore } from './apiKeys/createPostgresApiKeyStore';
import { createPostgresTwoFactorStore } from './twoFactor/createPostgresTwoFactorStore';
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
import { createPostgresParcelListStore } from './lists/createPostgresParcelListStore';
import { createPostgresSavedSearchStore } from './savedSearches/createPostgresSavedSearchStore';
import { createPostgresExportJobStore } from './exportJobs/createPostgresExportJobStore';
import { createPostgresListAlertMuteStore } from './listAlertMutes/createPostgresListAlertMuteStore';

/** Every repository of `Stores`, each built over the one pool (the compiler checks none is missing). */
const postgresRepositories = {
  users: createPostgresUserStore,
  accountKeys: createPostgresAccountKeyStore,
  apiKeys: createPostgresApiKeyStore,
  rateLimits: createPostgresRateLimitStore,
  sessions: createPostgresSessionStore,
  twoFactor: createPostgresTwoFactorStore,
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
  parcelLists: createPostgresParcelListStore,
  savedSearches: createPostgresSavedSearchStore,
  exportJobs: createPostgresExportJobStore,
  listAlertMutes: createPostgresListAlertMuteStore,
} satisfies {
  [Name in Exclude<keyof Stores, 'unitOfWork'>]: (db: PostgresConnection) => Stores[Name];
};

/** The PostgreSQL repositories, their unit of work, their health and the pool's end. */
export type PostgresRepositories = Stores & { health: StorageHealth; close(): Promise<void> };

/**
 * Connects (node-postgres' pool, ADR 024), applies the pending PostgreSQL migrations, seeds the plan
 * catalogue and builds every repository. The unit of work is the pool's: one pooled connection from
 * BEGIN to COMMIT. The composition root and the contract tests use it.
 */
export async function openPostgresRepositories(
  url: string,
  options: PostgresOptions = {},
): Promise<PostgresRepositories> {
  const db = await connectPostgres(url, options);
  try {
    await migratePostgres(db, postgresMigrations);
    await seedPostgresPlans(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const built = Object.fromEntries(
    Object.entries(postgresRepositories).map(([name, create]) => [name, create(db)]),
  ) as Omit<Stores, 'unitOfWork'>;
  return { ...built, unitOfWork: db.transaction, health: createPostgresStorageHealth(db), close: db.close };
}
