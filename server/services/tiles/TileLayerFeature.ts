/** One polygon feature to put in a tile layer: encoded geometry plus its few attributes. */
export interface TileLayerFeature {
  id: number;
  geom: Uint8Array;
  tags: Record<string, string | number>;
}
