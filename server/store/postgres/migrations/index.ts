import type { PostgresMigration } from './PostgresMigration';
import { socketFanOutMigration } from './002-socket-fan-out';
import { accountsMigration } from './010-accounts';
import { rateLimitsMigration } from './015-rate-limits';
import { sessionsMigration } from './016-sessions';
import { twoFactorMigration } from './017-two-factor';
import { passkeySignInsMigration } from './018-passkey-sign-ins';
import { parcelDatasetMigration } from './020-parcel-dataset';
import { cantonsMigration } from './021-cantons';
import { mapLayersMigration } from './060-map-layers';
import { municipalityPriceLevelsMigration } from './072-municipality-price-levels';
import { plansSubscriptionsMigration } from './030-plans-subscriptions';
import { settingsMigration } from './040-settings';
import { pushSubscriptionsMigration } from './045-push-subscriptions';
import { couponsMigration } from './051-coupons';
import { parcelDownloadsMigration } from './070-parcel-downloads';
import { oneTimeTokensMigration } from './071-one-time-tokens';
import { datasetNotificationsMigration } from './080-dataset-notifications';
import { tileCacheMigration } from './090-tile-cache';
import { apiKeysMigration } from './092-api-keys';
import { parcelListsMigration } from './093-parcel-lists';
import { savedSearchesMigration } from './094-saved-searches';
import { timeZonesMigration } from './095-time-zones';
import { exportJobsMigration } from './096-export-jobs';
import { listAlertMutesMigration } from './097-list-alert-mutes';
import { multiPartParcelsMigration } from './098-multi-part-parcels';
import { listedParcelFactsMigration } from './099-listed-parcel-facts';

import { surveyGeometryMigration } from './027-survey-geometry';
import { buildingReserveMigration } from './028-building-reserve';
/** Every PostgreSQL schema step, in order (the areas' version ranges are those of server/store/migrations). */
export const postgresMigrations: PostgresMigration[] = [
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
