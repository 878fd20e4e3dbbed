import type { Database } from 'better-sqlite3';
import { createCouponRepository, type CouponRepository } from './coupons/CouponRepository';
import type { ParcelRepository } from './parcels/ParcelRepository';
import {
  createSqliteParcelRepository,
  type ParcelRepositoryOptions,
} from './parcels/createSqliteParcelRepository';
import { createSqliteLayerRepository, type LayerRepository } from './layers/LayerRepository';
import {
  createCheckoutSessionRepository,
  createPaymentEventRepository,
  createPortalSessionRepository,
  type CheckoutSessionRepository,
  type PaymentEventRepository,
  type PortalSessionRepository,
} from './subscriptions/PaymentRepositories';
import { createPlanRepository, type PlanRepository } from './subscriptions/PlanRepository';
import {
  createSubscriptionRepository,
  type SubscriptionRepository,
} from './subscriptions/SubscriptionRepository';
import { createUsageRepository, type UsageRepository } from './subscriptions/UsageRepository';
import type { PushSubscriptionStore } from './push/PushSubscriptionStore';
import { createSqlitePushSubscriptionStore } from './push/createSqlitePushSubscriptionStore';
import type { RateLimitStore } from './rateLimits/RateLimitStore';
import { createSqliteRateLimitStore } from './rateLimits/createSqliteRateLimitStore';
import {
  createParcelDownloadRepository,
  type ParcelDownloadRepository,
} from './reports/ParcelDownloadRepository';
import { createSqliteOneTimeTokenStore, type OneTimeTokenStore } from './reports/OneTimeTokenStore';
import { createPriceLevelRepository, type PriceLevelRepository } from './reports/PriceLevelRepository';
import type { SessionStore } from './sessions/SessionStore';
import { createSqliteSessionStore } from './sessions/createSqliteSessionStore';
import { createSqliteTileBlobStore, type TileBlobStore } from './tiles/TileBlobStore';
import { createSqliteAccountDirectory, type AccountDirectory } from './settings/AccountDirectory';
import { createSqliteAuditLogStore, type AuditLogStore } from './settings/AuditLogStore';
import { createSqliteEmailChangeStore, type EmailChangeStore } from './settings/EmailChangeStore';
import { createSqliteFileItemStore, type FileItemStore } from './settings/FileItemStore';
import { createSqlitePreferenceStore, type PreferenceStore } from './settings/PreferenceStore';
import { createSqliteSiteStore, type SiteStore } from './settings/SiteStore';
import type { AccountKeyStore } from './users/AccountKeyStore';
import type { ApiKeyStore } from './apiKeys/ApiKeyStore';
import { createSqliteApiKeyStore } from './apiKeys/createSqliteApiKeyStore';
import type { UserStore } from './users/UserStore';
import type { ParcelListStore } from './lists/ParcelListStore';
import { createSqliteParcelListStore } from './lists/createSqliteParcelListStore';
import type { SavedSearchStore } from './savedSearches/SavedSearchStore';
import { createSqliteSavedSearchStore } from './savedSearches/createSqliteSavedSearchStore';
import type { ExportJobStore } from './exportJobs/ExportJobStore';
import { createSqliteExportJobStore } from './exportJobs/createSqliteExportJobStore';
import type { ListAlertMuteStore } from './listAlertMutes/ListAlertMuteStore';
import { createSqliteListAlertMuteStore } from './listAlertMutes/createSqliteListAlertMuteStore';
import type { TwoFactorStore } from './twoFactor/TwoFactorStore';
import { createSqliteTwoFactorStore } from './twoFactor/createSqliteTwoFactorStore';
import type { Synchronous } from './unitOfWork/Synchronous';
import { serialiseUnits, sqlTransactions, type SerialisedUnits } from './unitOfWork/serialiseUnits';
import { createSqliteAccountKeyStore } from './users/createSqliteAccountKeyStore';
import { createSqliteUserStore } from './users/createSqliteUserStore';

import type { UnitOfWork } from './unitOfWork/UnitOfWork';

export type { UnitOfWork };

/**
 * Every repository of the server, one per aggregate (design §1), plus the unit of work that spans them.
 * `createSqliteStores` is the embedded adapter; a PostgreSQL/PostGIS adapter returns the same shape.
 */
