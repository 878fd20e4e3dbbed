import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { parcelSurroundings } from '../../server/services/reports/parcelSurroundings';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { buildTestDataset } from './helpers/buildTestDataset';

let dir: string;
let db: Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-parcel-'));
  db = openDatabase(path.join(dir, 'test.sqlite'));
  // Doppleschwand, Entlebuch and Flühli: mountain municipalities with roads kilometres long.
  buildTestDataset(db, { cantons: ['LU'], maxMunicipalities: 3, maxParcelsPerMunicipality: 4000 });
}, 240_000);

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the report map of a parcel kilometres long', () => {
  it('draws the neighbours along the whole parcel, not only those of one corner of its frame', async () => {
    const { parcels } = createSqliteStores(db);
    const roads = db
      .prepare(`SELECT prc_id FROM parcels WHERE ind = 'Road' ORDER BY sur DESC LIMIT 5`)
      .pluck()
      .all() as string[];
    const subjects = await Promise.all(
      roads.map(async (id) => {
        const { parcel } = (await parcels.parcel(id))!;
        return { parcel, surroundings: await parcelSurroundings(parcels, parcel) };
      }),
    );
    // The longest of them: its frame holds more parcels than a report draws.
    const { surroundings } = subjects.sort(
      (a, b) =>
        b.surroundings.frame[2] -
        b.surroundings.frame[0] -
        (a.surroundings.frame[2] - a.surroundings.frame[0]),
    )[0];
    expect(surroundings.scale).toBeGreaterThanOrEqual(25_000);

    const ring = surroundings.parcel.rings[0];
    // Nine points spread along the outline's vertices, end to end.
    const along = Array.from({ length: 9 }, (_, i) => ring[Math.round((i / 8) * (ring.length - 2))]);
    const corners = surroundings.neighbours.flatMap((neighbour) => neighbour.rings[0]);
    const uncovered = along.filter(([e, n]) => !corners.some(([ce, cn]) => Math.hypot(ce - e, cn - n) < 300));
    expect(uncovered).toEqual([]);
    expect(surroundings.neighbours.every((n) => n.prcId !== surroundings.parcel.prcId)).toBe(true);
    expect(new Set(surroundings.neighbours.map((n) => n.prcId)).size).toBe(surroundings.neighbours.length);
  });
});
