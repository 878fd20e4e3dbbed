import { type Point, type Ring, ringArea } from '../../geo/ring';
import { mainAxis, splitConvex } from '../../geo/convex';
import type { MainUse } from '../catalog/zoneCatalog';
import type { Rng } from '../random';
import { cleanRing } from './clipToLand';
import { openLandParcelArea } from './zonePlan';

/**
 * Fields and forest outside settlements: the open-land piece of a superblock cut, off the square, into
 * strips of the use's size (slanted cuts, so fields are irregular quadrilaterals, not a chessboard).
 */
export function openLandParcels(piece: Ring, use: MainUse, rng: Rng): Ring[] {
  const target = openLandParcelArea(use, rng);
  const out: Ring[] = [];
  const stack: Ring[] = [piece];
  while (stack.length > 0) {
    const ring = stack.pop() as Ring;
    const area = ringArea(ring);
    if (area > target * 1.5) {
      const axis = mainAxis(ring);
      const turn = rng.range(-0.45, 0.45);
      const across: Point = [axis[0] * Math.cos(turn) - axis[1] * Math.sin(turn), axis[0] * Math.sin(turn) + axis[1] * Math.cos(turn)];
      const halves = splitConvex(ring, rng.range(0.35, 0.65), across)
        .map(cleanRing)
        .filter((r): r is Ring => r !== null);
      if (halves.length === 2 && halves.every((h) => ringArea(h) < area * 0.9)) {
        stack.push(...halves);
        continue;
      }
    }
    out.push(ring);
  }
  return out;
}
