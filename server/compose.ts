import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { AgentOptions } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './AppContext';
import type { Config } from './config';
import { createAccountService } from './services/accounts/createAccountService';
import { createUserAdministration } from './services/admin/UserAdministration';
import { createAuditLog } from './services/audit/AuditLog';
import { createParcelListService } from './services/lists/ParcelListService';
import { createListFactAlerts } from './services/lists/ListFactAlerts';
import { createListExports } from './services/exports/ListExports';
import { createSearchExports } from './services/exports/SearchExports';
import { createExportJobs } from './services/exports/ExportJobs';
import { createSavedSearchService } from './services/savedSearches/SavedSearchService';
import { createSavedSearchMatcher } from './services/savedSearches/SavedSearchMatcher';
import { createSavedSearchAlerts } from './services/savedSearches/SavedSearchAlerts';
import { createAlertScheduler, DATASET_CHANGED_EVENT } from './services/savedSearches/alertScheduler';
import { API_KEY_LIMITS, createApiKeyService } from './services/apiKeys/ApiKeyService';
import { createFileService } from './services/files/FileService';
import { createPreferenceService } from './services/preferences/PreferenceService';
import { limitPasswordHashing } from './services/accounts/credentials';
import {
  COUPON_QUOTE_LIMITS,
  createRateLimiter,
  MAP_PRINT_RATE_LIMIT,
  UPLOAD_RATE_LIMIT,
} from './services/accounts/rateLimits';
import { createMapPrintService } from './services/mapPrint/MapPrintService';
import { createLazyBaseMap } from './services/basemap/BaseMapTiles';
import { loadBaseGeography } from './services/basemap/loadBaseGeography';
import { loadSwissGeography } from './data/geography/loadSwissGeography';
import { createCadastreImportService } from './services/cadastre/CadastreImportService';
import { CadastreImportError, CadastreImportStopped } from './data/cadastre/CadastreSource';
import { importCadastreOnThread } from './data/cadastre/importCadastreOnThread';
import { createPaymentProvider, TEST_PROVIDER_WARNING } from './services/billing/PaymentProvider';
import { createServerTranslator } from './services/i18n/ServerTranslator';
import { createPlaceSearch } from './services/search/PlaceSearch';
import type { SearchReplies } from './services/search/SearchReplies';
import {
  createSearchWorkerPool,
  detailRepliesOnWorkers,
  searchingOnWorkers,
  searchRepliesOnWorkers,
  type SearchDatabase,
} from './services/search/SearchWorkerPool';
import {
  detailRepliesInProcess,
  type ParcelDetailReplies,
} from './services/parcelDetails/ParcelDetailReplies';
import type { SharedIndexHolder } from './store/contract/parcels/SharedFilterIndex';
import { createPaymentWebhooks } from './services/billing/paymentEvents';
import { createMailer } from './services/mail/mailer';
import { createNotificationService } from './services/push/NotificationService';
import { addNotificationTriggers } from './services/push/notificationTriggers';
import { createWebPushTransport, vapidSubject } from './services/push/webPushTransport';
import { createQuotaService, createSubscriptionReader } from './services/quota/QuotaService';
import { createReportContext } from './services/reports/ReportContext';
import { createParcelComparisons } from './services/comparison/ParcelComparisons';
import { createLandSites } from './services/sites/LandSites';
import { parcelSurroundings } from './services/reports/parcelSurroundings';
import { createTileService, renderTile } from './services/tiles/TileService';
import { canLoadWorkerEntries, workerEntryFile } from './threads/workerThreadEntries';
import { createLayerTileService } from './services/layers/LayerTileService';
import { createTileCache } from './services/tiles/TileCache';
import {
  createInProcessTileRenderer,
  createPooledTileRenderer,
  type TileDatabase,
  type TileRenderer,
} from './services/tiles/TileRenderer';
import { createSessionService } from './services/sessions/SessionService';
import { createTokenService } from './services/tokens/TokenService';
import { type Stores } from './store/contract/Stores';
import type { Storage } from './store/contract/Storage';
import type { ParcelRepository } from './store/contract/parcels/ParcelRepository';
import type { StorageHealth } from './store/contract/StorageHealth';
import { createDiskWatch } from './operations/diskFull';
import { createAppMetrics, type AppMetrics } from './operations/AppMetrics';
import { createReadiness } from './operations/Readiness';
import { createShutdownDrain } from './operations/ShutdownDrain';
import {
  countDownloadDenials,
  countQuotaDenials,
  measureReports,
  measureSearch,
  measureUnitsOfWork,
} from './operations/measureServices';

