import type { LayerFeatureRow, LayerRepository } from '../../contract/layers/LayerRepository';
import { layerIndex } from '../../contract/layers/layerRows';
import type { PostgresConnection } from '../PostgresConnection';

/** The map layers' features over PostgreSQL: one range of the GiST index on (layer index, box) per tile. */
export function createPostgresLayerRepository(db: PostgresConnection): LayerRepository {
  return {
    async features(layer, box, limit) {
      return await db.query<LayerFeatureRow>(
        `SELECT f.id, f.source_layer AS "sourceLayer", f.cls, f.grp, f.label, f.kind, f.geom FROM layer_features f
         WHERE f.layer_index = $1 AND f.box && ST_MakeEnvelope($2, $3, $4, $5, 3857) LIMIT $6`,
        [layerIndex(layer), box.minX, box.minY, box.maxX, box.maxY, limit],
      );
    },
    async feature(layer, id) {
      return await db.one<LayerFeatureRow>(
        `SELECT f.id, f.source_layer AS "sourceLayer", f.cls, f.grp, f.label, f.kind, f.geom FROM layer_features f
         WHERE f.id = $1 AND f.layer = $2`,
        [id, layer],
      );
    },
  };
}
