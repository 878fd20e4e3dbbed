type Point = [number, number];

/**
 * The points of the circular arc that starts at `start`, passes through `middle` and ends at `end` (the
 * ISO/OGC CIRCULARSTRING triple), as a polyline whose chords stay within `tolerance` of the true arc
 * (chord deviation, the sagitta r·(1 − cos(θ/2)) of each step θ). The start is not repeated; the end is
 * given exactly as in the file, so the corners a surveyor measured survive; the points between lie on
 * the circle. Three collinear points are a straight piece; start = end is the full circle through the
 * middle point, as ISO 13249-3 reads it.
 */
export function strokeCircularArc(start: Point, middle: Point, end: Point, tolerance: number): Point[] {
  const closed = start[0] === end[0] && start[1] === end[1];
  const circle = closed ? circleOnDiameter(start, middle) : circleThrough(start, middle, end);
  if (!circle) return [middle, end];
  const { cx, cy, r } = circle;
  const a0 = Math.atan2(start[1] - cy, start[0] - cx);
  const a2 = Math.atan2(end[1] - cy, end[0] - cx);
  // The turn start → middle → end gives the direction, so the sweep passes the middle point.
  const counterClockwise = closed || cross(start, middle, end) > 0;
  const turn = (from: number, to: number) => {
    const delta = counterClockwise ? to - from : from - to;
    return ((delta % TAU) + TAU) % TAU;
  };
  const sweep = closed ? TAU : turn(a0, a2);
  const maxStep = tolerance >= r ? Math.PI / 2 : 2 * Math.acos(1 - tolerance / r);
  const steps = Math.max(1, Math.ceil(sweep / maxStep));
  const points: Point[] = [];
  for (let i = 1; i < steps; i++) {
    const angle = a0 + ((counterClockwise ? 1 : -1) * sweep * i) / steps;
    points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  points.push([end[0], end[1]]);
  return points;
}

const TAU = 2 * Math.PI;

const cross = (a: Point, b: Point, c: Point) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** The circle through three points, or null when they are (numerically) on one line. */
function circleThrough(a: Point, b: Point, c: Point): { cx: number; cy: number; r: number } | null {
  // Relative to `a`, so LV95's seven-digit coordinates do not cost the determinant its precision.
  const bx = b[0] - a[0];
  const by = b[1] - a[1];
  const qx = c[0] - a[0];
  const qy = c[1] - a[1];
  const d = 2 * (bx * qy - by * qx);
  const scale = Math.max(Math.hypot(bx, by), Math.hypot(qx, qy));
  if (Math.abs(d) <= 1e-12 * scale * scale) return null;
  const b2 = bx * bx + by * by;
  const c2 = qx * qx + qy * qy;
  const ux = (qy * b2 - by * c2) / d;
  const uy = (bx * c2 - qx * b2) / d;
  return { cx: a[0] + ux, cy: a[1] + uy, r: Math.hypot(ux, uy) };
}

/** The circle whose diameter joins two points (a full-circle CIRCULARSTRING names start and opposite). */
function circleOnDiameter(a: Point, b: Point): { cx: number; cy: number; r: number } | null {
  const r = Math.hypot(b[0] - a[0], b[1] - a[1]) / 2;
  return r > 0 ? { cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r } : null;
}
