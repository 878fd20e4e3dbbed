import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import type { MultiPolygon, Polygon } from 'geojson';
import Pbf from 'pbf';
import type { CadastreImportResult } from '../../../src/contract/CadastreImport';
import type { Parcel, ParcelFullResponse } from '../../../src/contract/Parcel';
import { pointInArea } from '../../../server/geo/ring';
import { lv95ToLonLat, tileAt } from '../../../server/geo/projection';
import { DXF_LAYERS } from '../../../server/services/reports/dxf/lv95Drawing';
import { searchExportTable } from '../../../server/services/exports/ListExportTable';
import { writeExport } from '../../../server/services/exports/ListExports';
import { parcelItems } from '../../../server/services/ogc/featureItems';
import { CRS84 } from '../../../server/services/ogc/ogcCrs';
import type { ListExportFormat } from '../../../src/contract/ParcelLists';
import { ogr2ogr } from '../../helpers/ogr2ogrFiles';
import { gdalFeatures, runReader } from './exportReaders';
import type { TestApp } from './createTestApp';

/**
 * A parcel (Liegenschaft) of two separate parts, a lot split by a 20 m road, written by GDAL's
 * ogr2ogr and imported; then drawn, searched and exported whole on either storage adapter.
 */

/** Baar (ZG), away from the other importer tests' lots; corners to the millimetre. */
export const BAAR = 1701;
const E = 2_682_100.217;
const N = 1_227_300.829;
export const EGRID = 'CH170100000077';
const mm = (value: number) => Number(value.toFixed(3));

type Corner = [number, number];
/** A closed rectangle ring, counter-clockwise (or clockwise for a hole). */
const rectangle = (e: number, n: number, w: number, h: number, hole = false): Corner[] => {
  const ring: Corner[] = [
    [mm(e), mm(n)],
    [mm(e + w), mm(n)],
    [mm(e + w), mm(n + h)],
    [mm(e), mm(n + h)],
  ];
  const ordered = hole ? [ring[0], ...ring.slice(1).reverse()] : ring;
  return [...ordered, ordered[0]];
};

/** The larger part: 40 × 30 m with a 4 × 4 m hole (1,184 m²). */
export const LARGER: Corner[][] = [rectangle(E, N, 40, 30), rectangle(E + 10, N + 10, 4, 4, true)];
/** The smaller part, across the road: 20 × 15 m (300 m²). */
export const SMALLER: Corner[][] = [rectangle(E + 60, N + 0.5, 20, 15)];
/** The parcel's area: the sum of its parts. */
export const AREA = 1184 + 300;

/** Points (LV95) to click: in the smaller part, in the road between the parts, in the hole. */
const IN_SMALLER: Corner = [E + 70, N + 8];
const IN_ROAD: Corner = [E + 50, N + 8];
const IN_HOLE: Corner = [E + 12, N + 12];

const wktPolygon = (rings: Corner[][]) =>
  `(${rings.map((ring) => `(${ring.map(([e, n]) => `${e.toFixed(3)} ${n.toFixed(3)}`).join(',')})`).join(',')})`;

/**
 * The fixture, written by GDAL (the smaller part first, as a file may give it):
 * `ogr2ogr -f GPKG -a_srs EPSG:2056 -nln Liegenschaft two-parts.gpkg two-parts.csv -oo GEOM_POSSIBLE_NAMES=WKT
 * -oo KEEP_GEOM_COLUMNS=NO -oo AUTODETECT_TYPE=YES`, the CSV's WKT a MULTIPOLYGON of both parts.
 */
export function writeTwoPartSurvey(file: string): void {
  ogr2ogr(
    file,
    [
      {
        WKT: `MULTIPOLYGON (${wktPolygon(SMALLER)},${wktPolygon(LARGER)})`,
        NBIdent: 'ZG0200001701',
        Nummer: '777',
        EGRIS_EGRID: EGRID,
        BFSNr: BAAR,
        Art: 'Liegenschaft',
      },
    ],
    ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Liegenschaft'],
  );
}

export interface MultiPartSetup {
  t: TestApp;
  user: { authorization: string };
  /** Imports the file into the app's storage. */
  importFile(file: string): Promise<CadastreImportResult>;
}

