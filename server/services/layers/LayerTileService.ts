import { LAYER_TILE_MIN_ZOOM, type LayerTileName } from '../../../src/contract/MapLayers';
import { TILE_MAX_ZOOM } from '../../../src/contract/VectorTiles';
import { tileBox } from '../../geo/projection';
import type { LayerRepository } from '../../store/contract/layers/LayerRepository';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import { encodeTile, type EncodedTile, type TileCache } from '../tiles/TileCache';
import { encodeLayerTile } from './encodeLayerTile';

/** A safety cap per tile; a z12 city tile of one layer holds a few thousand areas. */
const MAX_FEATURES = 20000;

export interface LayerTileService {
  /** The tile (empty when nothing lies there), or null outside the layer's zooms (answered 204). */
  render(layer: LayerTileName, z: number, x: number, y: number): Promise<Uint8Array | null>;
  /** The same, gzipped with its ETag, from the tile cache (rendered once per dataset build). */
  encoded(layer: LayerTileName, z: number, x: number, y: number): Promise<EncodedTile | null>;
}

/**
 * The thematic layers' vector tiles (spec §1, ADR 012) from the dataset's layer tables. Below a layer's
 * minimum zoom and beyond the deepest zoom anybody asks for there is no tile (204). The map itself stops
 * asking at LAYER_TILE_MAX_ZOOM and over-zooms; a direct deeper request still gets the features.
 */
export function createLayerTileService(
  layers: LayerRepository,
  parcels: Pick<ParcelRepository, 'datasetVersion'>,
  cache: TileCache,
): LayerTileService {
  const service: LayerTileService = {
    async render(layer, z, x, y) {
      if (z < LAYER_TILE_MIN_ZOOM[layer] || z > TILE_MAX_ZOOM) return null;
      const box = tileBox(z, x, y);
      return encodeLayerTile(await layers.features(layer, box, MAX_FEATURES), box) ?? new Uint8Array(0);
    },
    async encoded(layer, z, x, y) {
      return cache.get(await parcels.datasetVersion(), `layers/${layer}/${z}/${x}/${y}`, async () => {
        const tile = await service.render(layer, z, x, y);
        return tile ? encodeTile(tile) : null;
      });
    },
  };
  return service;
}
