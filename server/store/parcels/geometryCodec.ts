import type { Ring } from '../../geo/ring';
import type { PolygonGeometry } from '../../../src/contract/Parcel';
import { mercatorToLonLat } from '../../geo/projection';

/**
 * Compact binary geometry: Web Mercator coordinates in whole decimetres, each ring as a varint point count
 * followed by zigzag varint deltas. A typical parcel takes ~25 bytes instead of ~400 as GeoJSON text,
 * and decodes without JSON.parse (which dominated tile time in the prototype).
 */
const UNITS = 10;

/**
 * Encoded geometries appended into one growing byte buffer: the dataset builder packs a whole
 * municipality's geometries into one buffer this way (one transferable buffer per worker message instead
 * of thousands, and no array of numbers a byte each).
 */
export class GeometryBuffer {
  private data = new Uint8Array(1 << 16);
  private size = 0;

  get length(): number {
    return this.size;
  }

  /** Empties the buffer, keeping its memory for the next geometry. */
  reset(): void {
    this.size = 0;
  }

  varint(value: number): void {
    if (this.size + 8 > this.data.length) {
      const grown = new Uint8Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    let v = value;
    while (v >= 0x80) {
      this.data[this.size++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.data[this.size++] = v;
  }

  /** The bytes written so far (a copy sized to fit). */
  bytes(): Uint8Array {
    return this.data.slice(0, this.size);
  }
}

const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);

/**
 * Reads the codec's varints from a buffer, front to back. One reader can be reset and reused, so a hot
 * loop (the tile writer decodes thousands of geometries per tile) allocates nothing per geometry.
 */
export class VarintReader {
  constructor(
    public data: Uint8Array = new Uint8Array(0),
    public pos = 0,
  ) {}

  reset(data: Uint8Array, pos: number): void {
    this.data = data;
    this.pos = pos;
  }

  varint(): number {
    const { data } = this;
    let byte = data[this.pos++];
    if (byte < 0x80) return byte;
    let result = byte & 0x7f;
    let shift = 128;
    do {
      byte = data[this.pos++];
      result += (byte & 0x7f) * shift;
      shift *= 128;
    } while (byte & 0x80);
    return result;
  }

  /** A zigzag-encoded signed delta. */
  delta(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }
}

/**
 * The one geometry being encoded: a buffer of 64 KB per call made an import of 100,000 parcels allocate
 * some 13 GB and spend a fifth of its time collecting it. `bytes()` copies, so reuse is safe.
 */
const scratch = new GeometryBuffer();

export function encodeGeometry(rings: readonly Ring[]): Buffer {
  scratch.reset();
  appendGeometry(scratch, rings);
  return Buffer.from(scratch.bytes());
}

/** The coordinates in whole `units` per metre (the layout this file describes, at any resolution). */
export function encodeScaledGeometry(rings: readonly Ring[], units: number): Buffer {
  scratch.reset();
  appendScaledGeometry(scratch, rings, units);
  return Buffer.from(scratch.bytes());
}

/**
 * Appends one geometry's bytes to `out`. Returns its box from the coordinates as given (min x, max x,
 * min y, max y), found on the way (the R*Tree box of the row).
 */
export function appendGeometry(
  out: GeometryBuffer,
  rings: readonly Ring[],
): [number, number, number, number] {
  return appendScaledGeometry(out, rings, UNITS);
}

function appendScaledGeometry(
  out: GeometryBuffer,
  rings: readonly Ring[],
  units: number,
): [number, number, number, number] {
  out.varint(rings.length);
  let px = 0;
  let py = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    out.varint(ring.length);
    for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
      const ix = Math.round(x * units);
      const iy = Math.round(y * units);
      out.varint(zigzag(ix - px));
      out.varint(zigzag(iy - py));
      px = ix;
      py = iy;
    }
  }
  return [minX, maxX, minY, maxY];
}

/**
 * Decodes (coordinates stored in whole `units` per metre) into any target unit: point = ((x − originX) · scale, (originY − y) · scale) when `flipY`
 * (tile coordinates grow downwards), else (x − originX) · scale, (y − originY) · scale.
 */
export function decodeGeometry(
  data: Uint8Array,
  transform: { originX: number; originY: number; scale: number; flipY: boolean } = {
    originX: 0,
    originY: 0,
    scale: 1,
    flipY: false,
  },
  units = UNITS,
): Ring[] {
  const reader = new VarintReader(data);
  const { originX, originY, scale, flipY } = transform;
  const ringCount = reader.varint();
  const rings: Ring[] = [];
  let ix = 0;
  let iy = 0;
  for (let r = 0; r < ringCount; r++) {
    const n = reader.varint();
    const ring: Ring = new Array(n);
    for (let i = 0; i < n; i++) {
      ix += reader.delta();
      iy += reader.delta();
      const x = ix / units;
      const y = iy / units;
      ring[i] = [(x - originX) * scale, (flipY ? originY - y : y - originY) * scale];
    }
    rings.push(ring);
  }
  return rings;
}

/** WGS84 degrees of the tile form to 1e-6° (~0.1 m, the decimetres it is stored in). */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Stored mercator geometry → WGS84 GeoJSON Polygon with closed rings. */
export function ringsToGeoJson(geom: Uint8Array): PolygonGeometry {
  const rings = decodeGeometry(geom).map((ring) => {
    const coords = ring.map(([x, y]) => {
      const [lon, lat] = mercatorToLonLat(x, y);
      return [round6(lon), round6(lat)];
    });
    if (coords.length > 0) coords.push(coords[0]);
    return coords;
  });
  return { type: 'Polygon', coordinates: rings };
}
