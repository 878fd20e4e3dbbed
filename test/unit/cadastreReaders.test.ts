import { Readable } from 'node:stream';
import {
  GeometryFormatError,
  readGeoPackageGeometry,
  readWkbArea,
} from '../../server/data/cadastre/readGeoPackageGeometry';
import { FeatureCollectionSplitter, readGeoJsonStream } from '../../server/data/cadastre/readGeoJsonStream';
import { polygonProblem } from '../../server/data/cadastre/validateAreaGeometry';
import { crsFromName, guessCrs, toLonLat } from '../../server/data/cadastre/cadastreCrs';
import { parseCadastreMapping, resolveColumn } from '../../server/data/cadastre/CadastreMapping';
import { CadastreImportError, type RawCadastreFeature } from '../../server/data/cadastre/CadastreSource';
import { geoJson, geoPackageBlob, square, wkb } from '../helpers/cadastreFiles';

const parcel = square(2_682_700, 1_227_700, 30);
const hole = square(2_682_710, 1_227_710, 5).reverse();

describe('GeoPackage geometry reader', () => {
  it.each([
    ['little-endian, no envelope', { littleEndian: true }, { envelope: 0 }],
    ['big-endian WKB and header, XY envelope', { littleEndian: false }, { envelope: 1, littleEndian: false }],
    ['ISO Z ordinates, XYZ envelope', { dimensions: 'iso-z' as const }, { envelope: 2 }],
    ['EWKB Z flag, XYZM envelope', { dimensions: 'ewkb-z' as const }, { envelope: 4 }],
    ['ISO ZM ordinates', { dimensions: 'iso-zm' as const }, { envelope: 3 }],
  ])('reads a Polygon with a hole (%s), dropping Z and M', (_name, wkbOptions, headerOptions) => {
    const blob = geoPackageBlob(wkb([[parcel, hole]], wkbOptions), { srsId: 2056, ...headerOptions });
    expect(readGeoPackageGeometry(blob)).toEqual({ srsId: 2056, geometry: { polygons: [[parcel, hole]] } });
  });

  it('reads a MultiPolygon part by part', () => {
    const other = square(2_682_800, 1_227_700, 10);
    expect(readWkbArea(wkb([[parcel], [other]]))).toEqual({ polygons: [[parcel], [other]] });
  });

  it('gives null for an empty geometry (header flag)', () => {
    expect(readGeoPackageGeometry(geoPackageBlob(Buffer.alloc(0), { empty: true }))).toEqual({
      srsId: 2056,
      geometry: null,
    });
  });

  it('refuses what is not a polygon, not a GeoPackage blob, or cut short, with the reason', () => {
    const point = Buffer.alloc(21);
    point[0] = 1;
    point.writeUInt32LE(1, 1);
    expect(() => readGeoPackageGeometry(geoPackageBlob(point))).toThrow(
      new GeometryFormatError(
        'geometry is a Point, expected a Polygon, CurvePolygon, MultiPolygon or MultiSurface',
      ),
    );
    expect(() => readGeoPackageGeometry(wkb([[parcel]]))).toThrow('no "GP" header');
    const whole = geoPackageBlob(wkb([[parcel]]));
    expect(() => readGeoPackageGeometry(whole.subarray(0, whole.length - 5))).toThrow('truncated');
  });
});

describe('streamed GeoJSON', () => {
  const text = geoJson(
    [
      { properties: { EGRID: 'CH100000000001', note: 'a "quoted" } ] { [ brace' }, polygons: [[parcel]] },
      { properties: { EGRID: 'CH100000000002' }, polygons: [[parcel], [square(2_682_800, 1_227_700, 10)]] },
    ],
    'urn:ogc:def:crs:EPSG::2056',
  );

  it('cuts out each feature whatever the chunk boundaries, strings with brackets included', () => {
    for (const size of [1, 7, 64, text.length]) {
      const splitter = new FeatureCollectionSplitter();
      const found: string[] = [];
      for (let i = 0; i < text.length; i += size) found.push(...splitter.push(text.slice(i, i + size)));
      expect(found.map((f) => (JSON.parse(f) as { properties: { EGRID: string } }).properties.EGRID)).toEqual(
        ['CH100000000001', 'CH100000000002'],
      );
      expect(splitter.crs).toEqual({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2056' } });
      expect(splitter.complete).toBe(true);
    }
  });

  const readAll = async (json: string, chunk = 5) => {
    const chunks: string[] = [];
    for (let i = 0; i < json.length; i += chunk) chunks.push(json.slice(i, i + chunk));
    const source = readGeoJsonStream(Readable.from(chunks.map((c) => Buffer.from(c))));
    const features: RawCadastreFeature[] = [];
    for await (const feature of source.features) features.push(feature);
    return { features, crs: source.declaredCrs() };
  };

  it('yields labelled features with polygons and the declared CRS, even when "crs" comes last', async () => {
    const crsLast = text.replace(
      /^\{"type":"FeatureCollection",("crs":\{[^}]*\}\}),(.*)\}$/,
      '{"type":"FeatureCollection",$2,$1}',
    );
    expect(crsLast).not.toBe(text);
    const { features, crs } = await readAll(crsLast);
    expect(crs).toBe('urn:ogc:def:crs:EPSG::2056');
    expect(features.map((f) => [f.label, f.geometry?.polygons.length])).toEqual([
      ['feature 1', 1],
      ['feature 2', 2],
    ]);
  });

  it('names a non-area geometry and refuses a truncated file or one without features', async () => {
    const line = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [8, 47],
              [8.1, 47],
            ],
          },
        },
      ],
    });
    const { features } = await readAll(line);
    expect(features[0]).toMatchObject({
      geometry: null,
      geometryError: { english: 'geometry is a LineString, expected a Polygon or MultiPolygon' },
    });
    await expect(readAll(text.slice(0, text.length - 20))).rejects.toThrow(
      'The GeoJSON file is incomplete or damaged: it ends inside the FeatureCollection',
    );
    await expect(readAll('{"type":"Feature","properties":{}}')).rejects.toThrow('no "features" array');
  });
});

