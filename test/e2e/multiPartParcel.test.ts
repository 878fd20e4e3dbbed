/**
 * A parcel of two parts on the map in a real browser: an administrator uploads a survey file
 * written by GDAL's ogr2ogr holding a lot split by a 20 m road; the map draws both parts, and a click on the
 * smaller part (in the middle of the map) opens the parcel. The parcel lies in Thun (BE), a municipality the
 * test dataset has no parcels of, so the import changes nothing the other browser tests look at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { lv95ToLonLat } from '../../server/geo/projection';
import { ogr2ogr } from '../helpers/ogr2ogrFiles';
import {
  cspViolations,
  launchBrowser,
  newPage,
  saveScreenshot,
  waitForMapIdle,
  logIn,
  TEST_WITH_IMPORT_TIMEOUT_MS,
  uploadCadastre,
  createAdmin,
} from './harness';

const PASSWORD = 'Zwei#Teile2026';
const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const EGRID = `CH0942${run.slice(-8).padStart(8, '0')}`;
/** Thun (BFS 942), LV95: the larger part 40 × 30 m, the smaller 20 × 15 m across a 20 m road. */
const THUN = 942;
const E = 2_614_300;
const N = 1_178_400;
const rectangle = (e: number, n: number, w: number, h: number) =>
  `((${e} ${n},${e + w} ${n},${e + w} ${n + h},${e} ${n + h},${e} ${n}))`;

describe('a parcel of two parts on the map', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it(
    'draws both parts, and a click on the smaller part opens the parcel',
    async () => {
      const admin = `parts.${run}@example.ch`;
      await createAdmin(admin, PASSWORD);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-parts-e2e-'));
      const file = path.join(dir, 'thun.gpkg');
      ogr2ogr(
        file,
        [
          {
            WKT: `MULTIPOLYGON (${rectangle(E, N, 40, 30)},${rectangle(E + 60, N, 20, 15)})`,
            Nummer: '4242',
            EGRIS_EGRID: EGRID,
            BFSNr: THUN,
            Art: 'Liegenschaft',
          },
        ],
        ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaft'],
      );

      const page = await newPage(browser);
      const upload = await uploadCadastre(page, admin, PASSWORD, {
        file: {
          name: 'thun.gpkg',
          mimeType: 'application/geopackage+sqlite3',
          buffer: fs.readFileSync(file),
        },
      });
      expect({ status: upload.status(), body: await upload.text() }).toMatchObject({ status: 200 });
      fs.rmSync(dir, { recursive: true, force: true });

      await logIn(page, admin, PASSWORD);

      // The map centred on the smaller part at z18: both parts and the road between them in view.
      const [lon, lat] = lv95ToLonLat(E + 70, N + 7.5);
      await page.goto(`/?map=${lon},${lat},18,0,0`);
      await waitForMapIdle(page);
      await saveScreenshot(page, 'multi-part-parcel-map');

      const map = page.getByTestId('map');
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const drawer = page.getByTestId('parcel-drawer');
      await drawer.getByText('4242', { exact: false }).first().waitFor({ timeout: 20_000 });
      await drawer
        .getByText(/1[,’']?500/)
        .first()
        .waitFor();
      await waitForMapIdle(page);
      await saveScreenshot(page, 'multi-part-parcel-drawer', { lastLook: true });
      expect(cspViolations(page)).toEqual([]);
    },
    TEST_WITH_IMPORT_TIMEOUT_MS,
  );
});
