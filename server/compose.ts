import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './AppContext';
import type { Config } from './config';
import { createAccountService } from './services/accounts/createAccountService';
import { limitPasswordHashing } from './services/accounts/credentials';
import { createLazyBaseMap } from './services/basemap/BaseMapTiles';
import { createCadastreImportService } from './services/cadastre/CadastreImportService';
import { CadastreImportError } from './data/cadastre/CadastreSource';
import { importCadastreFile } from './data/cadastre/importCadastreFile';
import { createPaymentProvider, TEST_PROVIDER_WARNING } from './services/billing/PaymentProvider';
import { createPaymentWebhooks } from './services/billing/paymentEvents';
import { createMailer } from './services/mail/mailer';
import { createQuotaService, createSubscriptionReader } from './services/quota/QuotaService';
import { createTileService, renderTile } from './services/tiles/TileService';
import { createTileCache } from './services/tiles/TileCache';
import {
  createInProcessTileRenderer,
  createPooledTileRenderer,
  type TileRenderer,
} from './services/tiles/TileRenderer';
import { createSessionService } from './services/sessions/SessionService';
import { createTokenService } from './services/tokens/TokenService';
import { createSqliteStores } from './store/Stores';
import type { ParcelRepository } from './store/parcels/ParcelRepository';

/** The tile worker thread's entry (its own small composition of a read-only repository). */
const TILE_WORKER_FILE = path.join(__dirname, 'workers', 'tileRenderWorker.ts');

/**
 * The server runs from TypeScript through tsx; a worker thread can load the .ts worker file only when the
 * process was started with tsx's loader (npm start, npm run dev, tsx). Jest's transform does not reach
 * worker threads, so tests made through `buildApp` render in-process.
 */
const canLoadTypeScriptWorkers = () => process.execArgv.some((arg) => arg.includes('tsx'));

/**
 * Worker threads render tiles when configured (WORKERS, default: the CPU cores) and they can open the
 * database file; otherwise the event loop renders them (WORKERS=0, in-memory databases, jest).
 */
function createTileRenderer(config: Config, db: Database, parcels: ParcelRepository): TileRenderer {
  if (config.workers === 0 || db.memory || !fs.existsSync(db.name) || !canLoadTypeScriptWorkers())
    return createInProcessTileRenderer((request) => renderTile(parcels, request));
  return createPooledTileRenderer({
    databaseFile: db.name,
    workerFile: TILE_WORKER_FILE,
    threads: config.workers,
  });
}

export interface ComposeOptions {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
}

/**
 * The composition root: every repository (over the one SQLite database) and every service is built here,
 * once, and handed to the routes as interfaces on the AppContext. Swapping the storage adapter or a
 * provider is a change to this function only.
 */
export function composeContext({ config, db, log }: ComposeOptions): AppContext {
  limitPasswordHashing(config.passwordHashConcurrency);
  const stores = createSqliteStores(db);
  const { unitOfWork } = stores;
  const events = new EventEmitter();
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds);
  const sessions = createSessionService({
    sessions: stores.sessions,
    users: stores.users,
    events,
    idleDays: config.sessionIdleDays,
  });
  const tileRenderer = createTileRenderer(config, db, stores.parcels);
  const provider = createPaymentProvider(config, stores);
  if (provider.name === 'test') log.warn(TEST_PROVIDER_WARNING);
  else if (provider.name === 'none')
    log.warn('PAYMENT_PROVIDER=none: checkout answers "payments are not configured"');
  return {
    config,
    events,
    tokens,
    resolveSession: sessions.resolve,
    sessions,
    unitOfWork,
    users: stores.users,
    accounts: createAccountService({
      config,
      tokens,
      sessions,
      users: stores.users,
      keys: stores.accountKeys,
      rateLimits: stores.rateLimits,
      unitOfWork,
      mailer: createMailer(config, log),
      log,
    }),
    parcels: stores.parcels,
    plans: stores.plans,
    quota: createQuotaService({ ...stores, events }),
    subscriptions: createSubscriptionReader(stores),
    tiles: createTileService(stores.parcels, createTileCache(stores.tileBlobs), tileRenderer),
    baseMap: createLazyBaseMap(),
    cadastre: createCadastreImportService({
      events,
      // Between municipalities and every few hundred features the event loop serves other requests.
      importFile: (request) => importCadastreFile({ db, ...request, pause: () => new Promise(setImmediate) }),
      isRefusal: (error) => error instanceof CadastreImportError,
    }),
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
      subscriptions: stores.subscriptions,
    },
  };
}
