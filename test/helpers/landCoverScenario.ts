import fs from 'node:fs';
import { decodeBuildingAttrs } from '../../server/store/contract/parcels/buildingAttrsCodec';
import { ogr2ogr } from './ogr2ogrFiles';

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
