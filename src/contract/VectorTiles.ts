/**
 * The main server's vector tiles as both sides know them: the source-layer names inside the tiles and the
 * zooms at which each appears (spec §9). The server answers 204 below a layer's minimum zoom; the map adds
 * its layers from the same numbers.
 */

/** Layer names inside the tiles of maps/tile, maps/all-around and maps/objects. */
export const TILE_SOURCE_LAYERS = {
  /** maps/tile: the parcels matching the search. */
  matching: 'parcels',
  /** maps/all-around: every parcel of the tile. */
  allAround: 'around',
  /** maps/objects: the buildings. */
  objects: 'objects',
} as const;

export type TileSourceLayer = (typeof TILE_SOURCE_LAYERS)[keyof typeof TILE_SOURCE_LAYERS];

/** Parcel tiles and the surrounding parcels appear from this zoom; clusters show below it. */
export const PARCEL_MIN_ZOOM = 14;
/** Buildings (maps/objects) are drawn from this zoom (data-notes: keep buildings from z15). */
export const OBJECT_MIN_ZOOM = 15;
/** Clusters (the search's per-municipality counts) show from the start zoom up to PARCEL_MIN_ZOOM. */
export const CLUSTER_MIN_ZOOM = 7;
export const CLUSTER_MAX_ZOOM = PARCEL_MIN_ZOOM;
/** Deeper than this nobody asks; the server answers 204. */
export const TILE_MAX_ZOOM = 22;
