import type { LayerTileName } from '../../../../src/contract/MapLayers';
import type { MercatorBox } from '../../../geo/projection';

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
