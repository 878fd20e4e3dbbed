import { LAYER_CLASS_KEY, LAYER_LABEL_KEY } from '../../../src/contract/MapLayers';
import type { MercatorBox } from '../../geo/projection';
import type { Point, Ring } from '../../geo/ring';
import { decodeGeometry } from '../../store/contract/parcels/geometryCodec';
import type { LayerFeatureRow } from '../../store/contract/layers/LayerRepository';
import { clipRing } from '../tiles/clipRing';
import { writeFeatureTile, type TileFeature } from '../tiles/writeFeatureTile';
import { TILE_BUFFER, TILE_EXTENT } from '../tiles/writeMvt';

/** Attribute name of the colour group (an alpha zone's main use, a contaminated site's status). */
export const LAYER_GROUP_KEY = 'group';

const LOW = -TILE_BUFFER;
const HIGH = TILE_EXTENT + TILE_BUFFER;

/** Rounds to whole tile units and drops repeated points: at low zooms this is the simplification. */
function rounded(points: readonly Point[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of points) {
    const p: [number, number] = [Math.round(x), Math.round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

/** Twice the signed area in tile coordinates (y down): positive is clockwise on screen. */
function screenArea(ring: readonly [number, number][]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  }
  return sum;
}

const inside = ([x, y]: Point) => x >= LOW && x <= HIGH && y >= LOW && y <= HIGH;

/**
 * An area's rings clipped to the tile buffer, exterior clockwise on screen and holes the other way (MVT 2).
 * Rings smaller than a few tile units vanish: at z12 that drops what would be sub-pixel specks.
 */
function polygonRings(rings: Ring[]): [number, number][][] | null {
  const out: [number, number][][] = [];
  for (let r = 0; r < rings.length; r++) {
    let ring = rings[r];
    if (!ring.every(inside)) {
      const clipped = clipRing(
        ring.map((p) => p[0]),
        ring.map((p) => p[1]),
        ring.length,
        LOW,
        HIGH,
      );
      ring = clipped.xs.map((x, i) => [x, clipped.ys[i]]);
    }
    const points = rounded(ring);
    while (
      points.length > 1 &&
      points[0][0] === points[points.length - 1][0] &&
      points[0][1] === points[points.length - 1][1]
    )
      points.pop();
    const area = points.length >= 3 ? screenArea(points) : 0;
    if (Math.abs(area) < 4) {
      if (r === 0) return null;
      continue;
    }
    if ((r === 0) !== area > 0) points.reverse();
    points.push(points[0]);
    out.push(points);
  }
  return out;
}

/** Cuts a line to the tile buffer (Liang–Barsky per segment); the parts outside are dropped. */
function lineParts(line: Ring): [number, number][][] {
  const parts: Point[][] = [];
  let current: Point[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const [x0, y0] = line[i];
    const [x1, y1] = line[i + 1];
    const dx = x1 - x0;
    const dy = y1 - y0;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    for (const [p, q] of [
      [-dx, x0 - LOW],
      [dx, HIGH - x0],
      [-dy, y0 - LOW],
      [dy, HIGH - y0],
    ]) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else {
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
      }
    }
    if (!visible || t0 > t1) {
      if (current.length > 0) parts.push(current);
      current = [];
      continue;
    }
    const a: Point = [x0 + t0 * dx, y0 + t0 * dy];
    const b: Point = [x0 + t1 * dx, y0 + t1 * dy];
    if (current.length === 0 || t0 > 0) {
      if (current.length > 0) parts.push(current);
      current = [a];
    }
    current.push(b);
    if (t1 < 1) {
      parts.push(current);
      current = [];
    }
  }
  if (current.length > 0) parts.push(current);
  return parts.map(rounded).filter((part) => part.length >= 2);
}

/**
 * Encodes layer features (points, lines, areas from geometryCodec) as a Mapbox Vector Tile 2, one tile
 * layer per source layer, each feature with its class, colour group and label.
 */
export function encodeLayerTile(rows: readonly LayerFeatureRow[], box: MercatorBox): Uint8Array | null {
  const scale = TILE_EXTENT / (box.maxX - box.minX);
  const transform = { originX: box.minX, originY: box.maxY, scale, flipY: true };
  const layers: Record<string, { features: TileFeature[] }> = {};
  let count = 0;
  for (const row of rows) {
    const rings = decodeGeometry(row.geom, transform);
    let geometry: TileFeature['geometry'] | null = null;
    if (row.kind === 1) {
      const point = rings[0][0];
      geometry = inside(point) ? [[Math.round(point[0]), Math.round(point[1])]] : null;
    } else if (row.kind === 2) {
      const parts = lineParts(rings[0]);
      geometry = parts.length > 0 ? parts : null;
    } else {
      geometry = polygonRings(rings);
    }
    if (!geometry) continue;
    const tags: TileFeature['tags'] = { [LAYER_CLASS_KEY]: row.cls };
    if (row.grp !== null) tags[LAYER_GROUP_KEY] = row.grp;
    if (row.label !== null) tags[LAYER_LABEL_KEY] = row.label;
    const layer = (layers[row.sourceLayer] ??= { features: [] });
    layer.features.push({ type: row.kind, geometry, tags, id: row.id });
    count++;
  }
  return count === 0 ? null : writeFeatureTile(layers);
}
