import {
  OBJECT_MIN_ZOOM,
  PARCEL_MIN_ZOOM,
  TILE_MAX_ZOOM,
  TILE_SOURCE_LAYERS,
  type TileSourceLayer,
} from '../../../src/contract/VectorTiles';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import { tileBox } from '../../geo/projection';
import { writeMvt } from './writeMvt';
import type { EncodedTile, TileCache } from './TileCache';
import type { TileRenderer, TileRequest } from './TileRenderer';

/** A safety cap: a z14 city-centre tile holds a few thousand parcels. */
const MAX_FEATURES = 20000;

/** Which tile, named by the one layer inside it: matching parcels, every parcel around, or buildings. */
export type TileKind = TileSourceLayer;

export interface TileService {
  /** The encoded tile, or null when the zoom is outside the layer's range (answered as 204). */
  render(
    kind: TileKind,
    z: number,
    x: number,
    y: number,
    query: ParcelQuery | null,
  ): Promise<Uint8Array | null>;
  /**
   * The tile gzipped with its ETag, or null as for `render`. Tiles without a search query come from the
   * tile cache (rendered once per dataset build); searched tiles are rendered each time. Both are rendered
   * by the TileRenderer (worker threads unless WORKERS=0), never blocking the event loop for long.
   */
  encoded(
    kind: TileKind,
    z: number,
    x: number,
    y: number,
    query: ParcelQuery | null,
  ): Promise<EncodedTile | null>;
  /** Stops the worker threads (server shutdown). */
  close(): Promise<void>;
}

/** A query that filters nothing (no search yet, or every field empty) shows every parcel: a cacheable tile. */
const filtersNothing = (query: ParcelQuery | null) =>
  !query || Object.values(query).every((value) => value === undefined || value === false);

/** Renders one tile from the repository (the worker threads and the in-process renderer use it). */
export async function renderTile(
  parcels: ParcelRepository,
  { kind, z, x, y, query }: TileRequest,
): Promise<Uint8Array | null> {
  const minZoom = kind === TILE_SOURCE_LAYERS.objects ? OBJECT_MIN_ZOOM : PARCEL_MIN_ZOOM;
  if (z < minZoom || z > TILE_MAX_ZOOM) return null;
  const box = tileBox(z, x, y);
  if (kind === TILE_SOURCE_LAYERS.objects)
    return writeMvt({ [kind]: await parcels.tileBuildings(box, MAX_FEATURES) }, box);
  const filter = kind === TILE_SOURCE_LAYERS.matching ? query : null;
  return writeMvt({ [kind]: await parcels.tileParcels(box, filter, MAX_FEATURES) }, box);
}

export function createTileService(
  parcels: ParcelRepository,
  cache: TileCache,
  renderer: TileRenderer,
): TileService {
  return {
    async encoded(kind, z, x, y, query) {
      const searched = kind === TILE_SOURCE_LAYERS.matching && !filtersNothing(query);
      const request: TileRequest = { kind, z, x, y, query: searched ? query : null };
      if (request.query) return renderer.render(request);
      return cache.get(await parcels.datasetVersion(), `${kind}/${z}/${x}/${y}`, () =>
        renderer.render(request),
      );
    },
    render: (kind, z, x, y, query) => renderTile(parcels, { kind, z, x, y, query }),
    close: () => renderer.close(),
  };
}
