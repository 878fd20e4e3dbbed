import { ByteWriter } from './ByteWriter';
import { command, TILE_EXTENT, zigzag } from './writeMvt';

/**
 * A feature already in tile units (geojson-vt's tile shape): type 1 point, 2 line, 3 polygon. A point's
 * geometry is its list of points; a line's and a polygon's are their parts and rings, polygon rings closed
 * (last point = first) as MVT writes ClosePath instead of the closing point.
 */
export interface TileFeature {
  type: 1 | 2 | 3;
  geometry: [number, number][] | [number, number][][];
  tags: Record<string, string | number | boolean>;
  id?: number;
}

function writeGeometry(out: ByteWriter, feature: TileFeature): void {
  const parts = (feature.type === 1 ? [feature.geometry] : feature.geometry) as readonly (readonly [
    number,
    number,
  ][])[];
  let x = 0;
  let y = 0;
  for (const part of parts) {
    out.varint(command(1, feature.type === 1 ? part.length : 1));
    const count = feature.type === 3 ? part.length - 1 : part.length;
    for (let i = 0; i < count; i++) {
      if (i === 1 && feature.type !== 1) out.varint(command(2, count - 1));
      out.varint(zigzag(part[i][0] - x));
      out.varint(zigzag(part[i][1] - y));
      x = part[i][0];
      y = part[i][1];
    }
    if (feature.type === 3) out.varint(command(7, 1));
  }
}

/** A Value message: string 1, double 3, uint 5, sint 6, bool 7. */
function writeValue(out: ByteWriter, value: string | number | boolean): void {
  if (typeof value === 'string') out.string(1, value);
  else if (typeof value === 'boolean') {
    out.key(7, 0);
    out.varint(value ? 1 : 0);
  } else if (value % 1 !== 0) {
    out.key(3, 1);
    out.double(value);
  } else if (value < 0) {
    out.key(6, 0);
    out.varint(-value * 2 - 1);
  } else {
    out.key(5, 0);
    out.varint(value);
  }
}

function writeLayer(out: ByteWriter, name: string, features: readonly TileFeature[], extent: number): void {
  out.key(15, 0);
  out.varint(2);
  out.string(1, name);
  out.key(5, 0);
  out.varint(extent);
  const keys = new Map<string, number>();
  const values = new Map<string, { index: number; value: string | number | boolean }>();
  const feature = new ByteWriter(1024);
  const part = new ByteWriter(1024);
  for (const each of features) {
    feature.length = 0;
    if (typeof each.id === 'number') {
      feature.key(1, 0);
      feature.varint(each.id);
    }
    part.length = 0;
    for (const [key, value] of Object.entries(each.tags)) {
      let keyIndex = keys.get(key);
      if (keyIndex === undefined) keys.set(key, (keyIndex = keys.size));
      const valueKey = `${typeof value}:${value}`;
      let entry = values.get(valueKey);
      if (!entry) values.set(valueKey, (entry = { index: values.size, value }));
      part.varint(keyIndex);
      part.varint(entry.index);
    }
    feature.message(2, part.finish());
    feature.key(3, 0);
    feature.varint(each.type);
    part.length = 0;
    writeGeometry(part, each);
    feature.message(4, part.finish());
    out.message(2, feature.finish());
  }
  for (const key of keys.keys()) out.string(3, key);
  for (const { value } of values.values()) {
    part.length = 0;
    writeValue(part, value);
    out.message(4, part.finish());
  }
}

/**
 * Encodes features given in tile units as a Mapbox Vector Tile 2, one tile layer per entry, keys and
 * values deduplicated per layer. The base map and the map layers use it; parcel tiles, the hot path,
 * go through writeMvt, which encodes straight from the stored binary geometry (ADR 056).
 */
export function writeFeatureTile(
  layers: Record<string, { features: readonly TileFeature[] }>,
  extent = TILE_EXTENT,
): Uint8Array {
  const tile = new ByteWriter(16 * 1024);
  const layer = new ByteWriter(16 * 1024);
  for (const [name, { features }] of Object.entries(layers)) {
    layer.length = 0;
    writeLayer(layer, name, features, extent);
    tile.message(3, layer.finish());
  }
  return tile.finish();
}
