import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../../server/store/sqlite/createSqliteStores';
import { describeRateLimitStoreContract } from './describeRateLimitStoreContract';
import { describeCouponAndDownloadContract } from './describeCouponAndDownloadContract';
import { describePushAndTokenContract } from './describePushAndTokenContract';
import { describeSessionStoreContract } from './describeSessionStoreContract';
import { describeSettingsContract } from './describeSettingsContract';
import { describeSubscriptionContract } from './describeSubscriptionContract';
import { describeTileBlobContract } from './describeTileBlobContract';
import { describeUserStoreContract } from './describeUserStoreContract';
import { describeConcurrentUnitsContract } from './describeConcurrentUnitsContract';
import { describeApiKeyContract } from './describeApiKeyContract';
import { describeTwoFactorContract } from './describeTwoFactorContract';
import { describeParcelListContract } from './describeParcelListContract';
import { describeSavedSearchContract } from './describeSavedSearchContract';
import { describeExportJobContract } from './describeExportJobContract';
import { describeListAlertMuteContract } from './describeListAlertMuteContract';

// The repository contracts over the embedded SQLite adapter: a new in-memory database for every test.
const opened: Database[] = [];
function makeSqliteStores() {
  const db = openDatabase(':memory:');
  opened.push(db);
  return createSqliteStores(db);
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

describe('SQLite: users and account keys', () => describeUserStoreContract(makeSqliteStores));
describe('SQLite: sessions', () => describeSessionStoreContract(makeSqliteStores));
describe('SQLite: second factors', () => describeTwoFactorContract(makeSqliteStores));
describe('SQLite: rate limits', () => describeRateLimitStoreContract(makeSqliteStores));
describe('SQLite: plans, subscriptions, usage and payments', () =>
  describeSubscriptionContract(makeSqliteStores));
describe('SQLite: settings and the account directory', () => describeSettingsContract(makeSqliteStores));
describe('SQLite: push subscriptions and one-time tokens', () =>
  describePushAndTokenContract(makeSqliteStores));
describe('SQLite: coupons and parcel downloads', () => describeCouponAndDownloadContract(makeSqliteStores));
describe('SQLite: tile cache', () => describeTileBlobContract(makeSqliteStores));
describe('SQLite: personal API keys and per-item quota counting', () =>
  describeApiKeyContract(makeSqliteStores));
describe('SQLite: parcel lists, notes, activity and status names', () =>
  describeParcelListContract(makeSqliteStores));
describe('SQLite: saved searches and their matches', () => describeSavedSearchContract(makeSqliteStores));
describe('SQLite: background export jobs and their files', () => describeExportJobContract(makeSqliteStores));
describe("SQLite: who turned off a list's alerts", () => describeListAlertMuteContract(makeSqliteStores));
describe('SQLite: units of work running at the same time', () =>
  describeConcurrentUnitsContract(makeSqliteStores));
