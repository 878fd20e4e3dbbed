import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CADASTRE_IMPORT_PROGRESS_EVENT,
  type CadastreImportProgress,
} from '../../src/contract/CadastreImport';
import { geoJson, square } from '../helpers/cadastreFiles';
import { signIn, type TestApp } from './helpers/createTestApp';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import { uploadCadastreFile } from './helpers/uploadCadastreFile';

/** Zug's municipalities by BFS number: Unterägeri … Walchwil. */
const ZUG_MUNICIPALITIES = [1701, 1702, 1703, 1704, 1705, 1706, 1707, 1708, 1709, 1710, 1711];
const MAPPING = JSON.stringify({ egrid: 'egrid', number: 'nr', municipality: 'bfs' });

let uploads: string;
const previousTmpdir = process.env.TMPDIR;

beforeAll(() => {
  // The route spools uploads under the temp directory: this file's own, to see that none stays.
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'import-shutdown-'));
  process.env.TMPDIR = uploads;
});

afterAll(() => {
  process.env.TMPDIR = previousTmpdir;
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** `perMunicipality` 20 m lots in a row for each municipality (the BFS column places them). */
function survey(file: string, municipalities: number[], perMunicipality: number): void {
  const features = municipalities.flatMap((bfs, m) =>
    Array.from({ length: perMunicipality }, (_, i) => ({
      properties: {
        egrid: `CH${String(bfs).padStart(4, '0')}${String(i).padStart(8, '0')}`,
        nr: String(9000 + i),
        bfs,
      },
      polygons: [[square(2_680_000 + (i % 100) * 20, 1_220_000 + m * 2_500 + Math.floor(i / 100) * 20, 20)]],
    })),
  );
  fs.writeFileSync(file, geoJson(features, 'EPSG:2056'));
}

/** The admin's upload, with a close of the app on the first progress event of `phase`. */
async function uploadAndShutDown(t: TestApp, file: string, phase: CadastreImportProgress['phase']) {
  const { headers } = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'], username: 'admin@atlas.test' });
  let closed: Promise<void> | null = null;
  t.app.ctx.events.on(CADASTRE_IMPORT_PROGRESS_EVENT, (progress: CadastreImportProgress) => {
    if (progress.phase === phase) closed ??= t.app.close();
  });
  const reply = await uploadCadastreFile(t.app, headers, file, MAPPING);
  await closed;
  return reply;
}

const officialIn = (t: TestApp, bfs: number) =>
  t.db
    .prepare("SELECT COUNT(*) FROM parcels WHERE mun_bfs = ? AND origin = 'official'")
    .pluck()
    .get(bfs) as number;

describe('a cadastre import when the server shuts down', () => {
  it('stops while reading the file: 503, nothing written, the spooled upload removed', async () => {
    const { t } = await createDatasetTestApp();
    try {
      const parcelsBefore = t.db.prepare('SELECT COUNT(*), MAX(id) FROM parcels').get();
      const file = path.join(t.dataDir, 'reading.geojson');
      survey(file, ZUG_MUNICIPALITIES, 2_000);
      const reply = await uploadAndShutDown(t, file, 'reading');
      expect(reply.statusCode).toBe(503);
      expect(reply.json().message).toBe(
        'The server is shutting down: the import stopped before anything was written. Upload the file again when the server is back.',
      );
      expect(t.db.prepare('SELECT COUNT(*), MAX(id) FROM parcels').get()).toEqual(parcelsBefore);
      expect(ZUG_MUNICIPALITIES.map((bfs) => officialIn(t, bfs))).toEqual(ZUG_MUNICIPALITIES.map(() => 0));
      expect(fs.readdirSync(uploads)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('stops between municipalities while writing: each one replaced whole or not at all, and says how many', async () => {
    const { t } = await createDatasetTestApp();
    try {
      const file = path.join(t.dataDir, 'writing.geojson');
      survey(file, ZUG_MUNICIPALITIES, 600);
      const reply = await uploadAndShutDown(t, file, 'writing');
      expect(reply.statusCode).toBe(503);
      const message = reply.json().message as string;
      const [, done] =
        /stopped after (\d+) of 11 municipalities, each of them imported whole/.exec(message) ?? [];
      expect(Number(done)).toBeGreaterThanOrEqual(1);
      expect(Number(done)).toBeLessThan(ZUG_MUNICIPALITIES.length);
      const official = ZUG_MUNICIPALITIES.map((bfs) => officialIn(t, bfs));
      // In BFS order: the first `done` municipalities whole, the others untouched.
      expect(official).toEqual(ZUG_MUNICIPALITIES.map((_, i) => (i < Number(done) ? 600 : 0)));
      expect(fs.readdirSync(uploads)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
