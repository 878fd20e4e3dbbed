/**
 * Douglas–Peucker on a quantised ring: keeps the points that lie farther than `tolerance` tile units from
 * the line between the points kept around them. The first and last point always stay (a closed ring keeps
 * its closing point). Iterative, so a long border cannot overflow the stack.
 */
export function simplifyRing(
  xs: readonly number[],
  ys: readonly number[],
  tolerance: number,
): { xs: number[]; ys: number[] } {
  const n = xs.length;
  if (n <= 3) return { xs: [...xs], ys: [...ys] };
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const limit = tolerance * tolerance;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    const dx = xs[last] - xs[first];
    const dy = ys[last] - ys[first];
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let most = limit;
    for (let i = first + 1; i < last; i++) {
      const px = xs[i] - xs[first];
      const py = ys[i] - ys[first];
      // Squared distance to the segment (to the first point when the segment is one point: a closed ring).
      const t = length > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / length)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const distance = ex * ex + ey * ey;
      if (distance > most) {
        most = distance;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const out = { xs: [] as number[], ys: [] as number[] };
  for (let i = 0; i < n; i++) {
    if (keep[i] === 0) continue;
    out.xs.push(xs[i]);
    out.ys.push(ys[i]);
  }
  return out;
}
