import { ByteWriter } from './ByteWriter';
import type { TileLayerFeature } from './TileLayerFeature';
import type { MercatorBox } from '../../store/parcels/ParcelRepository';

export const TILE_EXTENT = 4096;
/** Geometry more than this far outside the tile (in tile units) is clamped: MapLibre clips anyway. */
const CLAMP = 8 * TILE_EXTENT;

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 7) | (count << 3);

// Reading state for the stored varints: module-level so the hot loop allocates no closures.
let data: Uint8Array = new Uint8Array(0);
let pos = 0;
let xs = new Int32Array(1024);
let ys = new Int32Array(1024);

function readVarint(): number {
  let byte = data[pos++];
  if (byte < 0x80) return byte;
  let result = byte & 0x7f;
  let shift = 128;
  do {
    byte = data[pos++];
    result += (byte & 0x7f) * shift;
    shift *= 128;
  } while (byte & 0x80);
  return result;
}

function readDelta(): number {
  const n = readVarint();
  return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
}

/**
 * Decodes stored geometry (geometryCodec: ring count, then per ring a point count and zigzag varint
 * deltas in mercator decimetres) straight into MVT polygon commands, without intermediate arrays.
 * Exterior rings are wound clockwise on screen (positive area in tile coordinates), holes the other
 * way, as MVT 2 requires. Returns false when nothing drawable is left.
 */
function writePolygon(geom: Uint8Array, box: MercatorBox, out: number[]): boolean {
  data = geom;
  pos = 0;
  const scale = TILE_EXTENT / ((box.maxX - box.minX) * 10);
  const originX = box.minX * 10;
  const originY = box.maxY * 10;
  const rings = readVarint();
  let ix = 0;
  let iy = 0;
  let cursorX = 0;
  let cursorY = 0;
  let wrote = false;
  for (let r = 0; r < rings; r++) {
    const n = readVarint();
    if (n > xs.length) {
      xs = new Int32Array(n * 2);
      ys = new Int32Array(n * 2);
    }
    let count = 0;
    for (let i = 0; i < n; i++) {
      ix += readDelta();
      iy += readDelta();
      let x = Math.round((ix - originX) * scale);
      let y = Math.round((originY - iy) * scale);
      x = x < -CLAMP ? -CLAMP : x > CLAMP ? CLAMP : x;
      y = y < -CLAMP ? -CLAMP : y > CLAMP ? CLAMP : y;
      if (count === 0 || xs[count - 1] !== x || ys[count - 1] !== y) {
        xs[count] = x;
        ys[count] = y;
        count++;
      }
    }
    if (count > 1 && xs[0] === xs[count - 1] && ys[0] === ys[count - 1]) count--;
    if (count < 3) continue;
    let area = 0;
    for (let i = 0, j = count - 1; i < count; j = i++) area += xs[j] * ys[i] - xs[i] * ys[j];
    if (area === 0) continue;
    const forward = (r === 0) === area > 0;
    out.push(command(1, 1));
    for (let k = 0; k < count; k++) {
      const i = forward ? k : count - 1 - k;
      if (k === 1) out.push(command(2, count - 1));
      out.push(zigzag(xs[i] - cursorX), zigzag(ys[i] - cursorY));
      cursorX = xs[i];
      cursorY = ys[i];
    }
    out.push(command(7, 1));
    wrote = true;
  }
  return wrote;
}

function varintLength(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  let n = 4;
  for (let v = Math.floor(value / 0x10000000); v > 0; v = Math.floor(v / 128)) n++;
  return n;
}

function packedLength(values: readonly number[]): number {
  let n = 0;
  for (const v of values) n += varintLength(v);
  return n;
}

/** A packed repeated uint32 field, written in place (its length computed first, no temporary buffer). */
function writePacked(w: ByteWriter, field: number, values: readonly number[], length: number): void {
  w.key(field, 2);
  w.varint(length);
  for (const v of values) w.varint(v);
}

/**
 * Encodes polygon layers as a Mapbox Vector Tile 2 (the protobuf of vector_tile.proto): string tag
 * values deduplicated per layer, ids kept, geometry straight from the stored binary.
 */
export function writeMvt(layers: Record<string, TileLayerFeature[]>, box: MercatorBox): Uint8Array {
  const tile = new ByteWriter();
  const geometry: number[] = [];
  const tags: number[] = [];
  for (const [name, features] of Object.entries(layers)) {
    const layer = new ByteWriter(64 * 1024);
    layer.varint((15 << 3) | 0);
    layer.varint(2);
    layer.string(1, name);
    const keys = new Map<string, number>();
    const values = new Map<string | number, number>();
    let written = 0;
    for (const f of features) {
      geometry.length = 0;
      if (!writePolygon(f.geom, box, geometry)) continue;
      tags.length = 0;
      for (const k in f.tags) {
        const v = f.tags[k];
        let ki = keys.get(k);
        if (ki === undefined) keys.set(k, (ki = keys.size));
        let vi = values.get(v);
        if (vi === undefined) values.set(v, (vi = values.size));
        tags.push(ki, vi);
      }
      const tagsLength = packedLength(tags);
      const geometryLength = packedLength(geometry);
      const featureLength =
        1 +
        varintLength(f.id) +
        1 +
        varintLength(tagsLength) +
        tagsLength +
        2 +
        1 +
        varintLength(geometryLength) +
        geometryLength;
      layer.key(2, 2);
      layer.varint(featureLength);
      layer.key(1, 0);
      layer.varint(f.id);
      writePacked(layer, 2, tags, tagsLength);
      layer.key(3, 0);
      layer.varint(3);
      writePacked(layer, 4, geometry, geometryLength);
      written++;
    }
    if (written === 0) continue;
    for (const k of keys.keys()) layer.string(3, k);
    for (const v of values.keys()) {
      const value = new ByteWriter();
      if (typeof v === 'string') value.string(1, v);
      else if (Number.isInteger(v) && v >= 0) {
        value.key(5, 0);
        value.varint(v);
      } else value.string(1, String(v));
      layer.message(4, value.finish());
    }
    layer.key(5, 0);
    layer.varint(TILE_EXTENT);
    tile.message(3, layer.finish());
  }
  return tile.finish();
}
