import type { PostgresMigration } from './PostgresMigration';
import { isSharedMigration, type SharedMigration } from '../../sql/migrations/SharedMigration';
import { POSTGRES_TYPES } from '../sql/postgresSqlRepository';
import { socketFanOutMigration } from './002-socket-fan-out';
import { accountsMigration } from './010-accounts';
import { rateLimitsMigration } from '../../sql/migrations/015-rate-limits';
import { sessionsMigration } from '../../sql/migrations/016-sessions';
import { twoFactorMigration } from '../../sql/migrations/017-two-factor';
import { passkeySignInsMigration } from '../../sql/migrations/018-passkey-sign-ins';
import { parcelDatasetMigration } from './020-parcel-dataset';
import { cantonsMigration } from './021-cantons';
import { mapLayersMigration } from './060-map-layers';
import { municipalityPriceLevelsMigration } from '../../sql/migrations/072-municipality-price-levels';
import { plansSubscriptionsMigration } from './030-plans-subscriptions';
import { settingsMigration } from './040-settings';
import { pushSubscriptionsMigration } from '../../sql/migrations/045-push-subscriptions';
import { couponsMigration } from './051-coupons';
import { parcelDownloadsMigration } from '../../sql/migrations/070-parcel-downloads';
import { oneTimeTokensMigration } from '../../sql/migrations/071-one-time-tokens';
import { datasetNotificationsMigration } from './080-dataset-notifications';
import { tileCacheMigration } from '../../sql/migrations/090-tile-cache';
import { apiKeysMigration } from '../../sql/migrations/092-api-keys';
import { parcelListsMigration } from '../../sql/migrations/093-parcel-lists';
import { savedSearchesMigration } from '../../sql/migrations/094-saved-searches';
import { timeZonesMigration } from '../../sql/migrations/095-time-zones';
import { exportJobsMigration } from '../../sql/migrations/096-export-jobs';
import { listAlertMutesMigration } from '../../sql/migrations/097-list-alert-mutes';
import { multiPartParcelsMigration } from './098-multi-part-parcels';
import { listedParcelFactsMigration } from '../../sql/migrations/099-listed-parcel-facts';

import { surveyGeometryMigration } from '../../sql/migrations/027-survey-geometry';
import { buildingReserveMigration } from './028-building-reserve';
/** Every PostgreSQL schema step, in order (the areas' version ranges are those of server/store/migrations). */
const steps: (PostgresMigration | SharedMigration)[] = [
  socketFanOutMigration,
  accountsMigration,
  rateLimitsMigration,
  sessionsMigration,
  twoFactorMigration,
  passkeySignInsMigration,
  parcelDatasetMigration,
  cantonsMigration,
  surveyGeometryMigration,
  buildingReserveMigration,
  plansSubscriptionsMigration,
  settingsMigration,
  pushSubscriptionsMigration,
  couponsMigration,
  mapLayersMigration,
  parcelDownloadsMigration,
  oneTimeTokensMigration,
  municipalityPriceLevelsMigration,
  datasetNotificationsMigration,
  tileCacheMigration,
  apiKeysMigration,
  parcelListsMigration,
  savedSearchesMigration,
  timeZonesMigration,
  exportJobsMigration,
  listAlertMutesMigration,
  multiPartParcelsMigration,
  listedParcelFactsMigration,
];

/** Every PostgreSQL schema step, in order; a shared one with PostgreSQL's type names. */
export const postgresMigrations: PostgresMigration[] = steps.map((step) =>
  isSharedMigration(step) ? { version: step.version, name: step.name, sql: step.sql(POSTGRES_TYPES) } : step,
);
