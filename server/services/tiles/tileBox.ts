import { WORLD_HALF } from '../../data/projection/webMercator';
import type { MercatorBox } from '../../store/parcels/ParcelRepository';

/** The Web Mercator box of tile z/x/y (XYZ scheme, y down from the north). */
export function tileBox(z: number, x: number, y: number): MercatorBox {
  const size = (2 * WORLD_HALF) / 2 ** z;
  const minX = -WORLD_HALF + x * size;
  const maxY = WORLD_HALF - y * size;
  return { minX, minY: maxY - size, maxX: minX + size, maxY };
}
