import type { Synchronous } from '../unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import type { LayerTileName } from '../../../src/contract/MapLayers';
import type { MercatorBox } from '../../geo/projection';
import { layerIndex } from './layerRows';

/** A stored layer feature, geometry still encoded (geometryCodec). */
export interface LayerFeatureRow {
  id: number;
  sourceLayer: string;
  cls: string;
  grp: string | null;
  label: string | null;
  /** 1 point, 2 line, 3 area (as in MVT). */
  kind: 1 | 2 | 3;
  geom: Uint8Array;
}

/** Read side of the map layers the dataset builder wrote (server/store/migrations/060-map-layers). */
export interface LayerRepository {
  /** One layer's features whose box meets `box`, at most `limit`. */
  features(layer: LayerTileName, box: MercatorBox, limit: number): Promise<LayerFeatureRow[]>;
  /** One feature of the layer by its id (null when unknown or of another layer). */
  feature(layer: LayerTileName, id: number): Promise<LayerFeatureRow | null>;
}

export function createSqliteLayerRepository(db: Database): Synchronous<LayerRepository> {
  const select = db.prepare(`
    SELECT f.id, f.source_layer AS sourceLayer, f.cls, f.grp, f.label, f.kind, f.geom
    FROM layer_features_rtree r JOIN layer_features f ON f.id = r.id
    WHERE r.min_x <= ? AND r.max_x >= ? AND r.min_y <= ? AND r.max_y >= ? AND r.min_l <= ? AND r.max_l >= ?
    LIMIT ?`);
  const selectOne = db.prepare(`
    SELECT f.id, f.source_layer AS sourceLayer, f.cls, f.grp, f.label, f.kind, f.geom
    FROM layer_features f WHERE f.id = ? AND f.layer = ?`);
  return {
    features(layer, box, limit) {
      const l = layerIndex(layer);
      return select.all(box.maxX, box.minX, box.maxY, box.minY, l, l, limit) as LayerFeatureRow[];
    },
    feature(layer, id) {
      return (selectOne.get(id, layer) as LayerFeatureRow | undefined) ?? null;
    },
  };
}
