import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import { layerIndex } from '../../contract/layers/layerRows';
import type { LayerRepository, LayerFeatureRow } from '../../contract/layers/LayerRepository';

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
