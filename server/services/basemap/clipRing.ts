type Point = [number, number];

function clipEdge(
  ring: Point[],
  inside: (p: Point) => boolean,
  cross: (a: Point, b: Point) => Point,
): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < ring.length; i += 1) {
    const current = ring[i];
    const previous = ring[(i + ring.length - 1) % ring.length];
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) {
      out.push(cross(previous, current));
    }
  }
  return out;
}

/**
 * Clips a closed ring to the square [min, max]² (Sutherland–Hodgman). The seams it adds lie in the
 * tile buffer, outside what the renderer draws, so they never show.
 */
export function clipRing(ring: Point[], min: number, max: number): Point[] {
  const at = (a: Point, b: Point, axis: 0 | 1, value: number): Point => {
    const t = (value - a[axis]) / (b[axis] - a[axis]);
    return axis === 0 ? [value, a[1] + t * (b[1] - a[1])] : [a[0] + t * (b[0] - a[0]), value];
  };
  let out = ring;
  out = clipEdge(
    out,
    (p) => p[0] >= min,
    (a, b) => at(a, b, 0, min),
  );
  out = clipEdge(
    out,
    (p) => p[0] <= max,
    (a, b) => at(a, b, 0, max),
  );
  out = clipEdge(
    out,
    (p) => p[1] >= min,
    (a, b) => at(a, b, 1, min),
  );
  out = clipEdge(
    out,
    (p) => p[1] <= max,
    (a, b) => at(a, b, 1, max),
  );
  return out;
}
