import type { Migration } from './Migration';
import type { SharedMigration } from '../../sql/migrations/SharedMigration';
import { SQLITE_TYPES } from '../sql/sqliteSqlRepository';
import { coreMigration } from './001-core';
import { parcelsMigration } from './020-parcels';
import { cantonsMigration } from './021-cantons';
import { parcelFilterColumnsMigration } from './022-parcel-filter-columns';
import { parcelTextOneLetterPrefixMigration } from './023-parcel-text-one-letter-prefix';
import { dataOriginMigration } from './025-data-origin';
import { parcelPostcodeIndexMigration } from './026-parcel-postcode-index';
import { accountsMigration } from './010-accounts';
import { rateLimitsMigration } from '../../sql/migrations/015-rate-limits';
import { sessionsMigration } from '../../sql/migrations/016-sessions';
import { twoFactorMigration } from '../../sql/migrations/017-two-factor';
import { passkeySignInsMigration } from '../../sql/migrations/018-passkey-sign-ins';
import { plansSubscriptionsMigration } from './030-plans-subscriptions';
import { mapLayersMigration } from './060-map-layers';
import { pushSubscriptionsMigration } from '../../sql/migrations/045-push-subscriptions';
import { parcelDownloadsMigration } from '../../sql/migrations/070-parcel-downloads';
import { oneTimeTokensMigration } from '../../sql/migrations/071-one-time-tokens';
import { municipalityPriceLevelsMigration } from '../../sql/migrations/072-municipality-price-levels';
import { tileCacheMigration } from '../../sql/migrations/090-tile-cache';
import { apiKeysMigration } from '../../sql/migrations/092-api-keys';
import { parcelListsMigration } from '../../sql/migrations/093-parcel-lists';
import { savedSearchesMigration } from '../../sql/migrations/094-saved-searches';
import { timeZonesMigration } from '../../sql/migrations/095-time-zones';
import { exportJobsMigration } from '../../sql/migrations/096-export-jobs';
import { listAlertMutesMigration } from '../../sql/migrations/097-list-alert-mutes';
import { listedParcelFactsMigration } from '../../sql/migrations/099-listed-parcel-facts';
import { countedSearchesMigration } from './050-counted-searches';
import { couponsMigration } from './051-coupons';
import { settingsMigration } from './040-settings';

import { surveyGeometryMigration } from '../../sql/migrations/027-survey-geometry';
import { buildingReserveMigration } from './028-building-reserve';
/**
 * Every schema step, in order. Version ranges by area keep parallel work apart:
 * 1–9 core, 10–19 accounts, 20–29 parcels/dataset, 30–39 plans/subscriptions, 40–49 settings/push,
 * 50–54 fair quotas and coupons, 70–74 reports and exports, 90–99 tile cache.
 * 60–64 map layers, 90–91 tile cache and two-factor sign-in, 92 personal API keys, 93 parcel lists,
 * 94 saved searches, 95 time zones, 96 background export jobs,
 * 97 list alert mutes, 99 listed parcels' facts.
 */
const steps: (Migration | SharedMigration)[] = [
  coreMigration,
  accountsMigration,
  rateLimitsMigration,
  sessionsMigration,
  twoFactorMigration,
  passkeySignInsMigration,
  parcelsMigration,
  cantonsMigration,
  parcelFilterColumnsMigration,
  parcelTextOneLetterPrefixMigration,
  dataOriginMigration,
  parcelPostcodeIndexMigration,
  surveyGeometryMigration,
  buildingReserveMigration,
  plansSubscriptionsMigration,
  mapLayersMigration,
  pushSubscriptionsMigration,
  parcelDownloadsMigration,
  oneTimeTokensMigration,
  municipalityPriceLevelsMigration,
  tileCacheMigration,
  countedSearchesMigration,
  couponsMigration,
  settingsMigration,
  apiKeysMigration,
  parcelListsMigration,
  savedSearchesMigration,
  timeZonesMigration,
  exportJobsMigration,
  listAlertMutesMigration,
  listedParcelFactsMigration,
];

/** Every schema step, in order; a shared one runs its SQL with SQLite's type names. */
export const migrations: Migration[] = steps.map((step) =>
  'up' in step
    ? step
    : { version: step.version, name: step.name, up: (db) => db.exec(step.sql(SQLITE_TYPES)) },
);
