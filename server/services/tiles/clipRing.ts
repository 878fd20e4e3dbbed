/**
 * Clips a closed ring (x/y as separate arrays, closing point not repeated) to the square
 * [min, max]² with Sutherland–Hodgman. Concave rings may keep zero-width slivers along the square's
 * edge; those lie in the tile buffer, outside what the map draws. Returns the clipped points.
 */
export function clipRing(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  count: number,
  min: number,
  max: number,
): { xs: number[]; ys: number[] } {
  let inX = Array.from({ length: count }, (_, i) => xs[i]);
  let inY = Array.from({ length: count }, (_, i) => ys[i]);
  // One pass per square edge: axis 0 is x, 1 is y; sign +1 keeps values ≥ bound, −1 keeps ≤ bound.
  for (const [axis, bound, sign] of [
    [0, min, 1],
    [0, max, -1],
    [1, min, 1],
    [1, max, -1],
  ] as const) {
    const outX: number[] = [];
    const outY: number[] = [];
    const n = inX.length;
    for (let i = 0; i < n; i++) {
      const j = i === 0 ? n - 1 : i - 1;
      const a = axis === 0 ? inX[j] : inY[j];
      const b = axis === 0 ? inX[i] : inY[i];
      const aIn = (a - bound) * sign >= 0;
      const bIn = (b - bound) * sign >= 0;
      if (aIn !== bIn) {
        const t = (bound - a) / (b - a);
        outX.push(axis === 0 ? bound : inX[j] + t * (inX[i] - inX[j]));
        outY.push(axis === 1 ? bound : inY[j] + t * (inY[i] - inY[j]));
      }
      if (bIn) {
        outX.push(inX[i]);
        outY.push(inY[i]);
      }
    }
    inX = outX;
    inY = outY;
    if (inX.length === 0) break;
  }
  return { xs: inX, ys: inY };
}