const lonLat = ([e, n]: Corner) => lv95ToLonLat(e, n);

/** The parts of a GeoJSON (Multi)Polygon. */
const partsOf = (geometry: { type: string; coordinates: unknown }) =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];

/** The parcel features of the z/x/y tile holding the point (the map's click finds what the tile draws). */
async function tileFeaturesAt(setup: MultiPartSetup, point: Corner, z: number) {
  const [lon, lat] = lonLat(point);
  const { x, y } = tileAt(lon, lat, z);
  const res = await setup.t.app.inject({
    url: `/v1/secure/maps/all-around?x=${x}&y=${y}&z=${z}`,
    headers: setup.user,
  });
  expect(res.statusCode).toBe(200);
  const layer = new VectorTile(new Pbf(res.rawPayload)).layers.around;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer.feature(i))
    .filter((feature) => feature.properties.PRC_ID === EGRID)
    .map((feature) => feature.toGeoJSON(x, y, z).geometry as Polygon | MultiPolygon);
}

/** The closed LWPOLYLINEs of a DXF per layer, as ezdxf reads them (x, y of each vertex). */
function dxfPolylines(file: string): Record<string, { closed: boolean; points: Corner[] }[]> {
  return JSON.parse(
    runReader('/usr/bin/python3', [
      '-c',
      `import json, sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
out = {}
for e in doc.modelspace().query('LWPOLYLINE'):
    out.setdefault(e.dxf.layer, []).append({'closed': e.closed, 'points': [list(p) for p in e.get_points('xy')]})
print(json.dumps(out))`,
      file,
    ]),
  ) as Record<string, { closed: boolean; points: Corner[] }[]>;
}

/** A ring without its closing point, to compare with a DXF polyline (which closes by its flag). */
const open = (ring: Corner[]) => ring.slice(0, -1);

