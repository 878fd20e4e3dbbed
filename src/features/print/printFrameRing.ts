import { printFrame, type MapPrintRequest } from '../../contract/MapPrint';
import { wgs84FromLv95 } from '../../lib/geo/lv95';

/** Points per edge: the LV95 rectangle's edges bend slightly in Web Mercator. */
const EDGE_POINTS = 8;

/** The print frame as a closed WGS84 ring for the map: the LV95 rectangle, densified along its edges. */
export function printFrameRing(
  request: Pick<MapPrintRequest, 'paper' | 'orientation' | 'scale' | 'center'>,
): [number, number][] {
  const [minE, minN, maxE, maxN] = printFrame(request);
  const corners: [number, number][] = [
    [minE, minN],
    [maxE, minN],
    [maxE, maxN],
    [minE, maxN],
  ];
  const ring: [number, number][] = [];
  corners.forEach(([e0, n0], i) => {
    const [e1, n1] = corners[(i + 1) % corners.length];
    for (let k = 0; k < EDGE_POINTS; k++) {
      const f = k / EDGE_POINTS;
      ring.push(wgs84FromLv95({ east: e0 + (e1 - e0) * f, north: n0 + (n1 - n0) * f }));
    }
  });
  ring.push(ring[0]);
  return ring;
}

/** MapLibre's ground metres per CSS pixel at a zoom and latitude (512-pixel tiles). */
const metresPerPixel = (zoom: number, latitude: number) =>
  (2 * Math.PI * 6_378_137 * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);

/** The scale 1:N the screen shows at a zoom and latitude, a CSS pixel taken as 1/96 inch. */
export const screenScale = (zoom: number, latitude: number): number =>
  metresPerPixel(zoom, latitude) / (0.0254 / 96);
