import {
  OBJECT_MIN_ZOOM,
  PARCEL_MIN_ZOOM,
  TILE_MAX_ZOOM,
  TILE_SOURCE_LAYERS,
  type TileSourceLayer,
} from '../../../src/contract/VectorTiles';
import type { ParcelRepository } from '../../store/parcels/ParcelRepository';
import type { ParcelQuery } from '../../store/parcels/ParcelQuery';
import { tileBox } from '../../geo/projection';
import { writeMvt } from './writeMvt';
import { encodeTile, type EncodedTile, type TileCache } from './TileCache';

/** A safety cap: a z14 city-centre tile holds a few thousand parcels. */
const MAX_FEATURES = 20000;

/** Which tile, named by the one layer inside it: matching parcels, every parcel around, or buildings. */
export type TileKind = TileSourceLayer;

export interface TileService {
  /** The encoded tile, or null when the zoom is outside the layer's range (answered as 204). */
  render(kind: TileKind, z: number, x: number, y: number, query: ParcelQuery | null): Uint8Array | null;
  /**
   * The tile gzipped with its ETag, or null as for `render`. Tiles without a search query come from the
   * tile cache (rendered once per dataset build); searched tiles are rendered each time, compressed off
   * the event loop.
   */
  encoded(
    kind: TileKind,
    z: number,
    x: number,
    y: number,
    query: ParcelQuery | null,
  ): Promise<EncodedTile | null>;
}

export function createTileService(parcels: ParcelRepository, cache: TileCache): TileService {
  const service: TileService = {
    async encoded(kind, z, x, y, query) {
      const render = () => service.render(kind, z, x, y, query);
      if (query) {
        const tile = render();
        return tile ? encodeTile(tile) : null;
      }
      return cache.get(parcels.datasetVersion(), `${kind}/${z}/${x}/${y}`, render);
    },
    render(kind, z, x, y, query) {
      const minZoom = kind === TILE_SOURCE_LAYERS.objects ? OBJECT_MIN_ZOOM : PARCEL_MIN_ZOOM;
      if (z < minZoom || z > TILE_MAX_ZOOM) return null;
      const box = tileBox(z, x, y);
      if (kind === TILE_SOURCE_LAYERS.objects)
        return writeMvt({ [kind]: parcels.tileBuildings(box, MAX_FEATURES) }, box);
      return writeMvt(
        {
          [kind]: parcels.tileParcels(box, kind === TILE_SOURCE_LAYERS.matching ? query : null, MAX_FEATURES),
        },
        box,
      );
    },
  };
  return service;
}
