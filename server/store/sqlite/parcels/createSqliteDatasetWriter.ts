import type { Database } from 'better-sqlite3';
import { type FilterColumnsCollector } from '../../contract/parcels/FilterColumns';
import { saveFilterColumns, scanFilterColumns } from './sqliteFilterColumns';
import type { DatasetInfo, DatasetWriter } from '../../contract/parcels/DatasetWriter';
import { clearDataset } from './datasetTables';
import { createPriceLevelWriting } from '../reports/createPriceLevelWriting';
import { filterValues, type ParcelBox } from '../../contract/parcels/parcelInsert';
import { prepareParcelRowInsert } from './prepareParcelInsert';
import {
  BUILDING_VALUES,
  LAYER_VALUES,
  PARCEL_VALUES,
  rowGeometry,
  rowValues,
} from '../../contract/parcels/municipalityRows';
import type { CollectedRtreeEntries } from '../rtree/CollectedRtreeEntries';
const META_KEY = 'dataset';

/** Where a bulk build keeps the R*Tree entries instead of the R*Trees (it bulk-loads them at the end). */
export interface CollectedDatasetRtrees {
  parcels_rtree: CollectedRtreeEntries;
  buildings_rtree: CollectedRtreeEntries;
  layer_features_rtree: CollectedRtreeEntries;
}

/** How a bulk build writes faster (createSqliteDatasetWriter). */
export interface BulkWriting {
  /**
   * Where the R*Tree entries go instead of the R*Trees (the build bulk-loads them at the end): 4–9 µs
   * each into a live R*Tree, ~1.5 µs into a box table, ~0.1 µs here.
   */
  rtrees: CollectedDatasetRtrees;
  /**
   * The parcels' filter columns, collected as they are written, when every parcel is written through
   * this writer (else null, or set to null on a rollback: `finish` scans the table, 7 s for the country).
   */
  filterColumns: FilterColumnsCollector | null;
}

/** The dataset writer on SQLite; `bulk` for a dataset build (see BulkWriting). */
export function createSqliteDatasetWriter(db: Database, bulk?: BulkWriting): DatasetWriter {
  const rtrees = bulk?.rtrees;
  const insertCanton = db.prepare(
    'INSERT OR REPLACE INTO cantons (bfs, code, name, names, language, url_oreb) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertThermal = db.prepare('INSERT OR REPLACE INTO thermals (canton, code, lang) VALUES (?, ?, ?)');
  const insertAlpha = db.prepare(
    'INSERT OR REPLACE INTO alphas (canton, varname, code, lang) VALUES (?, ?, ?, ?)',
  );
  const insertMunicipality = db.prepare(
    'INSERT OR REPLACE INTO municipalities (bfs, name, canton, zip, lon, lat, parcel_count) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertStreet = db.prepare('INSERT INTO streets (name, canton, mun_bfs, locname) VALUES (?, ?, ?, ?)');
  const insertParcel = prepareParcelRowInsert(
    db,
    rtrees && ((id, box) => rtrees.parcels_rtree.add(id, box[0], box[1], box[2], box[3])),
  );
  const insertBuilding = db.prepare(
    'INSERT INTO buildings (obj_id, parcel_id, typ, pro, lon, lat, attrs, geom) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertBuildingBox = db.prepare(
    'INSERT INTO buildings_rtree (id, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?)',
  );
  const insertRoof = db.prepare(
    'INSERT INTO building_roofs (building_id, height, roof_area, orientation, solar_class) VALUES (?, ?, ?, ?, ?)',
  );
  const insertLayerFeature = db.prepare(
    'INSERT INTO layer_features (layer, source_layer, cls, grp, label, kind, geom) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertLayerBox = db.prepare(
    'INSERT INTO layer_features_rtree (id, min_x, max_x, min_y, max_y, min_l, max_l) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const writeMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');

  return {
    ...createPriceLevelWriting(db),
    clear() {
      db.transaction(() => clearDataset(db))();
    },
    writeCantons(cantons) {
      db.transaction(() => {
        for (const c of cantons) {
          insertCanton.run(c.bfs, c.code, c.name, JSON.stringify(c.names), c.language, c.urlOREB);
        }
      })();
    },
    writeLookups({ canton, thermals, alphas }) {
      db.transaction(() => {
        for (const t of thermals) insertThermal.run(canton, t.code, JSON.stringify(t.lang));
        for (const { varname, codes } of alphas) {
          for (const a of codes) insertAlpha.run(canton, varname, a.code, JSON.stringify(a.lang));
        }
      })();
    },
    writeMunicipality(m) {
      const write = () => {
        const { parcels, buildings, layers } = m;
        insertMunicipality.run(m.bfs, m.name, m.cantonCode, m.zip, m.centre[0], m.centre[1], parcels.count);
        for (const street of m.streets) insertStreet.run(street, m.cantonCode, m.bfs, m.name);
        const ids: number[] = new Array(parcels.count);
        for (let i = 0; i < parcels.count; i++) {
          const columns = rowValues(parcels, i, 0, PARCEL_VALUES);
          ids[i] = insertParcel(
            columns,
            rowGeometry(parcels, i),
            rowValues(parcels, i, PARCEL_VALUES, PARCEL_VALUES + 4) as unknown as ParcelBox,
            m.name,
          );
          bulk?.filterColumns?.add(...filterValues(ids[i], columns));
        }
        for (let i = 0; i < buildings.count; i++) {
          const values = rowValues(buildings, i, 0, buildings.stride);
          values[1] = ids[values[1] as number];
          const { lastInsertRowid } = insertBuilding.run(
            ...values.slice(0, BUILDING_VALUES),
            rowGeometry(buildings, i),
          );
          const box = values.slice(BUILDING_VALUES, BUILDING_VALUES + 4) as number[];
          if (rtrees) rtrees.buildings_rtree.add(Number(lastInsertRowid), box[0], box[1], box[2], box[3]);
          else insertBuildingBox.run(lastInsertRowid, ...box);
          insertRoof.run(lastInsertRowid, ...values.slice(BUILDING_VALUES + 4));
        }
        for (let i = 0; i < layers.count; i++) {
          const values = rowValues(layers, i, 0, layers.stride);
          const { lastInsertRowid } = insertLayerFeature.run(
            ...values.slice(0, LAYER_VALUES),
            rowGeometry(layers, i),
          );
          const box = values.slice(LAYER_VALUES, LAYER_VALUES + 5) as number[];
          if (rtrees)
            rtrees.layer_features_rtree.add(
              Number(lastInsertRowid),
              box[0],
              box[1],
              box[2],
              box[3],
              box[4],
              box[4],
            );
          else insertLayerBox.run(lastInsertRowid, ...box, box[4]);
        }
      };
      // Inside the caller's transaction (a dataset build commits every few seconds) a savepoint per
      // municipality would only cost (SQLite saves each page before its first change, FTS5 flushes its terms).
      if (db.inTransaction) write();
      else db.transaction(write)();
    },
    finish(info) {
      saveFilterColumns(db, bulk?.filterColumns?.columns() ?? scanFilterColumns(db));
      writeMeta.run(META_KEY, JSON.stringify(info));
    },
    readInfo() {
      const row = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(META_KEY) as
        string | undefined;
      return row ? (JSON.parse(row) as DatasetInfo) : null;
    },
  };
}