/** The tile worker thread's entry (its own small composition of a read-only repository). */
const TILE_WORKER_FILE = workerEntryFile('tileRenderWorker');

/**
 * Where tile workers read the dataset: PostgreSQL (each worker its own small pool, ADR 024), or the SQLite
 * file (null: none, an in-memory database).
 */
function tileDatabase({ location }: Storage): TileDatabase | null {
  if ('databaseUrl' in location) return { postgresUrl: location.databaseUrl };
  return location.inMemory || !fs.existsSync(location.sqliteFile) ? null : { file: location.sqliteFile };
}

/**
 * Worker threads render tiles when configured (WORKERS, default: the CPU cores) and they can open the
 * database (each its own connection); otherwise the event loop renders them (WORKERS=0, in-memory
 * databases, jest).
 */
function createTileRenderer(
  config: Config,
  storage: Storage,
  parcels: ParcelRepository,
  sharedIndex?: SharedIndexHolder,
): TileRenderer {
  const database = tileDatabase(storage);
  if (config.workers === 0 || database === null || !canLoadWorkerEntries())
    return createInProcessTileRenderer((request) => renderTile(parcels, request));
  return createPooledTileRenderer({
    database,
    workerFile: TILE_WORKER_FILE,
    threads: config.workers,
    sharedIndex,
  });
}

/**
 * Parcel searches and free detail replies run in worker threads (SEARCH_WORKERS, default the cores, on
 * PostgreSQL the cores but one; ADR 038, 044, 063, 067) over the filter index built once in shared memory, which the main thread's
 * repository reads too: on SQLite each worker reads the file, on PostgreSQL each has a small pool of its
 * own. Null (searches on the event loop) with SEARCH_WORKERS=0, an in-memory database, or where worker
 * threads cannot load their entry (jest: tests made through `buildApp` search in-process).
 */
function createSearchWorkers(config: Config, storage: Storage, log: FastifyBaseLogger) {
  const location = tileDatabase(storage);
  const { searchIndex } = storage;
  if (config.searchWorkers === 0 || location === null || !searchIndex || !canLoadWorkerEntries()) return null;
  const database: SearchDatabase =
    'file' in location
      ? { file: location.file }
      : {
          postgresUrl: location.postgresUrl,
          statementTimeoutMs: config.databaseStatementTimeoutMs,
          // As many as the main thread's pool, which had the searches waiting on PostgreSQL before (ADR 063).
          connections: config.databasePoolSize,
        };
  const index = searchIndex.share();
  const pool = createSearchWorkerPool({
    database,
    threads: config.searchWorkers,
    callsPerWorker: 'file' in database ? 1 : database.connections,
    index,
    onWorkerStopped: (reason) => log.error({ reason }, 'A search worker stopped; starting another'),
  });
  return { index, pool };
}

/**
 * The repositories of the storage (PostgreSQL or SQLite, openConfiguredStorage) with its search workers, with their health for readiness and their timings for the metrics. `close` ends the search
 * workers, then the storage, when the app closes.
 */
