import fs from 'node:fs';
import { decodeBuildingAttrs } from '../../server/store/contract/parcels/buildingAttrsCodec';
import path from 'node:path';
import { ogr2ogr, shapefileFolder, zipFolder, type OgrRow } from './ogr2ogrFiles';

/** ogr2ogr's arguments in its order (out, rows, args) from a layer's [out, args] and its rows. */
const withRows = ([out, args]: [string, string[]], rows: OgrRow[]): [string, OgrRow[], string[]] => [
  out,
  rows,
  args,
];

/** A demo building to cover: its id, parcel and LV95 centre (OBJ_COO_X/Y). */
export interface DemoBuilding {
  objId: string;
  parcelId: number;
  e: number;
  n: number;
}

/** An outline of `size` m square centred on (e, n), as WKT. */
export const squareAround = (e: number, n: number, size = 6) => {
  const h = size / 2;
  return `POLYGON ((${e - h} ${n - h},${e + h} ${n - h},${e + h} ${n + h},${e - h} ${n + h},${e - h} ${n - h}))`;
};

/** EGIDs of the scenario: A's the land cover names, B's is in the land cover but not in the register, C's only in the register. */
export const EGID_A = 302_000_101;
export const EGID_B = 302_000_102;
export const EGID_C = 302_000_103;

/**
 * The land-cover scenario over three demo buildings of one municipality, written by GDAL's ogr2ogr:
 *   ogr2ogr -f GPKG -a_srs EPSG:2056 -nln Bodenbedeckung landcover.gpkg rows.csv -oo GEOM_POSSIBLE_NAMES=WKT …
 * A (GWR_EGID in the land cover, joined by EGID), B (GWR_EGID not in the register), C (no EGID; the
 * register's point lies inside it), a road and a forest surface (not buildings); and the register's
 * public extract (semicolon separated) with A, C and one row far away (unmatched).
 */
export function writeLandCoverScenario(gpkg: string, csv: string, [a, b, c]: DemoBuilding[]): void {
  ogr2ogr(
    gpkg,
    [
      { WKT: squareAround(a.e, a.n), Art: 'Gebaeude', GWR_EGID: EGID_A },
      { WKT: squareAround(b.e, b.n), Art: 'Gebaeude', GWR_EGID: EGID_B },
      { WKT: squareAround(c.e, c.n), Art: 'Gebaeude', GWR_EGID: '' },
      { WKT: squareAround(a.e + 40, a.n + 40, 10), Art: 'Strasse_Weg', GWR_EGID: '' },
      { WKT: squareAround(a.e - 60, a.n - 60, 20), Art: 'geschlossener_Wald', GWR_EGID: '' },
    ],
    ['-f', 'GPKG', '-a_srs', 'EPSG:2056', '-nln', 'Bodenbedeckung'],
  );
  fs.writeFileSync(
    csv,
    [
      'EGID;GGDENR;GDEKT;GKODE;GKODN;GKAT;GBAUJ;GBAUP;GASTW;GAREA',
      `${EGID_A};1702;ZG;${a.e + 50};${a.n + 50};1020;1972;8015;4;36`,
      `${EGID_C};1702;ZG;${c.e + 1};${c.n - 1};1060;1955;8013;2;`,
      `999999999;1702;ZG;2679000;1225000;1020;2001;8020;3;120`,
    ].join('\n') + '\n',
  );
}

/** The SQL (both adapters) of a municipality's demo buildings off the roads, `$1` its BFS number. */
export const DEMO_BUILDINGS_SQL = `SELECT b.obj_id, b.parcel_id, b.attrs FROM buildings b JOIN parcels p ON p.id = b.parcel_id
  WHERE p.mun_bfs = $1 AND p.ind <> 'Road' ORDER BY b.id`;

/** chooseDemoBuildings over an SQLite dataset (better-sqlite3's `?` for `$1`). */
export const sqliteDemoBuildings = (
  db: { prepare(sql: string): { all(...params: unknown[]): unknown[] } },
  bfs: number,
): DemoBuilding[] =>
  chooseDemoBuildings(
    db.prepare(DEMO_BUILDINGS_SQL.replace('$1', '?')).all(bfs) as Parameters<typeof chooseDemoBuildings>[0],
  );

/** Three of DEMO_BUILDINGS_SQL's rows on three different parcels, 150 m apart at least. */
export function chooseDemoBuildings(
  rows: readonly { obj_id: string; parcel_id: number; attrs: string }[],
): DemoBuilding[] {
  const chosen: DemoBuilding[] = [];
  for (const row of rows) {
    const { OBJ_COO_X: e, OBJ_COO_Y: n } = decodeBuildingAttrs(row.attrs);
    if (chosen.some((c) => c.parcelId === row.parcel_id || Math.hypot(c.e - e, c.n - n) < 150)) continue;
    chosen.push({ objId: row.obj_id, parcelId: row.parcel_id, e, n });
    if (chosen.length === 3) break;
  }
  return chosen;
}

/**
 * EGIDs of the DM.01 scenario in the municipality `bfs` (an EGID is held once in the dataset): D's the
 * building-number table names (in the register), E's only the register's position gives, F's the table
 * names (not in the register); `dangling` a building number whose surface the land cover does not hold.
 */
