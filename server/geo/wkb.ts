/** A polygon as rings of [x, y] positions, the outer ring first. */
export type PolygonRings = readonly (readonly (readonly number[])[])[];

/** ISO WKB (little-endian) of a MultiPolygon: the form GeoPackage and GDAL read without conversion. */
export function multiPolygonWkb(polygons: readonly PolygonRings[]): Buffer {
  const doubles = polygons.reduce((sum, rings) => sum + rings.reduce((n, ring) => n + ring.length * 2, 0), 0);
  const ringCount = polygons.reduce((sum, rings) => sum + rings.length, 0);
  const buffer = Buffer.alloc(9 + polygons.length * 9 + ringCount * 4 + doubles * 8);
  let at = 0;
  const header = (type: number, count: number) => {
    buffer.writeUInt8(1, at);
    buffer.writeUInt32LE(type, at + 1);
    buffer.writeUInt32LE(count, at + 5);
    at += 9;
  };
  header(6, polygons.length);
  for (const rings of polygons) {
    header(3, rings.length);
    for (const ring of rings) {
      buffer.writeUInt32LE(ring.length, at);
      at += 4;
      for (const [x, y] of ring) {
        buffer.writeDoubleLE(x, at);
        buffer.writeDoubleLE(y, at + 8);
        at += 16;
      }
    }
  }
  return buffer;
}

/** The [minX, maxX, minY, maxY] envelope of polygons (GeoPackage's order). */
export function envelopeOf(polygons: readonly PolygonRings[]): [number, number, number, number] {
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const rings of polygons)
    for (const ring of rings)
      for (const [x, y] of ring) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  return [minX, maxX, minY, maxY];
}

/**
 * A GeoPackage geometry blob (GeoPackage 1.3 §2.1.3): "GP", version 0, flags (little-endian, XY envelope),
 * the srs_id, the envelope, then the WKB.
 */
export function geoPackageGeometry(polygons: readonly PolygonRings[], srsId: number): Buffer {
  const header = Buffer.alloc(8 + 32);
  header.write('GP', 0, 'latin1');
  header.writeUInt8(0, 2);
  header.writeUInt8(0b0000_0011, 3);
  header.writeInt32LE(srsId, 4);
  envelopeOf(polygons).forEach((value, index) => header.writeDoubleLE(value, 8 + index * 8));
  return Buffer.concat([header, multiPolygonWkb(polygons)]);
}
