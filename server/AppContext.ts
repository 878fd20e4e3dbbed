import type { EventEmitter } from 'node:events';
import type { Config } from './config';
import type { AccountService } from './services/accounts/createAccountService';
import type { UserAdministration } from './services/admin/UserAdministration';
import type { AuditLog } from './services/audit/AuditLog';
import type { ApiKeyService } from './services/apiKeys/ApiKeyService';
import type { ParcelListService } from './services/lists/ParcelListService';
import type { ListExports } from './services/exports/ListExports';
import type { SearchExports } from './services/exports/SearchExports';
import type { ExportJobs } from './services/exports/ExportJobs';
import type { ParcelComparisons } from './services/comparison/ParcelComparisons';
import type { LandSites } from './services/sites/LandSites';
import type { SavedSearchService } from './services/savedSearches/SavedSearchService';
import type { AlertScheduler } from './services/savedSearches/alertScheduler';
import type { FileService } from './services/files/FileService';
import type { PreferenceService } from './services/preferences/PreferenceService';
import type { BaseMap } from './services/basemap/BaseMapTiles';
import type { CadastreImportService } from './services/cadastre/CadastreImportService';
import type { PaymentProvider } from './services/billing/PaymentProvider';
import type { PaymentWebhooks } from './services/billing/paymentEvents';
import type { NotificationService } from './services/push/NotificationService';
import type { ServerTranslator } from './services/i18n/ServerTranslator';
import type { ParcelDetailReplies } from './services/parcelDetails/ParcelDetailReplies';
import type { PlaceSearch } from './services/search/PlaceSearch';
import type { SessionService } from './services/sessions/SessionService';
import type { BatchQuotaService, QuotaService, SubscriptionReader } from './services/quota/QuotaService';
import type { ReportContext } from './services/reports/ReportContext';
import type { TileService } from './services/tiles/TileService';
import type { LayerTileService } from './services/layers/LayerTileService';
import type { MapPrintService } from './services/mapPrint/MapPrintService';
import type { SessionResolver, TokenService } from './services/tokens/TokenService';
import type { Stores } from './store/contract/Stores';
import type { UnitOfWork } from './store/contract/Stores';
import type { Storage } from './store/contract/Storage';
import type { ListFactAlerts } from './services/lists/ListFactAlerts';
import type { RateLimiter } from './services/accounts/rateLimits';
import type { AppMetrics } from './operations/AppMetrics';
import type { Readiness } from './operations/Readiness';
import type { DiskWatch } from './operations/diskFull';
import type { ShutdownDrain } from './operations/ShutdownDrain';

/** What the payment host's routes use: the provider, the webhook path, and the records the test checkout shows. */
export interface PaymentContext {
  provider: PaymentProvider;
  webhooks: PaymentWebhooks;
  checkoutSessions: Stores['checkoutSessions'];
  portalSessions: Stores['portalSessions'];
  subscriptions: Stores['subscriptions'];
  /** The built-in provider's coupons (redeemed when a test checkout is paid; the admin API manages them). */
  coupons: Stores['coupons'];
  /** Coupon quotes per user and per address, so codes cannot be guessed by trying them. */
  couponQuoteLimits: { perUser: RateLimiter; perAddress: RateLimiter };
}

/**
 * What every route module gets: configuration and the repositories and services the composition root
 * (server/compose.ts) built once. Routes never see the database: they write through `unitOfWork`.
 */
export interface AppContext {
  config: Config;
  /**
   * In-process events other parts listen to (e.g. 'usage-changed' with {userId}, 'plan-changed'),
   * so the socket server can push them to a user's open sockets.
   */
  events: EventEmitter;
  /** What operators watch: the Prometheus metrics, readiness (/readyz) and DATA_DIR's free space. */
  operations: { metrics: AppMetrics; readiness: Readiness; disk: DiskWatch; drain: ShutdownDrain };
  /** Ends the search workers and then the storage (its pool, or the SQLite file it opened) when the app closes. */
  closeStorage(): Promise<void>;
  /** The storage's fan-out of socket broadcasts to every instance (PostgreSQL); null on SQLite. */
  socketFanOut: Storage['socketFanOut'];
  tokens: TokenService;
  /** Re-checks a verified token against its session and the account as they are now. */
  resolveSession: SessionResolver;
  /** Server-side sessions: start, revoke (logout, password change), idle expiry. */
  sessions: SessionService;
  /** Runs synchronous work as one transaction: it commits when `work` returns and rolls back when it throws. */
  unitOfWork: UnitOfWork;
  users: Stores['users'];
  accounts: AccountService;
  parcels: Stores['parcels'];
  /** The thematic layers' features (OGC API collections; the tiles go through `layerTiles`). */
  layers: Stores['layers'];
  plans: Stores['plans'];
  /** Plan quotas; read at request time, so a test may put its own in. */
  quota: QuotaService;
  /** The same quotas counted per item of a many-item answer (OGC API pages of parcels). */
  batchQuota: BatchQuotaService;
  subscriptions: SubscriptionReader;
  tiles: TileService;
  /** The thematic map layers' vector tiles. */
  layerTiles: LayerTileService;
  baseMap: BaseMap;
  payments: PaymentContext;
  /** Web push subscriptions per user and device, and notifications (push + in-app over the socket). */
  notifications: NotificationService;
  /** Parcel reports, exports and the automated assessment: documents, their quota, one-time tokens. */
  reports: ReportContext;
  /** The server's messages and mails in the user's language (translations/*.json, one catalogue). */
  translator: ServerTranslator;
  /** Parcel search with place names: exonyms, own-municipality first, "no data for canton". */
  placeSearch: PlaceSearch;
  /** The free parcel detail replies as JSON text: made by the search workers on the SQLite file (ADR 044). */
  parcelDetailReplies: ParcelDetailReplies;
  /** The e-mail signature and avatar choice of each account. */
  preferences: PreferenceService;
  /** Uploads (signature images, avatars) stored by content hash under DATA_DIR/files. */
  files: FileService;
  /** The administrators' account management; every action is written to `audit`. */
  userAdmin: UserAdministration;
  audit: AuditLog;
  /** Personal API keys of GIS clients (OGC API routes): created, listed, revoked, checked. */
  apiKeys: ApiKeyService;
  /** Parcel lists, personal or shared with a site: parcels, statuses, assignees, notes, history. */
  parcelLists: ParcelListService;
  /** A list's bulk export (CSV, XLSX, GeoPackage, GeoJSON, DXF), counted as full views. */
  listExports: ListExports;
  searchExports: SearchExports;
  /** Exports of more than BACKGROUND_EXPORT_ABOVE parcels, made off the request (ADR 040). */
  exportJobs: ExportJobs;
  /** Side-by-side comparison of 2–5 parcels: the screen's rows and the comparison PDF, with their quotas. */
  comparisons: ParcelComparisons;
  /** Land assembly: a site of 2–20 neighbouring parcels, its figures, PDF and DXF, with their quotas. */
  landSites: LandSites;
  /** The map view printed to scale as a PDF (rate-limited per account, no quota). */
  mapPrints: MapPrintService;
  /** Saved searches, personal or shared with a site, with their alert frequency. */
  savedSearches: SavedSearchService;
  /** Finds the new matches of saved searches after a dataset change and delivers their alerts. */
  savedSearchAlerts: AlertScheduler;
  /** Alerts on listed parcels whose facts changed, and their mails' unsubscribe. */
  listFactAlerts: ListFactAlerts;
  /** Imports of real cadastral data uploaded by admins. */
  cadastre: CadastreImportService;
}