function createStores(
  config: Config,
  storage: Storage,
  metrics: AppMetrics,
  log: FastifyBaseLogger,
): Stores & {
  health: StorageHealth;
  close(): Promise<void>;
  sharedSearchIndex?: SharedIndexHolder;
  /** The free parcel detail replies made by the search workers (ADR 044), where there are some. */
  detailReplies?: ParcelDetailReplies;
  /** Search pages made as their replies' bytes by the search workers (ADR 070), where there are some. */
  searchReplies?: SearchReplies;
} {
  const { adapter } = storage;
  // Before the repositories are first built: SQLite times the statements prepared from then on.
  storage.observeStatements((statement) => metrics.statementTimer(adapter, statement));
  const search = createSearchWorkers(config, storage, log);
  const { stores } = storage;
  metrics.watchPool(storage.health.poolUse);
  return {
    ...stores,
    parcels: search ? searchingOnWorkers(stores.parcels, search.pool) : stores.parcels,
    searchReplies: search ? searchRepliesOnWorkers(search.pool) : undefined,
    sharedSearchIndex: search?.index,
    detailReplies: search
      ? detailRepliesOnWorkers(search.pool, detailRepliesInProcess(stores.parcels), (error) =>
          log.warn(
            { err: error },
            'A parcel detail reply was made on the event loop: the search workers failed',
          ),
        )
      : undefined,
    unitOfWork: measureUnitsOfWork(stores.unitOfWork, metrics, adapter),
    health: storage.health,
    close: async () => {
      await search?.pool.close();
      await storage.close();
    },
  };
}

export interface ComposeOptions {
  config: Config;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The HTTPS agent web pushes go out through (tests: one trusting their local receiver); default Node's. */
  /** TLS options of web push connections (tests: the certificate authority of their local receiver). */
  pushTls?: Pick<AgentOptions, 'ca'>;
}

/**
 * The composition root: every repository (of the one storage it is given) and every service is built here,
 * once, and handed to the routes as interfaces on the AppContext. Swapping the storage adapter or a
 * provider is a change to this function only.
 */
