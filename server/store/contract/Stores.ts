import { type CouponRepository } from './coupons/CouponRepository';
import type { ParcelRepository } from './parcels/ParcelRepository';
import { type LayerRepository } from './layers/LayerRepository';
import {
  type CheckoutSessionRepository,
  type PaymentEventRepository,
  type PortalSessionRepository,
} from './subscriptions/PaymentRepositories';
import { type PlanRepository } from './subscriptions/PlanRepository';
import { type SubscriptionRepository } from './subscriptions/SubscriptionRepository';
import { type UsageRepository } from './subscriptions/UsageRepository';
import type { PushSubscriptionStore } from './push/PushSubscriptionStore';
import type { RateLimitStore } from './rateLimits/RateLimitStore';
import { type ParcelDownloadRepository } from './reports/ParcelDownloadRepository';
import { type OneTimeTokenStore } from './reports/OneTimeTokenStore';
import { type PriceLevelRepository } from './reports/PriceLevelRepository';
import type { SessionStore } from './sessions/SessionStore';
import { type TileBlobStore } from './tiles/TileBlobStore';
import { type AccountDirectory } from './settings/AccountDirectory';
import { type AuditLogStore } from './settings/AuditLogStore';
import { type EmailChangeStore } from './settings/EmailChangeStore';
import { type FileItemStore } from './settings/FileItemStore';
import { type PreferenceStore } from './settings/PreferenceStore';
import { type SiteStore } from './settings/SiteStore';
import type { AccountKeyStore } from './users/AccountKeyStore';
import type { ApiKeyStore } from './apiKeys/ApiKeyStore';
import type { UserStore } from './users/UserStore';
import type { ParcelListStore } from './lists/ParcelListStore';
import type { SavedSearchStore } from './savedSearches/SavedSearchStore';
import type { ExportJobStore } from './exportJobs/ExportJobStore';
import type { ListAlertMuteStore } from './listAlertMutes/ListAlertMuteStore';
import type { TwoFactorStore } from './twoFactor/TwoFactorStore';
import type { Synchronous } from './unitOfWork/Synchronous';
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
  /** Who turned off a list's alerts (its mails' unsubscribe link, or the list view's switch). */
  listAlertMutes: ListAlertMuteStore;
  unitOfWork: UnitOfWork;
}

/** Every repository of `Stores` as a synchronous driver implements it. */
export type SynchronousRepositories = {
  [Name in Exclude<keyof Stores, 'unitOfWork'>]: Synchronous<Stores[Name]>;
};
