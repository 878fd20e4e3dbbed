/** Layer names inside the main server's vector tiles (server/services/tiles), one place to match them. */
export const TILE_SOURCE_LAYERS = {
  /** maps/tile: the parcels matching the search. */
  matching: 'parcels',
  /** maps/all-around: every parcel of the tile. */
  allAround: 'around',
  /** maps/objects: the buildings. */
  objects: 'objects',
} as const;