export async function composeContext({ config, storage, log, pushTls }: ComposeOptions): Promise<AppContext> {
  limitPasswordHashing(config.passwordHashConcurrency);
  const metrics = createAppMetrics();
  const stores = createStores(config, storage, metrics, log);
  const { unitOfWork } = stores;
  const events = new EventEmitter();
  // One cache for every tile that depends on neither the user nor a search: parcels, buildings, layers.
  const tileCache = createTileCache(stores.tileBlobs, {
    onLookup: (result) => metrics.tileCacheLookups.inc({ result }),
  });
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds);
  const sessions = createSessionService({
    sessions: stores.sessions,
    users: stores.users,
    events,
    idleDays: config.sessionIdleDays,
  });
  // Searched tiles filter with the search workers' shared index (ADR 038, 063), where there is one.
  const tileRenderer = createTileRenderer(config, storage, stores.parcels, stores.sharedSearchIndex);
  const provider = await createPaymentProvider(config, stores);
  const translator = createServerTranslator();
  if (provider.name === 'test') log.warn(TEST_PROVIDER_WARNING);
  else if (provider.name === 'none')
    log.warn('PAYMENT_PROVIDER=none: checkout answers "payments are not configured"');
  const subscriptions = createSubscriptionReader(stores);
  const notifications = createNotificationService({
    publicKey: config.vapidPublicKey,
    store: stores.pushSubscriptions,
    unitOfWork,
    events,
    preferredLanguage: async (userId) => (await stores.users.findById(userId))?.defaultLanguage ?? null,
    testLimiter: createRateLimiter('pushTestsPerUser', { max: 10, windowMs: 60_000 }, stores.rateLimits),
    endpointPolicy: config.pushEndpoints,
    transport: createWebPushTransport({
      publicKey: config.vapidPublicKey,
      privateKey: config.vapidPrivateKey,
      subject: vapidSubject(config.publicUrl, config.mailFrom),
      policy: config.pushEndpoints,
      tls: pushTls,
      onFailure: (origin, status) => log.warn({ pushService: origin, status }, 'web push not delivered'),
    }),
  });
  addNotificationTriggers({ events, notifications, subscriptions, log });
  const mailer = createMailer(config, log);
  const accounts = createAccountService({
    config,
    tokens,
    sessions,
    users: stores.users,
    keys: stores.accountKeys,
    twoFactor: stores.twoFactor,
    emailChanges: stores.emailChanges,
    rateLimits: stores.rateLimits,
    unitOfWork,
    mailer,
    log,
  });
  const preferences = createPreferenceService(stores.preferences, config.publicUrl);
  const audit = createAuditLog(stores.auditLog);
  const quota = countQuotaDenials(createQuotaService({ ...stores, events }), metrics);
  const parcelLists = createParcelListService({
    lists: stores.parcelLists,
    users: stores.users,
    parcels: stores.parcels,
    alertMutes: stores.listAlertMutes,
    audit,
    unitOfWork,
    events,
  });
  const placeSearch = measureSearch(
    createPlaceSearch(stores.parcels, translator, undefined, stores.searchReplies),
    metrics,
  );
  const savedSearchMatcher = createSavedSearchMatcher(stores.parcels, placeSearch);
  const savedSearches = createSavedSearchService({
    searches: stores.savedSearches,
    users: stores.users,
    members: stores.parcelLists,
    parcels: stores.parcels,
    matcher: savedSearchMatcher,
    audit,
    unitOfWork,
    events,
  });
  const listFactAlerts = createListFactAlerts({
    lists: stores.parcelLists,
    parcels: stores.parcels,
    notifications,
    mutes: stores.listAlertMutes,
    users: stores.users,
    mailer,
    translator,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    log,
    unitOfWork,
    events,
  });
  const savedSearchAlerts = createAlertScheduler(
    createSavedSearchAlerts({
      searches: stores.savedSearches,
      matcher: savedSearchMatcher,
      parcels: stores.parcels,
      users: stores.users,
      preferences: stores.preferences,
      notifications,
      mailer,
      publicUrl: config.publicUrl,
      secret: config.jwtSecret,
      log,
    }),
    events,
    log,
    listFactAlerts,
  );
  const reports = createReportContext({ ...stores, events });
  const cadastre = createCadastreImportService({
    events,
    // On a thread of its own: the ring checks and the writing never hold the event loop.
    importFile: (request) => {
      const started = importCadastreOnThread(
        {
          storage:
            'databaseUrl' in storage.location
              ? { databaseUrl: storage.location.databaseUrl }
              : { sqliteFile: storage.location.sqliteFile },
          file: request.file,
          sourceName: request.sourceName,
          mappingJson: request.mappingJson,
          registerFile: request.registerFile,
          maxVertices: config.cadastreMaxVertices,
        },
        request.onProgress,
      );
      // Saved searches look for their new matches once the import is written (or the municipalities
      // written before a stop) and its thread has ended.
      const result = started.result.then(
        (outcome) => {
          events.emit(DATASET_CHANGED_EVENT);
          return outcome;
        },
        (error: unknown) => {
          if (error instanceof CadastreImportStopped && error.municipalities > 0)
            events.emit(DATASET_CHANGED_EVENT);
          throw error;
        },
      );
      return { result, stop: started.stop };
    },
    isRefusal: (error) => error instanceof CadastreImportError,
    stoppedBy: (error) =>
      error instanceof CadastreImportStopped ? { municipalities: error.municipalities, of: error.of } : null,
  });
  const disk = createDiskWatch(config.dataDir, config.minFreeDiskBytes);
  const drain = createShutdownDrain();
  return {
    config,
    events,
    operations: {
      metrics,
      disk,
      drain,
      readiness: createReadiness({
        storage: stores.health,
        importing: cadastre.isImporting,
        diskFullness: disk.fullness,
        verifyMail: mailer.verify,
        shuttingDown: () => drain.draining,
      }),
    },
    closeStorage: stores.close,
    socketFanOut: storage.socketFanOut,
    tokens,
    resolveSession: sessions.resolve,
    sessions,
    unitOfWork,
    users: stores.users,
    accounts,
    preferences,
    audit,
    apiKeys: createApiKeyService({
      keys: stores.apiKeys,
      users: stores.users,
      requestLimiter: createRateLimiter('apiKeyRequests', API_KEY_LIMITS.requests, stores.rateLimits),
      tileLimiter: createRateLimiter('apiKeyTiles', API_KEY_LIMITS.tiles, stores.rateLimits),
      audit,
    }),
    files: createFileService({
      dataDir: config.dataDir,
      files: stores.fileItems,
      preferences: stores.preferences,
      unitOfWork,
      uploadLimiter: createRateLimiter('uploadsPerUser', UPLOAD_RATE_LIMIT, stores.rateLimits),
    }),
    userAdmin: createUserAdministration({
      users: stores.users,
      sites: stores.sites,
      twoFactor: stores.twoFactor,
      directory: stores.accountDirectory,
      accounts,
      sessions,
      preferences,
      audit,
      unitOfWork,
    }),
    parcelLists,
    listExports: createListExports({
      lists: parcelLists,
      parcels: stores.parcels,
      batchQuota: quota,
      unitOfWork,
    }),
    searchExports: createSearchExports({ placeSearch, quota, batchQuota: quota, unitOfWork }),
    exportJobs: createExportJobs({
      events,
      store: stores.exportJobs,
      onError: (error) => log.error({ err: error }, 'A background export failed'),
    }),
    comparisons: createParcelComparisons({
      documents: reports.documents,
      quota: countDownloadDenials(reports.quota, metrics),
      fullViews: quota,
      unitOfWork,
      demoData: true,
    }),
    landSites: createLandSites({
      documents: reports.documents,
      surroundings: (centre) => parcelSurroundings(stores.parcels, centre),
      fullViews: quota,
      quota: countDownloadDenials(reports.quota, metrics),
      unitOfWork,
      demoData: true,
    }),
    mapPrints: createMapPrintService({
      parcels: stores.parcels,
      layers: stores.layers,
      limiter: createRateLimiter('mapPrintsPerUser', MAP_PRINT_RATE_LIMIT, stores.rateLimits),
      publicUrl: config.publicUrl,
      demoData: true,
    }),
    parcels: stores.parcels,
    layers: stores.layers,
    plans: stores.plans,
    quota,
    batchQuota: quota,
    subscriptions,
    tiles: createTileService(stores.parcels, tileCache, tileRenderer),
    layerTiles: createLayerTileService(stores.layers, stores.parcels, tileCache),
    // The base map names the few municipalities merged after 2024 as the dataset does.
    baseMap: createLazyBaseMap(() =>
      loadBaseGeography({
        municipalityNames: () => new Map(loadSwissGeography().municipalities.map((m) => [m.bfs, m.name])),
      }),
    ),
    cadastre,
    payments: {
      provider,
      webhooks: createPaymentWebhooks({
        stores,
        events,
        provider: provider.name,
        webhookSecret: provider.webhookSecret,
      }),
      checkoutSessions: stores.checkoutSessions,
      portalSessions: stores.portalSessions,
      couponQuoteLimits: {
        perUser: createRateLimiter('couponQuotesPerUser', COUPON_QUOTE_LIMITS.perUser, stores.rateLimits),
        perAddress: createRateLimiter('couponQuotesPerIp', COUPON_QUOTE_LIMITS.perAddress, stores.rateLimits),
      },
      subscriptions: stores.subscriptions,
      coupons: stores.coupons,
    },
    notifications,
    reports: {
      ...reports,
      documents: measureReports(reports.documents, metrics),
      quota: countDownloadDenials(reports.quota, metrics),
    },
    translator,
    placeSearch,
    parcelDetailReplies: stores.detailReplies ?? detailRepliesInProcess(stores.parcels),
    savedSearches,
    savedSearchAlerts,
    listFactAlerts,
  };
}
