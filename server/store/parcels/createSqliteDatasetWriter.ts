import type { Database } from 'better-sqlite3';
import { encodeGeometry } from './geometryCodec';
import { encodeThemes } from './themeCodec';
import { encodeBuildingAttrs } from './buildingAttrsCodec';
import { saveFilterColumns, scanFilterColumns } from './FilterColumns';
import type { DatasetInfo, DatasetWriter } from './DatasetWriter';
import { clearDataset } from './datasetTables';
import { createPriceLevelWriting } from '../reports/priceLevelWriting';
import { GEOMETRY_KIND, layerIndex, layerRings } from '../layers/layerRows';
import { ringsBox } from '../../geo/ring';
import { prepareParcelInsert } from './parcelInsert';
const META_KEY = 'dataset';

export function createSqliteDatasetWriter(db: Database): DatasetWriter {
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
  const insertParcel = prepareParcelInsert(db);
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
    writeMunicipality(g) {
      db.transaction(() => {
        insertMunicipality.run(
          g.bfs,
          g.name,
          g.cantonCode,
          g.zip,
          g.centre[0],
          g.centre[1],
          g.parcels.length,
        );
        for (const street of g.streets) insertStreet.run(street, g.cantonCode, g.bfs, g.name);
        const ids: number[] = [];
        for (const p of g.parcels) {
          ids.push(
            insertParcel({
              canton: g.cantonCode,
              bfs: g.bfs,
              locname: g.name,
              parcel: p,
              rings: [p.ring],
              objCount: p.objCount,
              themes: encodeThemes(p.themes, p.fixPoints),
              origin: 'synthetic',
            }),
          );
        }
        for (const b of g.buildings) {
          const { parcelIndex, ring, lon, lat, OBJ_ID, OBJ_TYP, OBJ_PRO, roof, ...attrs } = b;
          const { lastInsertRowid } = insertBuilding.run(
            OBJ_ID,
            ids[parcelIndex],
            OBJ_TYP,
            OBJ_PRO,
            lon,
            lat,
            encodeBuildingAttrs(attrs),
            encodeGeometry([ring]),
          );
          insertBuildingBox.run(Number(lastInsertRowid), ...ringsBox([ring]));
          insertRoof.run(lastInsertRowid, roof.height, roof.roofArea, roof.orientation, roof.solarClass);
        }
        for (const f of g.layers) {
          const rings = layerRings(f.geometry);
          const { lastInsertRowid } = insertLayerFeature.run(
            f.layer,
            f.sourceLayer,
            f.cls,
            f.group,
            f.label,
            GEOMETRY_KIND[f.geometry.type],
            encodeGeometry(rings),
          );
          const l = layerIndex(f.layer);
          insertLayerBox.run(lastInsertRowid, ...ringsBox(rings), l, l);
        }
      })();
    },
    finish(info) {
      saveFilterColumns(db, scanFilterColumns(db));
      writeMeta.run(META_KEY, JSON.stringify(info));
    },
    readInfo() {
      const row = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(META_KEY) as
        string | undefined;
      return row ? (JSON.parse(row) as DatasetInfo) : null;
    },
  };
}
