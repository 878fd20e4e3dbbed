import { ByteWriter } from './ByteWriter';
import { clipRing } from './clipRing';
import type { MercatorBox } from '../../geo/projection';
import { VarintReader } from '../../store/contract/parcels/geometryCodec';
import type { TileFeatureBatch } from '../../store/contract/parcels/tileFeatureBatch';
export const TILE_EXTENT = 4096;
/**
 * Geometry is clipped this far (tile units) outside the tile: enough for outlines drawn across the
 * edge, and far inside the ±8192 MapLibre accepts before warning "Geometry exceeds allowed extent".
 */
export const TILE_BUFFER = 64;

/** MVT geometry encoding: a parameter's zigzag form and a command integer (MoveTo 1, LineTo 2, ClosePath 7). */
export const zigzag = (n: number) => (n << 1) ^ (n >> 31);
export const command = (id: number, count: number) => (id & 7) | (count << 3);

// Scratch state for the hot loop, module-level so that a tile of thousands of features allocates
// (almost) nothing per feature. Rendering is synchronous, so nothing else uses it meanwhile.
const reader = new VarintReader();
let fx = new Float64Array(1024);
let fy = new Float64Array(1024);
let ix = new Int32Array(1024);
let iy = new Int32Array(1024);
let geometry = new Int32Array(4096);
let geometryLength = 0;
const tags: number[] = [];

function pushGeometry(value: number): void {
  if (geometryLength === geometry.length) {
    const grown = new Int32Array(geometry.length * 2);
    grown.set(geometry);
    geometry = grown;
  }
  geometry[geometryLength++] = value;
}

/** Rounds a ring to whole tile units into ix/iy, dropping repeated points; returns the point count. */
function roundRing(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): number {
  if (n > ix.length) {
    ix = new Int32Array(n * 2);
    iy = new Int32Array(n * 2);
  }
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = Math.round(xs[i]);
    const y = Math.round(ys[i]);
    if (count === 0 || ix[count - 1] !== x || iy[count - 1] !== y) {
      ix[count] = x;
      iy[count] = y;
      count++;
    }
  }
  while (count > 1 && ix[0] === ix[count - 1] && iy[0] === iy[count - 1]) count--;
  return count;
}

/**
 * Decodes stored geometry (geometryCodec: per part a ring count, then per ring a point count and zigzag
 * varint deltas in mercator decimetres, each part's first ring its exterior) straight into MVT polygon
 * commands in `geometry`: several parts make one multi-polygon feature. Rings reaching past the tile
 * buffer are clipped to it; points closer than one tile unit merge. Exterior rings are wound clockwise on
 * screen (positive area in tile coordinates), holes the other way, as MVT 2 requires. Returns false when
 * nothing drawable is left.
 */
function writePolygon(source: Uint8Array, start: number, end: number, box: MercatorBox): boolean {
  reader.reset(source, start, end);
  geometryLength = 0;
  const scale = TILE_EXTENT / ((box.maxX - box.minX) * 10);
  const originX = box.minX * 10;
  const originY = box.maxY * 10;
  const low = -TILE_BUFFER;
  const high = TILE_EXTENT + TILE_BUFFER;
  const parts = reader.partCount();
  let mx = 0;
  let my = 0;
  let cursorX = 0;
  let cursorY = 0;
  for (let p = 0; p < parts; p++) {
    const rings = reader.ringCount();
    // A part whose exterior vanishes here: its holes mean nothing, but they still have to be read.
    let exteriorLeft = true;
    for (let r = 0; r < rings; r++) {
      const n = reader.varint();
      if (n > fx.length) {
        fx = new Float64Array(n * 2);
        fy = new Float64Array(n * 2);
      }
      let inside = true;
      for (let i = 0; i < n; i++) {
        mx += reader.delta();
        my += reader.delta();
        const x = (mx - originX) * scale;
        const y = (originY - my) * scale;
        fx[i] = x;
        fy[i] = y;
        if (x < low || x > high || y < low || y > high) inside = false;
      }
      let count: number;
      if (inside) count = roundRing(fx, fy, n);
      else {
        const clipped = clipRing(fx, fy, n, low, high);
        count = roundRing(clipped.xs, clipped.ys, clipped.xs.length);
      }
      let area = 0;
      if (count >= 3) {
        for (let i = 0, j = count - 1; i < count; j = i++) area += ix[j] * iy[i] - ix[i] * iy[j];
      }
      if (r === 0) exteriorLeft = area !== 0;
      if (area === 0 || !exteriorLeft) continue;
      const forward = (r === 0) === area > 0;
      pushGeometry(command(1, 1));
      for (let k = 0; k < count; k++) {
        const i = forward ? k : count - 1 - k;
        if (k === 1) pushGeometry(command(2, count - 1));
        pushGeometry(zigzag(ix[i] - cursorX));
        pushGeometry(zigzag(iy[i] - cursorY));
        cursorX = ix[i];
        cursorY = iy[i];
      }
      pushGeometry(command(7, 1));
    }
  }
  return geometryLength > 0;
}