export interface Stores {
  users: UserStore;
  accountKeys: AccountKeyStore;
  apiKeys: ApiKeyStore;
  rateLimits: RateLimitStore;
  sessions: SessionStore;
  /** Second factors: authenticator apps, recovery codes, passkeys, pending sign-ins, site requirements. */
  twoFactor: TwoFactorStore;
  parcels: ParcelRepository;
  layers: LayerRepository;
  plans: PlanRepository;
  subscriptions: SubscriptionRepository;
  usage: UsageRepository;
  checkoutSessions: CheckoutSessionRepository;
  portalSessions: PortalSessionRepository;
  paymentEvents: PaymentEventRepository;
  parcelDownloads: ParcelDownloadRepository;
  oneTimeTokens: OneTimeTokenStore;
  priceLevels: PriceLevelRepository;
  tileBlobs: TileBlobStore;
  pushSubscriptions: PushSubscriptionStore;
  coupons: CouponRepository;
  sites: SiteStore;
  preferences: PreferenceStore;
  fileItems: FileItemStore;
  auditLog: AuditLogStore;
  emailChanges: EmailChangeStore;
  accountDirectory: AccountDirectory;
  /** Parcel lists (personal or shared with a site), their parcels, notes, activity and status names. */
  parcelLists: ParcelListStore;
  /** Saved searches (personal or shared with a site) and the parcels each was found to match. */
  savedSearches: SavedSearchStore;
  /** Background exports and their finished files, shared by every instance (ADR 040). */
  exportJobs: ExportJobStore;
  /** Who turned off a list's alerts (its mails' unsubscribe link). */
  listAlertMutes: ListAlertMuteStore;
  unitOfWork: UnitOfWork;
}

/** Every repository of `Stores` as a synchronous driver implements it. */
export type SynchronousRepositories = {
  [Name in Exclude<keyof Stores, 'unitOfWork'>]: Synchronous<Stores[Name]>;
};

/**
 * Builds every SQLite repository once over one open database (prepared statements are made here), behind
 * a serialising unit of work (ADR 022). `parcelOptions`: e.g. the search index the main thread shares
 * with the search workers (ADR 038).
 */
export function createSqliteStores(db: Database, parcelOptions: ParcelRepositoryOptions = {}): Stores {
  return serialiseRepositories(createSynchronousSqliteRepositories(db, parcelOptions), unitsOf(db));
}

/**
 * One serialising queue per connection, however many sets of repositories are built over it (a test or a
 * script may build its own beside the app's): two queues on one connection would interleave their units.
 */
const connectionUnits = new WeakMap<Database, SerialisedUnits>();

function unitsOf(db: Database): SerialisedUnits {
  let units = connectionUnits.get(db);
  if (!units) {
    units = serialiseUnits(sqlTransactions((sql) => db.exec(sql)));
    connectionUnits.set(db, units);
  }
  return units;
}

/** The asynchronous port of repositories that share one synchronous connection and its units of work. */
export function serialiseRepositories(repositories: SynchronousRepositories, units: SerialisedUnits): Stores {
  const port = Object.fromEntries(
    Object.entries(repositories).map(([name, repository]) => [name, units.asynchronous<object>(repository)]),
  ) as Omit<Stores, 'unitOfWork'>;
  return { ...port, unitOfWork: units.unitOfWork };
}

function createSynchronousSqliteRepositories(
  db: Database,
  parcelOptions: ParcelRepositoryOptions,
): SynchronousRepositories {
  return {
    users: createSqliteUserStore(db),
    accountKeys: createSqliteAccountKeyStore(db),
    apiKeys: createSqliteApiKeyStore(db),
    rateLimits: createSqliteRateLimitStore(db),
    sessions: createSqliteSessionStore(db),
    twoFactor: createSqliteTwoFactorStore(db),
    parcels: createSqliteParcelRepository(db, parcelOptions),
    layers: createSqliteLayerRepository(db),
    plans: createPlanRepository(db),
    subscriptions: createSubscriptionRepository(db),
    usage: createUsageRepository(db),
    checkoutSessions: createCheckoutSessionRepository(db),
    portalSessions: createPortalSessionRepository(db),
    paymentEvents: createPaymentEventRepository(db),
    parcelDownloads: createParcelDownloadRepository(db),
    oneTimeTokens: createSqliteOneTimeTokenStore(db),
    priceLevels: createPriceLevelRepository(db),
    tileBlobs: createSqliteTileBlobStore(db),
    pushSubscriptions: createSqlitePushSubscriptionStore(db),
    coupons: createCouponRepository(db),
    sites: createSqliteSiteStore(db),
    preferences: createSqlitePreferenceStore(db),
    fileItems: createSqliteFileItemStore(db),
    auditLog: createSqliteAuditLogStore(db),
    emailChanges: createSqliteEmailChangeStore(db),
    accountDirectory: createSqliteAccountDirectory(db),
    parcelLists: createSqliteParcelListStore(db),
    savedSearches: createSqliteSavedSearchStore(db),
    exportJobs: createSqliteExportJobStore(db),
    listAlertMutes: createSqliteListAlertMuteStore(db),
  };
}