describe('parcel geometry checks', () => {
  it('accepts a simple polygon with a hole', () => {
    expect(polygonProblem([parcel, hole])).toBeNull();
  });

  it.each([
    [
      'a bow tie',
      [
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
        [0, 0],
      ],
      'intersects itself',
    ],
    [
      'an open ring',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
      'is not closed',
    ],
    [
      'too few positions',
      [
        [0, 0],
        [10, 0],
        [0, 0],
      ],
      'has 3 positions',
    ],
    [
      'no area',
      [
        [0, 0],
        [10, 0],
        [20, 0],
        [0, 0],
      ],
      'has no area',
    ],
  ])('refuses %s', (_name, ring, reason) => {
    expect(polygonProblem([ring as [number, number][]])).toContain(reason);
  });

  /** A closed ellipse of `n` vertices around Baar. */
  const ellipse = (n: number): [number, number][] => {
    const ring = Array.from({ length: n }, (_, i): [number, number] => {
      const a = (2 * Math.PI * i) / n;
      return [2_682_700 + 100 * Math.cos(a), 1_227_700 + 60 * Math.sin(a)];
    });
    return [...ring, ring[0]];
  };

  it('accepts a long valid outline, and finds the crossing pair of a long one that is not', () => {
    expect(polygonProblem([ellipse(20_000)])).toBeNull();
    const crossed = ellipse(20_000);
    // Vertex 14,000 pulled across the ellipse: its two edges cross the far side.
    crossed[14_000] = [2_682_500, 1_227_700];
    expect(polygonProblem([crossed])).toMatch(/intersects itself \(edges \d+ and 14001\)/);
  });

  it('finds a touching vertex, not only a crossing (a ring must not touch itself)', () => {
    const pinched: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 0],
      [0, 10],
      [0, 0],
    ];
    expect(polygonProblem([pinched])).toContain('intersects itself');
  });
});

describe('coordinate systems and mappings', () => {
  it('names LV95 and WGS84 in their spellings, and nothing else', () => {
    expect(['EPSG:2056', 'urn:ogc:def:crs:EPSG::2056', 2056].map(crsFromName)).toEqual([
      'EPSG:2056',
      'EPSG:2056',
      'EPSG:2056',
    ]);
    expect(['EPSG:4326', 'urn:ogc:def:crs:OGC:1.3:CRS84'].map(crsFromName)).toEqual([
      'EPSG:4326',
      'EPSG:4326',
    ]);
    expect(['EPSG:21781', 'EPSG:3857'].map(crsFromName)).toEqual([null, null]);
  });

  it('guesses LV95 or WGS84 from a Swiss coordinate and nothing from LV03', () => {
    expect(guessCrs(2_682_700, 1_227_700)).toBe('EPSG:2056');
    expect(guessCrs(8.53, 47.19)).toBe('EPSG:4326');
    expect(guessCrs(682_700, 227_700)).toBeNull();
  });

  it('reprojects LV95 to WGS84 (Bern, the projection origin, within a metre)', () => {
    const [lon, lat] = toLonLat('EPSG:2056', 2_600_000, 1_200_000);
    expect(lon).toBeCloseTo(7.43863, 4);
    expect(lat).toBeCloseTo(46.95108, 4);
  });

  it('resolves column candidates case-insensitively and checks a mapping file', () => {
    expect(resolveColumn(['EGRID', 'egris_egrid'], ['fid', 'EGRIS_EGRID'])).toBe('EGRIS_EGRID');
    expect(resolveColumn('area', ['fid'])).toBeNull();
    expect(parseCadastreMapping('{"egrid":"E","number":["N","Nr"],"crs":"EPSG:2056"}')).toEqual({
      egrid: 'E',
      number: ['N', 'Nr'],
      crs: 'EPSG:2056',
    });
    expect(() => parseCadastreMapping('{"egrid":"E"}')).toThrow(
      new CadastreImportError('mapping file', '"number" is required'),
    );
    expect(() => parseCadastreMapping('{"egrid":"E","number":"N","owner":"X"}')).toThrow(
      'unknown key "owner"',
    );
    expect(() => parseCadastreMapping('{egrid')).toThrow('is not valid JSON');
  });
});
