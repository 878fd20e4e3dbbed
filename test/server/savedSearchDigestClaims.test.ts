import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createSavedSearchAlerts } from '../../server/services/savedSearches/SavedSearchAlerts';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { openPostgresRepositories } from '../../server/store/postgres/createPostgresStores';
import type { Stores } from '../../server/store/contract/Stores';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

/**
 * No alert is sent twice: two instances (two sets of repositories on two connections to one
 * database) send their due digests at the same moment; the digest goes out once (ADR 032, the claim).
 */

/** 10:00 in Zurich: inside the reminder hours. */
const AT = Date.parse('2026-07-01T08:00:00Z');

async function seed(stores: Stores) {
  const owner = await stores.users.create({
    username: 'digest@x.ch',
    email: 'digest@x.ch',
    name: 'Digest',
    passwordHash: 'hash',
    status: 'active',
    roles: ['MAPUSER'],
  });
  await stores.savedSearches.create({
    id: 'daily',
    ownerId: owner.id,
    name: 'Bauland Zug',
    query: 'CANTON=ZG',
    area: null,
    alert: 'daily',
    siteId: null,
    at: 1,
  });
  await stores.savedSearches.recordMatches('daily', ['CH1', 'CH2'], 2, null);
}

/** One instance's digest service over its own repositories; every mail it sends is counted. */
function instance(stores: Stores, mailed: string[]) {
  return createSavedSearchAlerts({
    searches: stores.savedSearches,
    matcher: {
      matches: async () => ({
        tooBroad: false,
        matches: ['CH1', 'CH2'].map((prcId) => ({ prcId, prcNo: prcId, locname: 'Baar', canton: 'ZG' })),
      }),
    },
    parcels: stores.parcels,
    users: stores.users,
    preferences: stores.preferences,
    notifications: {
      notify: async () => ({ delivered: 1, gone: 0, failed: 0, notification: null }) as never,
    },
    mailer: { send: async (mail) => void mailed.push(mail.to), verify: async () => undefined },
    publicUrl: 'http://atlas.test',
    secret: 'test',
    log: pino({ level: 'silent' }),
    now: () => AT,
  });
}

async function sendTogether(first: Stores, second: Stores) {
  const mailed: string[] = [];
  const rounds = await Promise.all([
    instance(first, mailed).sendDueDigests(),
    instance(second, mailed).sendDueDigests(),
  ]);
  return { mailed, delivered: rounds.map((round) => round.delivered) };
}

describe('SQLite: two instances on one database file', () => {
  let dir: string;
  const opened: ReturnType<typeof openDatabase>[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digest-claims-'));
  });
  afterAll(() => {
    opened.forEach((db) => db.close());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a digest due on both once', async () => {
    const open = () => {
      const db = openDatabase(path.join(dir, 'shared.sqlite'));
      opened.push(db);
      return createSqliteStores(db);
    };
    const first = open();
    await seed(first);
    const { mailed, delivered } = await sendTogether(first, open());
    expect(mailed).toEqual(['digest@x.ch']);
    expect(delivered.sort()).toEqual([0, 1]);
  });
});

describe('PostgreSQL: two instances on one database', () => {
  let database: TestPostgresDatabase;
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
  });
  afterAll(async () => {
    for (const repositories of opened) await repositories.close();
    await database?.drop();
  });

  it('sends a digest due on both once', async () => {
    const open = async () => {
      const repositories = await openPostgresRepositories(database.url);
      opened.push(repositories);
      return repositories;
    };
    const first = await open();
    await seed(first);
    const { mailed, delivered } = await sendTogether(first, await open());
    expect(mailed).toEqual(['digest@x.ch']);
    expect(delivered.sort()).toEqual([0, 1]);
  });
});
