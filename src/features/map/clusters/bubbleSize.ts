import type { ExpressionSpecification } from 'maplibre-gl';

/**
 * How large a count bubble is drawn, in one place for the map's paint expression and for the merging
 * that keeps bubbles apart (searchClusters): area grows with the count, so the radius follows its square
 * root, from 12 px for one match to 40 px for 10 000 and more.
 */

/** [√count, radius px] stops, linear in between, clamped at both ends. */
const RADIUS_STOPS: readonly (readonly [number, number])[] = [
  [1, 12],
  [10, 18],
  [30, 26],
  [100, 40],
];

/** The white ring around each bubble, px. */
export const BUBBLE_STROKE_PX = 2;

/** A bubble's drawn radius, px, without its ring (what `bubbleRadiusExpression` gives the map). */
export function bubbleRadiusPx(count: number): number {
  const root = Math.sqrt(Math.max(count, 0));
  const [first] = RADIUS_STOPS;
  if (root <= first[0]) return first[1];
  for (let index = 1; index < RADIUS_STOPS.length; index += 1) {
    const [x0, y0] = RADIUS_STOPS[index - 1];
    const [x1, y1] = RADIUS_STOPS[index];
    if (root <= x1) return y0 + ((root - x0) / (x1 - x0)) * (y1 - y0);
  }
  return RADIUS_STOPS[RADIUS_STOPS.length - 1][1];
}

/** The map's circle-radius for a bubble's `count` property. */
export function bubbleRadiusExpression(): ExpressionSpecification {
  return ['interpolate', ['linear'], ['sqrt', ['get', 'count']], ...RADIUS_STOPS.flat()];
}
