import type { Stores } from '../contract/Stores';
import { apiKeyStoreSql } from './apiKeys/apiKeyStoreSql';
import { couponRepositorySql } from './coupons/couponRepositorySql';
import { exportJobStoreSql } from './exportJobs/exportJobStoreSql';
import { listAlertMuteStoreSql } from './listAlertMutes/listAlertMuteStoreSql';
import { pushSubscriptionStoreSql } from './push/pushSubscriptionStoreSql';
import { oneTimeTokenStoreSql } from './reports/oneTimeTokenStoreSql';
import { parcelDownloadRepositorySql } from './reports/parcelDownloadRepositorySql';
import { sessionStoreSql } from './sessions/sessionStoreSql';
import { preferenceStoreSql } from './settings/preferenceStoreSql';
import { siteStoreSql } from './settings/siteStoreSql';
import type { SqlRepositoryDefinition } from './SqlWork';
import { accountKeyStoreSql } from './users/accountKeyStoreSql';
import { tileBlobStoreSql } from './tiles/tileBlobStoreSql';
import {
  checkoutSessionRepositorySql,
  paymentEventRepositorySql,
  portalSessionRepositorySql,
} from './subscriptions/paymentRepositoriesSql';
import { planRepositorySql } from './subscriptions/planRepositorySql';
import { subscriptionRepositorySql } from './subscriptions/subscriptionRepositorySql';
import { usageRepositorySql } from './subscriptions/usageRepositorySql';
import { twoFactorStoreSql } from './twoFactor/twoFactorStoreSql';
import { auditLogStoreSql } from './settings/auditLogStoreSql';
import { emailChangeStoreSql } from './settings/emailChangeStoreSql';
import { fileItemStoreSql } from './settings/fileItemStoreSql';
import { parcelListStoreSql } from './lists/parcelListStoreSql';
import { rateLimitStoreSql } from './rateLimits/rateLimitStoreSql';
import { savedSearchStoreSql } from './savedSearches/savedSearchStoreSql';

/**
 * The repositories written once for both adapters (ADR 058), each built by the adapter over its
 * connection. The others are each adapter's own (`createSqliteStores`, `createPostgresStores`).
 */
export const sharedRepositories = {
  accountKeys: accountKeyStoreSql,
  auditLog: auditLogStoreSql,
  checkoutSessions: checkoutSessionRepositorySql,
  emailChanges: emailChangeStoreSql,
  fileItems: fileItemStoreSql,
  parcelLists: parcelListStoreSql,
  paymentEvents: paymentEventRepositorySql,
  plans: planRepositorySql,
  portalSessions: portalSessionRepositorySql,
  subscriptions: subscriptionRepositorySql,
  tileBlobs: tileBlobStoreSql,
  twoFactor: twoFactorStoreSql,
  usage: usageRepositorySql,
  apiKeys: apiKeyStoreSql,
  coupons: couponRepositorySql,
  exportJobs: exportJobStoreSql,
  listAlertMutes: listAlertMuteStoreSql,
  oneTimeTokens: oneTimeTokenStoreSql,
  parcelDownloads: parcelDownloadRepositorySql,
  preferences: preferenceStoreSql,
  pushSubscriptions: pushSubscriptionStoreSql,
  rateLimits: rateLimitStoreSql,
  savedSearches: savedSearchStoreSql,
  sessions: sessionStoreSql,
  sites: siteStoreSql,
} satisfies { [Name in keyof Stores]?: SqlRepositoryDefinition<Stores[Name]> };

export type SharedRepositoryName = keyof typeof sharedRepositories;

/**
 * Builds every shared repository with `build` (the adapter's driver over its connection). `Built` is the
 * adapter's own view of them, given explicitly so the adapter's object of repositories is still checked
 * for the ones it must build itself.
 */
export function buildSharedRepositories<Built extends { [Name in SharedRepositoryName]: unknown }>(
  build: <Port>(definition: SqlRepositoryDefinition<Port>) => unknown,
): Built {
  return Object.fromEntries(
    Object.entries(sharedRepositories).map(([name, definition]) => [
      name,
      build(definition as SqlRepositoryDefinition<unknown>),
    ]),
  ) as Built;
}
