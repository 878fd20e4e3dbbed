import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { CadastreImportError, fileRefusal, reason, type CadastreSource, type RawCadastreFeature, type Reason } from './CadastreSource';
import type { AreaGeometry, PolygonCoordinates } from './readGeoPackageGeometry';

/**
 * Splits a GeoJSON FeatureCollection into its features while it streams in, so a file of any size is read
 * with the memory of one feature (plus what the caller keeps): a small scanner follows strings and
 * bracket depth, remembers the last string of the root object (the key before a value) and cuts out each
 * object of the root's "features" array, and the root's "crs" object, for JSON.parse.
 */
export class FeatureCollectionSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private rootString = '';
  private lastRootString = '';
  private inFeatures = false;
  private capture: 'feature' | 'crs' | null = null;
  private captured = '';
  /** Positions ("[" followed by a number) seen in the feature being cut out, and whether a "[" was last. */
  private positions = 0;
  private afterBracket = false;
  private featuresDone = 0;
  sawFeatures = false;
  sawRoot = false;
  crs: unknown = null;

  /** `maxPositions`: a feature with more positions is refused while it streams in, before it is parsed. */
  constructor(private readonly maxPositions = Infinity) {}

  /** True when the text seen so far closes every bracket it opened (false for a truncated file). */
  get complete(): boolean {
    return this.depth === 0 && !this.inString;
  }

  /** Feeds a chunk; returns the feature texts completed in it. */
  push(chunk: string): string[] {
    const done: string[] = [];
    let start = this.capture ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') {
          this.inString = false;
          if (this.depth === 1) this.lastRootString = this.rootString;
        } else if (this.depth === 1) this.rootString += c;
        continue;
      }
      if (this.afterBracket && c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') {
        this.afterBracket = false;
        if (this.capture === 'feature' && (c === '-' || (c >= '0' && c <= '9')) && ++this.positions > this.maxPositions)
          throw new CadastreImportError(
            `feature ${this.featuresDone + 1}`,
            reason(
              'reason.verticesStreaming',
              `has more than ${this.maxPositions.toLocaleString('en')} vertices, the most a parcel may have (CADASTRE_MAX_VERTICES)`,
              { max: this.maxPositions },
            ),
          );
      }
      if (c === '"') {
        this.inString = true;
        if (this.depth === 1) this.rootString = '';
      } else if (c === '{' || c === '[') {
        if (c === '[') this.afterBracket = true;
        if (this.depth === 0) {
          if (c !== '{')
            throw new CadastreImportError(
              'file',
              reason('reason.geoJsonRoot', 'is not a GeoJSON FeatureCollection (the root is not an object)'),
            );
          this.sawRoot = true;
        } else if (this.depth === 1 && this.lastRootString === 'features' && c === '[') {
          this.inFeatures = true;
          this.sawFeatures = true;
        } else if (this.depth === 1 && this.lastRootString === 'crs' && c === '{') {
          this.capture = 'crs';
          start = i;
        } else if (this.depth === 2 && this.inFeatures && c === '{') {
          this.capture = 'feature';
          this.positions = 0;
          start = i;
        }
        this.depth++;
      } else if (c === '}' || c === ']') {
        this.depth--;
        if (this.depth === 1 && this.inFeatures && c === ']') this.inFeatures = false;
        if (this.capture && ((this.capture === 'feature' && this.depth === 2) || (this.capture === 'crs' && this.depth === 1))) {
          const text = this.captured + chunk.slice(start, i + 1);
          if (this.capture === 'feature') {
            done.push(text);
            this.featuresDone++;
          }
          else this.crs = JSON.parse(text);
          this.capture = null;
          this.captured = '';
          start = -1;
        }
      }
    }
    if (this.capture && start >= 0) this.captured += chunk.slice(start);
    return done;
  }
}

const isPosition = (p: unknown): p is number[] =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number' && Number.isFinite(p[0]) && Number.isFinite(p[1]);

function polygonOf(value: unknown): PolygonCoordinates | null {
  if (!Array.isArray(value)) return null;
  const rings: PolygonCoordinates = [];
  for (const ring of value) {
    if (!Array.isArray(ring) || !ring.every(isPosition)) return null;
    rings.push((ring as number[][]).map((p) => [p[0], p[1]]));
  }
  return rings;
}

const malformed = (type: string) => reason('reason.coordinatesMalformed', `${type} coordinates are malformed`, { type });

/** A GeoJSON geometry → polygons, or the reason it is not an area. */
export function geoJsonArea(geometry: unknown): AreaGeometry | Reason {
  if (!geometry || typeof geometry !== 'object') return reason('reason.noGeometry', 'feature has no geometry');
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') {
    const polygon = polygonOf(coordinates);
    return polygon ? { polygons: [polygon] } : malformed('Polygon');
  }
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates)) return malformed('MultiPolygon');
    const polygons = coordinates.map(polygonOf);
    return polygons.every((p): p is PolygonCoordinates => p !== null) ? { polygons } : malformed('MultiPolygon');
  }
  return reason('reason.notAnArea', `geometry is a ${String(type)}, expected a Polygon or MultiPolygon`, {
    type: String(type),
  });
}

/** Whether geoJsonArea found no area: its reason. */
export const isReason = (value: AreaGeometry | Reason): value is Reason => 'english' in value;

function crsName(crs: unknown): string | null {
  const name = (crs as { properties?: { name?: unknown } } | null)?.properties?.name;
  return typeof name === 'string' ? name : null;
}

/** Reads a GeoJSON FeatureCollection from a stream, one feature at a time. */
export function readGeoJsonStream(input: Readable, maxVertices = Infinity): CadastreSource {
  const splitter = new FeatureCollectionSplitter(maxVertices);
  input.setEncoding('utf8');
  async function* features(): AsyncGenerator<RawCadastreFeature> {
    let n = 0;
    for await (const chunk of input as AsyncIterable<string>) {
      for (const text of splitter.push(chunk)) {
        n++;
        const label = `feature ${n}`;
        let parsed: { properties?: unknown; geometry?: unknown; id?: unknown };
        try {
          parsed = JSON.parse(text) as typeof parsed;
        } catch {
          throw new CadastreImportError(label, reason('reason.invalidJson', 'is not valid JSON'));
        }
        const properties =
          parsed.properties && typeof parsed.properties === 'object' ? (parsed.properties as Record<string, unknown>) : {};
        const area = geoJsonArea(parsed.geometry);
        yield isReason(area)
          ? { label, properties, geometry: null, geometryError: area }
          : { label, properties, geometry: area };
      }
    }
    if (splitter.sawRoot && !splitter.complete)
      throw fileRefusal(
        'geoJsonCut',
        'The GeoJSON file is incomplete or damaged: it ends inside the FeatureCollection (an interrupted download or copy?)',
      );
    if (!splitter.sawRoot || !splitter.sawFeatures)
      throw new CadastreImportError('file', reason('reason.geoJsonNoFeatures', 'is not a GeoJSON FeatureCollection (no "features" array)'));
  }
  return {
    declaredCrs: () => crsName(splitter.crs),
    columns: null,
    features: features(),
    close: () => input.destroy(),
  };
}

export const readGeoJsonFile = (file: string, maxVertices?: number): CadastreSource =>
  readGeoJsonStream(fs.createReadStream(file), maxVertices);
