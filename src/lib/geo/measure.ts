import { lv95FromWgs84 } from './lv95';

/**
 * Distances and areas of what a user clicks on the map, computed in LV95 metres (the grid the Swiss
 * cadastre measures in), not on the Web Mercator screen, whose scale is off by a factor of about 1.47
 * at Swiss latitudes.
 */

/** Length of a polyline through WGS84 points, metres in LV95. */
export function lengthInMetres(points: readonly (readonly [number, number])[]): number {
  const grid = points.map(lv95FromWgs84);
  let total = 0;
  for (let i = 1; i < grid.length; i += 1)
    total += Math.hypot(grid[i].east - grid[i - 1].east, grid[i].north - grid[i - 1].north);
  return total;
}

/** Area of the polygon the WGS84 points outline (closed implicitly), square metres in LV95. */
export function areaInSquareMetres(points: readonly (readonly [number, number])[]): number {
  if (points.length < 3) return 0;
  const grid = points.map(lv95FromWgs84);
  let twice = 0;
  for (let i = 0, j = grid.length - 1; i < grid.length; j = i, i += 1)
    twice += grid[j].east * grid[i].north - grid[i].east * grid[j].north;
  return Math.abs(twice) / 2;
}

/** Length of the outline including the closing side back to the first point, metres. */
export function perimeterInMetres(points: readonly (readonly [number, number])[]): number {
  return points.length < 3 ? lengthInMetres(points) : lengthInMetres([...points, points[0]]);
}
