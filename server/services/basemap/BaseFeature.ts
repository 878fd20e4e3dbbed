/** A ring of points in normalised Web Mercator (0..1 on both axes, y growing southwards). */
export type MercatorRing = [number, number][];

export type BaseLayerName = 'country' | 'cantons' | 'municipalities' | 'lakes' | 'labels';

/** One feature of the self-hosted base map, pre-projected once at start. */
export interface BaseFeature {
  layer: BaseLayerName;
  /** Polygons as lists of rings (outer first); a label is one polygon holding one one-point ring. */
  polygons: MercatorRing[][];
  bbox: [number, number, number, number];
  properties: Record<string, string | number>;
  /** Lowest zoom the feature goes into tiles from (keeps the country-wide tiles light). */
  minZoom: number;
}
