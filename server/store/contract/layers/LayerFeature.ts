import type { LayerTileName } from '../../../../src/contract/MapLayers';
import type { Point, Ring } from '../../../geo/ring';

/** One area: an exterior ring (counter-clockwise in mercator) and its holes (clockwise). */
export interface AreaPolygon {
  exterior: Ring;
  holes: Ring[];
}

/** A layer feature's geometry, Web Mercator metres. */
export type LayerGeometry =
  { type: 'area'; polygon: AreaPolygon } | { type: 'point'; point: Point } | { type: 'line'; line: Point[] };

/** One feature of a map layer as the dataset builder writes it. */
export interface GeneratedLayerFeature {
  layer: LayerTileName;
  /** The layer inside the tile: the layer's own id, or streets/parks/transport for the base labels. */
  sourceLayer: string;
  /** The coded value (the parcel field's value the feature stands for). */
  cls: string;
  /** What the class is coloured by, when the class is finer (an alpha code's main use, a site's status). */
  group: string | null;
  label: string | null;
  geometry: LayerGeometry;
}

/** A building's roof as the federal solar cadastre (sonnendach.ch) describes it. */
export interface BuildingRoof {
  /** Height to the ridge, metres (floors × 3 m plus the roof); 0 underground. */
  height: number;
  /** Roof area, m². */
  roofArea: number;
  /** Azimuth of the best roof face, degrees from north (180 = south); null for a flat roof. */
  orientation: number | null;
  /** Suitability 1 (low) … 5 (excellent), from the yearly irradiation of the best face. */
  solarClass: number;
}
