import type { Ring } from '../../../geo/ring';
import type { PolygonGeometry } from '../../../../src/contract/Parcel';
import { mercatorToLonLat } from '../../../geo/projection';

/**
 * Compact binary geometry: Web Mercator coordinates in whole decimetres, each ring as a varint point count
 * followed by zigzag varint deltas. A typical parcel takes ~25 bytes instead of ~400 as GeoJSON text,
 * and decodes without JSON.parse (which dominated tile time in the prototype).
 *
 * Layout: a polygon is its ring count, then its rings (exterior first, then holes). A geometry of several
 * parts (a parcel split by a road, ADR 041) starts with 0, then its part count, then each part as a polygon;
 * the deltas run on across the parts. A polygon never has 0 rings, so rows written before parts existed
 * read unchanged, and a one-part geometry is written in the polygon layout, byte for byte as before (an
 * empty geometry too: a lone 0, told from a multi-part header by where the geometry ends).
 */
const UNITS = 10;

/** A geometry's parts, each a polygon: exterior ring first, then its holes (rings without the closing point). */
export type PolygonParts = readonly (readonly Ring[])[];

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
  /** The first part's ring count when partCount read it already (a one-part geometry), else -1. */
  private pendingRings = -1;

  constructor(
    public data: Uint8Array = new Uint8Array(0),
    public pos = 0,
    /** Where the geometry being read ends (an empty one is a lone 0, a part count follows 0 otherwise). */
    public end = data.length,
  ) {}

  reset(data: Uint8Array, pos: number, end = data.length): void {
    this.data = data;
    this.pos = pos;
    this.end = end;
    this.pendingRings = -1;
  }

  /** Reads a geometry's header: how many parts follow; read each part's ring count with ringCount(). */
  partCount(): number {
    const first = this.varint();
    if (first > 0) {
      this.pendingRings = first;
      return 1;
    }
    this.pendingRings = -1;
    return this.pos < this.end ? this.varint() : 0;
  }

  /** The ring count of the next part (after partCount). */
  ringCount(): number {
    const pending = this.pendingRings;
    if (pending < 0) return this.varint();
    this.pendingRings = -1;
    return pending;
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
  return encodeParts([rings]);
}

/** A geometry of one or more parts (one part is written in the polygon layout). */
export function encodeParts(parts: PolygonParts): Buffer {
  return encodeScaledParts(parts, UNITS);
}

/** The coordinates in whole `units` per metre (the layout this file describes, at any resolution). */
export function encodeScaledParts(parts: PolygonParts, units: number): Buffer {
  scratch.reset();
  appendScaledParts(scratch, parts, units);
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
  return appendScaledParts(out, [rings], UNITS);
}

function appendScaledParts(
  out: GeometryBuffer,
  parts: PolygonParts,
  units: number,
): [number, number, number, number] {
  if (parts.length !== 1) {
    out.varint(0);
    out.varint(parts.length);
  }
  let px = 0;
  let py = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const rings of parts) {
    out.varint(rings.length);
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
  }
  return [minX, maxX, minY, maxY];
}

interface DecodeTransform {
  originX: number;
  originY: number;
  scale: number;
  flipY: boolean;
}
const IDENTITY: DecodeTransform = { originX: 0, originY: 0, scale: 1, flipY: false };

/**
 * Decodes (coordinates stored in whole `units` per metre) into any target unit: point = ((x − originX) · scale, (originY − y) · scale) when `flipY`
 * (tile coordinates grow downwards), else (x − originX) · scale, (y − originY) · scale.
 */
export function decodeParts(
  data: Uint8Array,
  transform: DecodeTransform = IDENTITY,
  units = UNITS,
): Ring[][] {
  const reader = new VarintReader(data);
  const { originX, originY, scale, flipY } = transform;
  const partCount = reader.partCount();
  const parts: Ring[][] = [];
  let ix = 0;
  let iy = 0;
  for (let p = 0; p < partCount; p++) {
    const ringCount = reader.ringCount();
    const rings: Ring[] = [];
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
    parts.push(rings);
  }
  return parts;
}

/**
 * Every ring of the geometry, its parts' one after the other (for a polygon: exterior first, then holes).
 * For geometries of one part (buildings, layer features) or where only the rings count (outlines drawn
 * with the even-odd rule, one CAD polyline per ring); decodeParts keeps the parts apart.
 */
export function decodeGeometry(
  data: Uint8Array,
  transform: DecodeTransform = IDENTITY,
  units = UNITS,
): Ring[] {
  return decodeParts(data, transform, units).flat();
}

/** WGS84 degrees of the tile form to 1e-6° (~0.1 m, the decimetres it is stored in). */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Parts as GeoJSON: a Polygon for one part, else a MultiPolygon (positions as given, rings as given). */
export function partsToGeoJson(parts: number[][][][]): PolygonGeometry {
  return parts.length === 1
    ? { type: 'Polygon', coordinates: parts[0] }
    : { type: 'MultiPolygon', coordinates: parts };
}

/** Stored mercator geometry → WGS84 GeoJSON Polygon (MultiPolygon for several parts) with closed rings. */
export function ringsToGeoJson(geom: Uint8Array): PolygonGeometry {
  return partsToGeoJson(
    decodeParts(geom).map((rings) =>
      rings.map((ring) => {
        const coords = ring.map(([x, y]) => {
          const [lon, lat] = mercatorToLonLat(x, y);
          return [round6(lon), round6(lat)];
        });
        if (coords.length > 0) coords.push(coords[0]);
        return coords;
      }),
    ),
  );
}