export const dm01Egids = (bfs: number) => {
  const base = 300_000_000 + bfs * 100;
  return { d: base + 1, e: base + 2, f: base + 3, dangling: base + 99 };
};

/** What the import answers for the DM.01 scenario (with the register): D and F by the table, D and E joined. */
export const DM01_BUILDINGS_SUMMARY = {
  imported: 3,
  egidFromBuildingNumbers: 2,
  matchedByEgid: 1,
  matchedByPosition: 1,
  registerUnmatched: 1,
  withoutParcel: 0,
};

/** The parcels the DM.01 archive brings: a 40 m square round each building, BFS `bfs`. */
export const surveyEgrid = (bfs: number, i: number) => `CH${bfs}${90_000_000 + i}`;

/**
 * A DM.01-AV-CH survey as cantons publish it, written by GDAL's ogr2ogr, over three demo buildings (D, E,
 * F) of the municipality `bfs`: the land cover (`Bodenbedeckung`, no EGID on the surfaces, a road among
 * them) and the table `Gebaeudenummer` (`Gebaeudenummer_von` → the surface, `Nummer`, `GWR_EGID`; no
 * geometry) naming D's and F's EGIDs and one surface the file does not hold. `zip`: one zipped Shapefile
 * export (each layer `ogr2ogr -f "ESRI Shapefile" Layer.shp …`, the folder zipped) with the parcels
 * (`Liegenschaft`) too, the surfaces' ids in `TID` ("bb1" …), the table a .dbf of its own (dBase cuts
 * `Gebaeudenummer_von` to `Gebaeudenu`). `gpkg`: a GeoPackage of the land cover alone in ili2db's names
 * (`Bodenbedeckung_BoFlaeche` with `T_Id`, `Bodenbedeckung_Gebaeudenummer`). Beside it the register's
 * extract: D's row far from D (only its EGID can match), E's point inside E, one row far away.
 */
export function writeDm01Survey(
  target: string,
  csv: string,
  [d, e, f]: DemoBuilding[],
  bfs: number,
  format: 'zip' | 'gpkg',
): void {
  const zip = format === 'zip';
  const egid = dm01Egids(bfs);
  const id = (i: number) => (zip ? `bb${i}` : 500 + i);
  const folder = zip ? shapefileFolder(target) : '';
  /** Where a layer goes, and how: a Shapefile of its own in the archive's folder, or a table of the GeoPackage. */
  const layer = (name: string, first: boolean, geometry = true): [string, string[]] =>
    zip
      ? [
          path.join(folder, `${name}.${geometry ? 'shp' : 'dbf'}`),
          [
            '-f',
            'ESRI Shapefile',
            ...(geometry ? ['-a_srs', 'EPSG:2056'] : []),
            '-lco',
            'ENCODING=UTF-8',
            '-nln',
            name,
          ],
        ]
      : [
          target,
          [
            '-f',
            'GPKG',
            ...(first ? [] : ['-update']),
            ...(geometry ? ['-a_srs', 'EPSG:2056'] : []),
            '-nln',
            name,
          ],
        ];
  if (zip)
    ogr2ogr(
      ...withRows(
        layer('Liegenschaft', true),
        [d, e, f].map((b, i) => ({
          WKT: squareAround(b.e, b.n, 40),
          EGRIS_EGRID: surveyEgrid(bfs, i + 1),
          Nummer: `Z${i + 1}`,
          BFSNr: bfs,
        })),
      ),
    );
  const idColumn = zip ? 'TID' : 'T_Id';
  ogr2ogr(
    ...withRows(layer(zip ? 'Bodenbedeckung' : 'Bodenbedeckung_BoFlaeche', true), [
      { WKT: squareAround(d.e, d.n), [idColumn]: id(1), Art: 'Gebaeude' },
      { WKT: squareAround(e.e, e.n), [idColumn]: id(2), Art: 'Gebaeude' },
      { WKT: squareAround(f.e, f.n), [idColumn]: id(3), Art: 'Gebaeude' },
      { WKT: squareAround(d.e + 12, d.n + 12, 4), [idColumn]: id(4), Art: 'Strasse_Weg' },
    ]),
  );
  ogr2ogr(
    ...withRows(layer(zip ? 'Gebaeudenummer' : 'Bodenbedeckung_Gebaeudenummer', false, false), [
      { Gebaeudenummer_von: id(1), Nummer: 11, GWR_EGID: egid.d },
      { Gebaeudenummer_von: id(3), Nummer: 13, GWR_EGID: egid.f },
      { Gebaeudenummer_von: id(9), Nummer: 19, GWR_EGID: egid.dangling },
    ]),
  );
  if (zip) zipFolder(folder, target);
  fs.writeFileSync(
    csv,
    [
      'EGID;GGDENR;GKODE;GKODN;GKAT;GBAUJ;GASTW;GAREA',
      `${egid.d};${bfs};${d.e + 70};${d.n + 70};1020;1911;3;36`,
      `${egid.e};${bfs};${e.e + 1};${e.n + 1};1030;1988;5;36`,
      `999999998;${bfs};2679000;1225000;1020;2001;3;120`,
    ].join('\n') + '\n',
  );
}
