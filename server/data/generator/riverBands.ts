import type { Point, Ring } from '../../geo/ring';
import { lonLatToMercator } from '../../geo/projection';
import type { LonLatBox } from '../geography/SwissGeography';
import type { RiverLine } from '../catalog/rivers';
import type { LocalFrame } from './LocalFrame';

/** A river's band, one convex ring per segment of its centre line (frame metres), with its name. */
export interface RiverBand {
  name: string;
  ring: Ring;
}

/** Degrees of margin around a municipality's box within which a river is taken into account. */
const MARGIN = 0.01;

/**
 * The bands of the rivers near a municipality in its frame: each segment of a centre line as a rectangle
 * of the river's width, lengthened by half the width at both ends so the bends leave no gap.
 */
export function riverBands(rivers: readonly RiverLine[], bbox: LonLatBox, frame: LocalFrame): RiverBand[] {
  const bands: RiverBand[] = [];
  for (const river of rivers) {
    const near = river.line.some(
      ([lon, lat]) => lon > bbox[0] - MARGIN && lon < bbox[2] + MARGIN && lat > bbox[1] - MARGIN && lat < bbox[3] + MARGIN,
    );
    if (!near) continue;
    const points: Point[] = river.line.map(([lon, lat]) => frame.toLocal(...lonLatToMercator(lon, lat)));
    const half = river.width / 2;
    for (let i = 1; i < points.length; i++) {
      const [ax, ay] = points[i - 1];
      const [bx, by] = points[i];
      const length = Math.hypot(bx - ax, by - ay);
      if (length < 1) continue;
      const dx = ((bx - ax) / length) * half;
      const dy = ((by - ay) / length) * half;
      bands.push({
        name: river.name,
        ring: [
          [ax - dx - dy, ay - dy + dx],
          [ax - dx + dy, ay - dy - dx],
          [bx + dx + dy, by + dy - dx],
          [bx + dx - dy, by + dy + dx],
        ],
      });
    }
  }
  return bands;
}
