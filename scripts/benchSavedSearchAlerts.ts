/**
 * Alert matching after an import: 1,000 saved searches with an alert at once, matched against a dataset of
 * about 100,000 parcels that none of them has seen (the state right after importing them), with the load
 * average. Target: ≤ 10 s. Deliveries go to counters (the bench measures finding and recording the new
 * matches, not a mail server). The dataset is built once into a temporary SQLite file.
 *   npm run bench:saved-search-alerts
 *   npm run bench:saved-search-alerts -- --parcels 20000 --searches 200
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildDataset } from '../server/data/buildDataset';
import { createSavedSearchAlerts } from '../server/services/savedSearches/SavedSearchAlerts';
import { createSavedSearchMatcher } from '../server/services/savedSearches/SavedSearchMatcher';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { createSqliteDatasetWriter } from '../server/store/sqlite/parcels/createSqliteDatasetWriter';
import { createSqliteStores } from '../server/store/sqlite/createSqliteStores';
import { loadAverage } from './benchFigures';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const PARCELS = option('parcels', 100_000);
const SEARCHES = option('searches', 1_000);
const TARGET_MS = 10_000;

async function main() {
  const file = path.join(os.tmpdir(), `parcel-atlas-bench-alerts-${PARCELS}.sqlite`);
  if (!fs.existsSync(file)) {
    console.log(`Building a dataset of about ${PARCELS} parcels for the benchmark (once)…`);
    const db = openDatabase(file);
    buildDataset(createSqliteDatasetWriter(db), {
      seed: 11,
      cantons: ['ZG', 'LU', 'SZ'],
      maxMunicipalities: 60,
      maxParcelsPerMunicipality: Math.ceil(PARCELS / 40),
    });
    db.close();
  }
  const db = openDatabase(file);
  const stores = createSqliteStores(db);
  await stores.parcels.hasDataset();
  db.exec('DELETE FROM saved_searches');
  const parcelCount = db.prepare('SELECT COUNT(*) FROM parcels').pluck().get() as number;
  const places = db
    .prepare('SELECT name FROM municipalities WHERE parcel_count > 0')
    .pluck()
    .all() as string[];
  const owner = await stores.users.create({
    username: `bench-${Date.now()}@example.ch`,
    email: `bench-${Date.now()}@example.ch`,
    name: 'Bench',
    passwordHash: 'x',
    status: 'active',
    roles: ['MAPUSER'],
  });
  // Narrow searches of every kind a professional saves: a place and a size band, a reserve band.
  for (let i = 0; i < SEARCHES; i++) {
    const place = encodeURIComponent(places[i % places.length]);
    const from = 300 + (i % 97) * 40;
    const query =
      i % 2 === 0
        ? `LOCNAME=${place}&PRC_SUR_from=${from}&PRC_SUR_to=${from + 15}`
        : `LOCNAME=${place}&POT_RES_from=${from}&POT_RES_to=${from + 40}&PRC_IND=Standard`;
    await stores.savedSearches.create({
      id: `bench-${i}`,
      ownerId: owner.id,
      name: `Bench ${i}`,
      query,
      area: null,
      alert: 'instant',
      siteId: null,
      at: Date.now(),
    });
  }
  let delivered = 0;
  const alerts = createSavedSearchAlerts({
    searches: stores.savedSearches,
    matcher: createSavedSearchMatcher(stores.parcels, { officialQuery: (query) => query }),
    parcels: stores.parcels,
    users: stores.users,
    preferences: stores.preferences,
    notifications: { notify: async () => (delivered++, { delivered: 0, gone: 0, failed: 0 }) as never },
    mailer: { send: async () => {}, verify: async () => {} },
    publicUrl: 'http://localhost',
    secret: 'bench',
    log: pino({ level: 'silent' }),
  });
  console.log(
    `Saved-search alerts: ${SEARCHES} searches × ${parcelCount} new parcels · load average ${loadAverage()} · ${os.cpus().length} cores`,
  );
  const start = performance.now();
  const round = await alerts.matchDatasetChange();
  const ms = performance.now() - start;
  console.log(
    `  matching after the import`.padEnd(36),
    `${ms.toFixed(0).padStart(6)} ms   ${round.newMatches} new matches, ${delivered} alerts${ms <= TARGET_MS ? '  (target ≤ 10 s: met)' : '  (target ≤ 10 s: NOT met)'}`,
  );
  const again = performance.now();
  const second = await alerts.matchDatasetChange();
  console.log(
    `  the same build again`.padEnd(36),
    `${(performance.now() - again).toFixed(0).padStart(6)} ms   ${second.matched} searches matched (already done)`,
  );
  console.log(`  load average after: ${loadAverage()}`);
  db.close();
}

void main();
