import { EventEmitter } from 'node:events';
import type { Database } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './AppContext';
import type { Config } from './config';
import { createAccountService } from './services/accounts/createAccountService';
import { limitPasswordHashing } from './services/accounts/credentials';
import { createLazyBaseMap } from './services/basemap/BaseMapTiles';
import { createPaymentProvider, TEST_PROVIDER_WARNING } from './services/billing/PaymentProvider';
import { createPaymentWebhooks } from './services/billing/paymentEvents';
import { createMailer } from './services/mail/mailer';
import { createQuotaService, createSubscriptionReader } from './services/quota/QuotaService';
import { createTileService } from './services/tiles/TileService';
import { createLayerTileService } from './services/layers/LayerTileService';
import { createTileCache } from './services/tiles/TileCache';
import { createSessionService } from './services/sessions/SessionService';
import { createTokenService } from './services/tokens/TokenService';
import { createSqliteStores } from './store/Stores';

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
  // One cache for every tile that depends on neither the user nor a search: parcels, buildings, layers.
  const tileCache = createTileCache(stores.tileBlobs);
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds);
  const sessions = createSessionService({
    sessions: stores.sessions,
    users: stores.users,
    events,
    idleDays: config.sessionIdleDays,
  });
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
    tiles: createTileService(stores.parcels, tileCache),
    layerTiles: createLayerTileService(stores.layers, stores.parcels, tileCache),
    baseMap: createLazyBaseMap(),
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