/** The scenario on one storage adapter: `setup` runs in the describe's beforeAll. */
export function describeMultiPartParcel(adapter: string, setup: () => Promise<MultiPartSetup>): void {
  describe(`a parcel of two parts (${adapter})`, () => {
    let s: MultiPartSetup;
    let result: CadastreImportResult;
    let parcel: Parcel;
    let dir: string;

    /** Writes an export of the parcel (as the search and list exports write it) and gives its path. */
    const exported = async (format: ListExportFormat) => {
      const file = path.join(dir, `two-parts.${format}`);
      fs.writeFileSync(file, await writeExport(searchExportTable([parcel]), format, 'Two parts'));
      return file;
    };

    beforeAll(async () => {
      s = await setup();
      dir = fs.mkdtempSync(path.join(s.t.dataDir, 'two-parts-'));
      writeTwoPartSurvey(path.join(dir, 'two-parts.gpkg'));
      result = await s.importFile(path.join(dir, 'two-parts.gpkg'));
      const res = await s.t.app.inject({
        url: `/v1/secure/maps/prcid/${EGRID}/objects-full`,
        headers: s.user,
      });
      expect(res.statusCode).toBe(200);
      parcel = (res.json() as ParcelFullResponse).feature;
    }, 120_000);

    it('imports both parts (no warning), the larger first, to the millimetre; the area is their sum', () => {
      expect(result).toMatchObject({ parcels: 1, warnings: [] });
      expect(parcel.geometryLv95).toEqual({ type: 'MultiPolygon', coordinates: [LARGER, SMALLER] });
      expect(parcel.geometry?.type).toBe('MultiPolygon');
      expect(partsOf(parcel.geometry!).map((rings) => rings.length)).toEqual([2, 1]);
      expect(parcel.PRC_SUR).toBe(AREA);
    });

    it('puts the label point on the larger part', () => {
      const larger: Polygon = { type: 'Polygon', coordinates: LARGER };
      expect(pointInArea(parcel.PRC_COO_X, parcel.PRC_COO_Y, larger)).toBe(true);
      const [lon, lat] = parcel.centroid.coordinates;
      expect(pointInArea(lon, lat, parcel.geometry as MultiPolygon)).toBe(true);
    });

    it('draws the smaller part in its tile: a click there finds the parcel, a click in the road or the hole does not', async () => {
      for (const z of [16, 18]) {
        const [drawn] = await tileFeaturesAt(s, IN_SMALLER, z);
        expect(drawn).toBeDefined();
        expect(pointInArea(...lonLat(IN_SMALLER), drawn)).toBe(true);
        expect(pointInArea(...lonLat(IN_ROAD), drawn)).toBe(false);
        expect(pointInArea(...lonLat(IN_HOLE), drawn)).toBe(false);
      }
      // At z16 both parts lie in one tile: one feature, a multi-polygon of both.
      const [whole] = await tileFeaturesAt(s, IN_SMALLER, 16);
      expect(whole.type).toBe('MultiPolygon');
      expect(partsOf(whole)).toHaveLength(2);
    });

    it('finds the parcel by a box around the smaller part only, not by a box in the road', async () => {
      const boxAround = ([e, n]: Corner): [number, number, number, number] => {
        const [west, south] = lv95ToLonLat(e - 2, n - 2);
        const [east, north] = lv95ToLonLat(e + 2, n + 2);
        return [west, south, east, north];
      };
      const items = (bounds: [number, number, number, number]) =>
        parcelItems(s.t.app.ctx.parcels, { query: {}, bounds, crs: CRS84, offset: 0, limit: 100 });
      const smaller = await items(boxAround(IN_SMALLER));
      expect(smaller.parcelIds).toEqual([EGRID]);
      const feature = JSON.parse(smaller.features.json.bytes.toString()) as { geometry: { type: string } };
      expect(feature.geometry.type).toBe('MultiPolygon');
      expect((await items(boxAround(IN_ROAD))).parcelIds).not.toContain(EGRID);
    });

    it('exports GeoJSON as a MultiPolygon of both parts (ogrinfo)', async () => {
      const file = await exported('geojson');
      expect(runReader('ogrinfo', ['-ro', '-so', '-al', file])).toMatch(/Geometry: Multi Polygon/);
      const [feature] = gdalFeatures(file) as unknown as { geometry: MultiPolygon }[];
      expect(feature.geometry.type).toBe('MultiPolygon');
      expect(feature.geometry.coordinates.map((rings) => rings.length)).toEqual([2, 1]);
      const [lon, lat] = lonLat(IN_SMALLER);
      expect(pointInArea(lon, lat, feature.geometry)).toBe(true);
    });

    it('exports the GeoPackage in LV95 with both parts to the millimetre (GDAL)', async () => {
      const [feature] = gdalFeatures(await exported('gpkg')) as unknown as { geometry: MultiPolygon }[];
      expect(feature.geometry).toEqual({ type: 'MultiPolygon', coordinates: [LARGER, SMALLER] });
    });

    it('exports a DXF with one closed polyline per ring of both parts (ezdxf), in the list export and the report', async () => {
      const rings = [...LARGER, ...SMALLER].map(open);
      const list = dxfPolylines(await exported('dxf'))[DXF_LAYERS.parcel.name];
      expect(list.every((p) => p.closed)).toBe(true);
      expect(list.map((p) => p.points)).toEqual(rings);

      const { documents } = s.t.app.ctx.reports;
      const subject = (await documents.subject(EGRID))!;
      const report = path.join(dir, 'report.dxf');
      fs.writeFileSync(report, (await documents.file(subject, 'dxf', 'en')).body);
      const drawn = dxfPolylines(report)[DXF_LAYERS.parcel.name];
      expect(drawn.every((p) => p.closed)).toBe(true);
      expect(drawn.map((p) => p.points)).toEqual(rings);
    });

    it('draws both parts on the report map (the PDF renders)', async () => {
      const { documents } = s.t.app.ctx.reports;
      const subject = (await documents.subject(EGRID))!;
      expect(subject.surroundings.parcel.rings).toEqual([...LARGER, ...SMALLER]);
      const pdf = path.join(dir, 'report.pdf');
      fs.writeFileSync(pdf, (await documents.file(subject, 'pdf', 'en')).body);
      const check = spawnSync('pdftoppm', [
        '-r',
        '20',
        '-f',
        '1',
        '-l',
        '1',
        '-png',
        pdf,
        path.join(dir, 'page'),
      ]);
      expect(check.status).toBe(0);
    });
  });
}
