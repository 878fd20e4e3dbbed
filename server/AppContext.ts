import type { EventEmitter } from 'node:events';
import type { Config } from './config';
import type { AccountService } from './services/accounts/createAccountService';
import type { BaseMap } from './services/basemap/BaseMapTiles';
import type { CadastreImportService } from './services/cadastre/CadastreImportService';
import type { PaymentProvider } from './services/billing/PaymentProvider';
import type { PaymentWebhooks } from './services/billing/paymentEvents';
import type { SessionService } from './services/sessions/SessionService';
import type { QuotaService, SubscriptionReader } from './services/quota/QuotaService';
import type { TileService } from './services/tiles/TileService';
import type { SessionResolver, TokenService } from './services/tokens/TokenService';
import type { Stores, UnitOfWork } from './store/Stores';

/** What the payment host's routes use: the provider, the webhook path, and the records the test checkout shows. */
export interface PaymentContext {
  provider: PaymentProvider;
  webhooks: PaymentWebhooks;
  checkoutSessions: Stores['checkoutSessions'];
  portalSessions: Stores['portalSessions'];
  subscriptions: Stores['subscriptions'];
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
  plans: Stores['plans'];
  /** Plan quotas; read at request time, so a test may put its own in. */
  quota: QuotaService;
  subscriptions: SubscriptionReader;
  tiles: TileService;
  baseMap: BaseMap;
  payments: PaymentContext;
  /** Imports of real cadastral data uploaded by admins. */
  cadastre: CadastreImportService;
}
