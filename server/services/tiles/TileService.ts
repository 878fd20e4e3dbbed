import type { ParcelRepository } from '../../store/parcels/ParcelRepository';
import type { ParcelQuery } from '../../store/parcels/ParcelQuery';
import { writeMvt } from './writeMvt';
import { tileBox } from '../../geo/projection';
/** Parcels show from z14 (spec §9), buildings from z15; deeper than z22 nobody asks. */
export const PARCEL_MIN_ZOOM = 14;
export const OBJECT_MIN_ZOOM = 15;
export const MAX_ZOOM = 22;
/** A safety cap: a z14 city-centre tile holds a few thousand parcels. */
const MAX_FEATURES = 20000;

export type TileKind = 'parcels' | 'around' | 'objects';

export interface TileService {
  /** The encoded tile, or null when the zoom is outside the layer's range (answered as 204). */
  render(kind: TileKind, z: number, x: number, y: number, query: ParcelQuery | null): Uint8Array | null;
}

export function createTileService(parcels: ParcelRepository): TileService {
  return {
    render(kind, z, x, y, query) {
      const minZoom = kind === 'objects' ? OBJECT_MIN_ZOOM : PARCEL_MIN_ZOOM;
      if (z < minZoom || z > MAX_ZOOM) return null;
      const box = tileBox(z, x, y);
      if (kind === 'objects') return writeMvt({ objects: parcels.tileBuildings(box, MAX_FEATURES) }, box);
      return writeMvt(
        { [kind]: parcels.tileParcels(box, kind === 'parcels' ? query : null, MAX_FEATURES) },
        box,
      );
    },
  };
}
