import { LAYER_TILE_MIN_ZOOM, type LayerTileName } from '../../../src/contract/MapLayers';
import { TILE_MAX_ZOOM } from '../../../src/contract/VectorTiles';
import { tileBox } from '../../geo/projection';
import type { LayerRepository } from '../../store/layers/LayerRepository';
import { encodeLayerTile } from './encodeLayerTile';

/** A safety cap per tile; a z12 city tile of one layer holds a few thousand areas. */
const MAX_FEATURES = 20000;

/** What a layer tile request gets: an encoded tile, an empty one, or nothing at this zoom (204). */
export type LayerTile = { kind: 'tile'; data: Uint8Array } | { kind: 'empty' } | { kind: 'out-of-range' };

export interface LayerTileService {
  render(layer: LayerTileName, z: number, x: number, y: number): LayerTile;
}

/**
 * The thematic layers' vector tiles (spec §1, issue 11) from the dataset's layer tables. Below a layer's
 * minimum zoom and beyond the deepest zoom anybody asks for, there is no tile (204). The map itself
 * stops asking at LAYER_TILE_MAX_ZOOM and over-zooms; a direct deeper request still gets the features.
 */
export function createLayerTileService(layers: LayerRepository): LayerTileService {
  return {
    render(layer, z, x, y) {
      if (z < LAYER_TILE_MIN_ZOOM[layer] || z > TILE_MAX_ZOOM) return { kind: 'out-of-range' };
      const box = tileBox(z, x, y);
      const data = encodeLayerTile(layers.features(layer, box, MAX_FEATURES), box);
      return data ? { kind: 'tile', data } : { kind: 'empty' };
    },
  };
}