function varintLength(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  let n = 4;
  for (let v = Math.floor(value / 0x10000000); v > 0; v = Math.floor(v / 128)) n++;
  return n;
}

/**
 * A layer's value table: each distinct byte string once, found again by a hash of its bytes so no
 * JavaScript string is made per feature.
 */
class ValueTable {
  starts: number[] = [];
  ends: number[] = [];
  private next: number[] = [];
  private heads = new Map<number, number>();

  constructor(private readonly bytes: Uint8Array) {}

  indexOf(start: number, end: number): number {
    const bytes = this.bytes;
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
    const head = this.heads.get(hash);
    for (let v = head ?? -1; v >= 0; v = this.next[v]) {
      if (this.ends[v] - this.starts[v] !== end - start) continue;
      let same = true;
      for (let a = this.starts[v], b = start; b < end; a++, b++) {
        if (bytes[a] !== bytes[b]) {
          same = false;
          break;
        }
      }
      if (same) return v;
    }
    const index = this.starts.length;
    this.starts.push(start);
    this.ends.push(end);
    this.next.push(head ?? -1);
    this.heads.set(hash, index);
    return index;
  }
}

function writeLayer(out: ByteWriter, name: string, batch: TileFeatureBatch, box: MercatorBox): number {
  const { keys, count, ids, data: bytes, spans } = batch;
  const fields = keys.length + 1;
  const values = new ValueTable(bytes);
  out.varint((15 << 3) | 0);
  out.varint(2);
  out.string(1, name);
  let written = 0;
  for (let f = 0; f < count; f++) {
    const base = f * fields * 2;
    if (!writePolygon(bytes, spans[base + keys.length * 2], spans[base + keys.length * 2 + 1], box)) continue;
    tags.length = 0;
    let tagsLength = 0;
    for (let k = 0; k < keys.length; k++) {
      const v = values.indexOf(spans[base + 2 * k], spans[base + 2 * k + 1]);
      tags.push(k, v);
      tagsLength += varintLength(k) + varintLength(v);
    }
    let geometryBytes = 0;
    for (let i = 0; i < geometryLength; i++) geometryBytes += varintLength(geometry[i]);
    const id = ids[f];
    const featureLength =
      1 +
      varintLength(id) +
      1 +
      varintLength(tagsLength) +
      tagsLength +
      2 +
      1 +
      varintLength(geometryBytes) +
      geometryBytes;
    out.key(2, 2);
    out.varint(featureLength);
    out.key(1, 0);
    out.varint(id);
    out.key(2, 2);
    out.varint(tagsLength);
    for (const t of tags) out.varint(t);
    out.key(3, 0);
    out.varint(3);
    out.key(4, 2);
    out.varint(geometryBytes);
    for (let i = 0; i < geometryLength; i++) out.varint(geometry[i]);
    written++;
  }
  for (const k of keys) out.string(3, k);
  for (let v = 0; v < values.starts.length; v++) {
    const length = values.ends[v] - values.starts[v];
    // Value message with a single string_value (field 1).
    out.key(4, 2);
    out.varint(1 + varintLength(length) + length);
    out.key(1, 2);
    out.varint(length);
    out.raw(bytes.subarray(values.starts[v], values.ends[v]));
  }
  out.key(5, 0);
  out.varint(TILE_EXTENT);
  return written;
}

const layerWriter = new ByteWriter(256 * 1024);

/**
 * Encodes polygon layers as a Mapbox Vector Tile 2 (the protobuf of vector_tile.proto): feature ids
 * kept, attribute values as strings deduplicated per layer, geometry straight from the stored binary.
 * Layers with no drawable feature are left out.
 */
export function writeMvt(layers: Record<string, TileFeatureBatch>, box: MercatorBox): Uint8Array {
  const tile = new ByteWriter(64 * 1024);
  for (const [name, batch] of Object.entries(layers)) {
    layerWriter.length = 0;
    if (writeLayer(layerWriter, name, batch, box) === 0) continue;
    tile.message(3, layerWriter.finish());
  }
  return tile.finish();
}
