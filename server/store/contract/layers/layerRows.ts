import { LAYER_TILE_MIN_ZOOM, type LayerTileName } from '../../../../src/contract/MapLayers';
import type { Ring } from '../../../geo/ring';
import type { LayerGeometry } from './LayerFeature';

/** MVT geometry types, as stored in layer_features.kind. */
export const GEOMETRY_KIND = { point: 1, line: 2, area: 3 } as const;

const LAYER_NAMES = Object.keys(LAYER_TILE_MIN_ZOOM) as LayerTileName[];

/** A layer's number on the R*Tree's third axis: a tile of one layer is one box query. */
export function layerIndex(layer: LayerTileName): number {
  return LAYER_NAMES.indexOf(layer);
}

/** The rings geometryCodec stores: an area's exterior then its holes; a line or a point as one ring. */
export function layerRings(geometry: LayerGeometry): Ring[] {
  if (geometry.type === 'area') return [geometry.polygon.exterior, ...geometry.polygon.holes];
  if (geometry.type === 'line') return [geometry.line];
  return [[geometry.point]];
}
