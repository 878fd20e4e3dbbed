import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  openPostgresRepositories,
  type PostgresRepositories,
} from '../../../server/store/postgres/createPostgresStores';
import {
  createTestPostgresDatabase,
  emptyTestPostgresTables,
  type TestPostgresDatabase,
} from '../helpers/testPostgres';
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

// The same repository contracts over PostgreSQL (the jest run's throwaway cluster, test/server/globalSetup.ts):
// one database for the file, emptied before every test.
let database: TestPostgresDatabase;
let repositories: PostgresRepositories;
beforeAll(async () => {
  database = await createTestPostgresDatabase();
  repositories = await openPostgresRepositories(database.url);
});
afterAll(async () => {
  await repositories?.close();
  await database?.drop();
});
// Before each suite's own beforeEach, which takes its stores from makePostgresStores.
beforeEach(() => emptyTestPostgresTables(database.url));
function makePostgresStores() {
  return repositories;
}

describe('PostgreSQL: users and account keys', () => describeUserStoreContract(makePostgresStores));
describe('PostgreSQL: sessions', () => describeSessionStoreContract(makePostgresStores));
describe('PostgreSQL: second factors', () => describeTwoFactorContract(makePostgresStores));
describe('PostgreSQL: rate limits', () => describeRateLimitStoreContract(makePostgresStores));
describe('PostgreSQL: plans, subscriptions, usage and payments', () =>
  describeSubscriptionContract(makePostgresStores));
describe('PostgreSQL: settings and the account directory', () =>
  describeSettingsContract(makePostgresStores));
describe('PostgreSQL: push subscriptions and one-time tokens', () =>
  describePushAndTokenContract(makePostgresStores));
describe('PostgreSQL: coupons and parcel downloads', () =>
  describeCouponAndDownloadContract(makePostgresStores));
describe('PostgreSQL: tile cache', () => describeTileBlobContract(makePostgresStores));
describe('PostgreSQL: personal API keys and per-item quota counting', () =>
  describeApiKeyContract(makePostgresStores));
describe('PostgreSQL: parcel lists, notes, activity and status names', () =>
  describeParcelListContract(makePostgresStores));
describe('PostgreSQL: saved searches and their matches', () =>
  describeSavedSearchContract(makePostgresStores));
describe('PostgreSQL: background export jobs and their files', () =>
  describeExportJobContract(makePostgresStores));
describe("PostgreSQL: who turned off a list's alerts", () =>
  describeListAlertMuteContract(makePostgresStores));
describe('PostgreSQL: units of work running at the same time', () =>
  describeConcurrentUnitsContract(makePostgresStores));

describe('PostgreSQL: two app instances on one database', () => {
  let other: PostgresRepositories;
  beforeAll(async () => {
    other = await openPostgresRepositories(database.url);
  });
  afterAll(async () => other?.close());

  it('applies the migrations once: a second instance finds them applied', async () => {
    await expect(
      openPostgresRepositories(database.url).then((third) => third.close()),
    ).resolves.toBeUndefined();
  });

  it('refuses on one instance a session revoked on the other', async () => {
    const user = await repositories.users.create({
      username: 'anna@example.ch',
      email: 'anna@example.ch',
      passwordHash: 'hash',
      status: 'active',
      roles: ['user'],
    });
    const session = await repositories.sessions.create(user.id, 1_000);
    expect(await other.sessions.revoke(session.id, 2_000)).toBe(true);
    expect((await repositories.sessions.find(session.id))?.revokedAt).toBe(2_000);
    expect(await repositories.sessions.revoke(session.id, 3_000)).toBe(false);
  });

  it('counts a rate limit across instances', async () => {
    await repositories.rateLimits.write('loginFailuresPerIp', '10.0.0.1', {
      count: 5,
      windowStart: 1_000,
      blockedUntil: 9_000,
      expiresAt: 10_000,
    });
    expect((await other.rateLimits.read('loginFailuresPerIp', '10.0.0.1'))?.blockedUntil).toBe(9_000);
  });

  it('lets a single-use key be used on one instance only', async () => {
    await repositories.accountKeys.add('hash', {
      kind: 'reset',
      email: 'a@x.ch',
      userId: null,
      expiresAt: 10_000,
    });
    expect(await other.accountKeys.consume('reset', 'hash', 1_000)).toBe(true);
    expect(await repositories.accountKeys.consume('reset', 'hash', 1_000)).toBe(false);
  });

  it('never counts a quota past its limit when two processes count at once', async () => {
    const run = promisify(execFile);
    const script = path.join(__dirname, '..', 'helpers', 'countUsageConcurrently.ts');
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    // Two processes, 1500 attempts each, at a limit of 2000: exactly 2000 are accepted between them
    // (long enough for the two to overlap: a trial run split them 1959 / 2041 at 3000 each).
    const results = await Promise.all(
      [1, 2].map(() => run(tsx, [script, database.url, '1500', '2000'], { cwd: process.cwd() })),
    );
    const accepted = results.map((result) => Number(result.stdout));
    expect(accepted[0] + accepted[1]).toBe(2000);
    expect((await repositories.usage.read('user-1', '2026-11-01')).full_view).toBe(2000);
  });

  it('does not show one instance the uncommitted writes of the other', async () => {
    await repositories.unitOfWork(async () => {
      await repositories.rateLimits.write('b', 'k', {
        count: 1,
        windowStart: 0,
        blockedUntil: 0,
        expiresAt: 1,
      });
      expect(await other.rateLimits.read('b', 'k')).toBeNull();
    });
    expect(await other.rateLimits.read('b', 'k')).not.toBeNull();
  });
});
