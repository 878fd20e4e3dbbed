/**
 * Buildings from the survey's land cover on the map in a real browser (ADR 045): an
 * administrator uploads a GeoPackage written by GDAL's ogr2ogr holding three lots (Liegenschaft) and the
 * land cover (Bodenbedeckung) with four buildings, an L-shaped one among them, and the buildings
 * register's extract; the map draws the imported outlines at z16, and the drawer lists the register's
 * facts. The lots lie in Thun (BE), a municipality the test dataset has no parcels of, away from the
 * multi-part parcel test's lot, so the import changes nothing the other browser tests look at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { lv95ToLonLat } from '../../server/geo/projection';
import { ogr2ogr } from '../helpers/ogr2ogrFiles';
import {
  cspViolations,
  DESKTOP_VIEWPORT,
  launchBrowser,
  newPage,
  saveScreenshot,
  waitForMapIdle,
  logIn,
  TEST_WITH_IMPORT_TIMEOUT_MS,
  uploadCadastre,
  createAdmin,
} from './harness';

const PASSWORD = 'Gebaeude#2026';
const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const egrid = (lot: number) => `CH0942${`${lot}${run.slice(-7)}`.padStart(8, '0')}`;
const egid = (n: number) => Number(`9${run.slice(-6)}${n}`);
/** Thun (BFS 942), LV95: three lots of 60 × 50 m side by side. */
const THUN = 942;
const E = 2_614_700;
const N = 1_178_800;
const ring = (points: [number, number][]) =>
  `(${[...points, points[0]].map(([e, n]) => `${e} ${n}`).join(',')})`;
const rectangle = (e: number, n: number, w: number, h: number) =>
  `POLYGON (${ring([
    [e, n],
    [e + w, n],
    [e + w, n + h],
    [e, n + h],
  ])})`;

describe('land-cover buildings on the map', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it(
    'draws the imported outlines at z16, and the drawer shows the register’s facts',
    async () => {
      const admin = `landcover.${run}@example.ch`;
      await createAdmin(admin, PASSWORD, 'Lena Landcover');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'landcover-e2e-'));
      const file = path.join(dir, 'thun.gpkg');
      ogr2ogr(
        file,
        [0, 1, 2].map((lot) => ({
          WKT: rectangle(E + lot * 60, N, 60, 50),
          Nummer: String(5100 + lot),
          EGRIS_EGRID: egrid(lot),
          BFSNr: THUN,
          Art: 'Liegenschaft',
        })),
        ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaft'],
      );
      ogr2ogr(
        file,
        [
          // An L-shaped house on the first lot.
          {
            WKT: `POLYGON (${ring([
              [E + 10, N + 10],
              [E + 40, N + 10],
              [E + 40, N + 22],
              [E + 22, N + 22],
              [E + 22, N + 40],
              [E + 10, N + 40],
            ])})`,
            Art: 'Gebaeude',
            GWR_EGID: egid(1),
          },
          { WKT: rectangle(E + 75, N + 12, 30, 16), Art: 'Gebaeude', GWR_EGID: egid(2) },
          { WKT: rectangle(E + 130, N + 8, 14, 12), Art: 'Gebaeude', GWR_EGID: '' },
          { WKT: rectangle(E + 150, N + 28, 18, 14), Art: 'Gebaeude', GWR_EGID: '' },
          { WKT: rectangle(E, N + 50, 180, 8), Art: 'Strasse_Weg', GWR_EGID: '' },
        ],
        ['-f', 'GPKG', '-update', '-a_srs', 'EPSG:2056', '-nln', 'Bodenbedeckung'],
      );
      const register = [
        'EGID\tGGDENR\tGDEKT\tGKODE\tGKODN\tGKAT\tGBAUJ\tGBAUP\tGASTW\tGAREA',
        `${egid(1)}\t942\tBE\t${E + 16}\t${N + 16}\t1020\t1932\t8012\t3\t576`,
        `${egid(2)}\t942\tBE\t${E + 90}\t${N + 20}\t1060\t1988\t8017\t2\t480`,
        `${egid(3)}\t942\tBE\t${E + 137}\t${N + 14}\t1020\t2019\t8023\t4\t168`,
      ].join('\n');

      const page = await newPage(browser, { viewport: DESKTOP_VIEWPORT });
      const upload = await uploadCadastre(page, admin, PASSWORD, {
        file: {
          name: 'thun.gpkg',
          mimeType: 'application/geopackage+sqlite3',
          buffer: fs.readFileSync(file),
        },
        register: {
          name: 'gebaeude_batiment_edificio.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(register),
        },
      });
      expect({ status: upload.status(), body: await upload.json() }).toMatchObject({
        status: 200,
        body: {
          parcels: 3,
          buildings: { imported: 4, matchedByEgid: 2, matchedByPosition: 1, registerUnmatched: 0 },
        },
      });
      fs.rmSync(dir, { recursive: true, force: true });

      // z16 on the middle lot: the three lots and the four outlines in view (signed in straight onto it, as a
      // first map at the start view would only be thrown away).
      const [lon, lat] = lv95ToLonLat(E + 90, N + 25);
      await logIn(page, admin, PASSWORD, `/?map=${lon},${lat},16,0,0`);
      await waitForMapIdle(page);
      await saveScreenshot(page, 'land-cover-buildings-z16', { lastLook: true });

      // z18, then a click on the first lot's L-shaped house opens its parcel with the register's facts. The
      // desktop's width comes back as the page leaves the z16 map, which is not drawn to the end at it again.
      const [lonL, latL] = lv95ToLonLat(E + 16, N + 16);
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await page.goto(`/?map=${lonL},${latL},18,0,0`);
      await waitForMapIdle(page);
      const map = page.getByTestId('map');
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const drawer = page.getByTestId('parcel-drawer');
      await drawer.getByText('5100', { exact: false }).first().waitFor({ timeout: 20_000 });
      await drawer.getByText('Buildings (1)', { exact: false }).first().waitFor({ timeout: 20_000 });
      const building = drawer.getByTestId('building');
      expect(await building.count()).toBe(1);
      // The register's facts, joined by the EGID the land cover gives: year, period, storeys, footprint.
      await building.getByText('1932', { exact: true }).waitFor();
      await building
        .getByText(/1919.1945/)
        .first()
        .waitFor();
      await building.getByText('576', { exact: false }).first().waitFor();
      await building.scrollIntoViewIfNeeded();
      await waitForMapIdle(page);
      await saveScreenshot(page, 'land-cover-buildings-drawer', { lastLook: true });
      expect(cspViolations(page)).toEqual([]);
    },
    TEST_WITH_IMPORT_TIMEOUT_MS,
  );
});
