/**
 * The features of one tile layer, packed: every attribute value (UTF-8) and every encoded geometry
 * (geometryCodec) lie back to back in `data`. A city-centre tile holds a few thousand features, and
 * one buffer with offsets instead of a string and a Buffer per row halves the time spent reading them.
 */
export interface TileFeatureBatch {
  /** Attribute names, in the order of each feature's spans. */
  keys: readonly string[];
  count: number;
  ids: Float64Array;
  data: Uint8Array;
  /** Per feature, keys.length + 1 [start, end) pairs into `data`: the attribute values, then the geometry. */
  spans: Int32Array;
}
