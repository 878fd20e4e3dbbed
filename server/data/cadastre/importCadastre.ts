import type { CadastreImportProgress, CadastreImportResult } from '../../../src/contract/CadastreImport';
import { MAX_VERTICES_PER_PARCEL } from '../../config';
import { lonLatToLv95, lonLatToMercator } from '../../geo/projection';
import { toMillimetre } from '../../store/contract/parcels/surveyGeometryCodec';
import { metresToAreaOutline } from '../../geo/distanceToArea';
import { pointInArea, ringCentroid, type Ring } from '../../geo/ring';
import type { AnyCadastreWriter, ImportedMunicipality, KeptFacts, OfficialParcel } from '../../store/contract/parcels/CadastreWriter';
import { encodeThemes, THEME_FIELDS, THEME_VOCABULARY } from '../../store/contract/parcels/themeCodec';
import type { MunicipalityShape, SwissGeography } from '../geography/SwissGeography';
import { crsFromName, guessCrs, insideSwitzerland, toLonLat, type CadastreCrs } from './cadastreCrs';
import { describeChoice, resolveColumn, type CadastreMapping, type ColumnChoice } from './CadastreMapping';
import { CadastreImportError, featureName, fileRefusal, reason, type CadastreSource, type RawCadastreFeature } from './CadastreSource';
import type { PolygonCoordinates } from './readGeoPackageGeometry';
import { planarRingArea, polygonReason } from './validateAreaGeometry';
import { boundedGeometry } from './featureGeometry';

export interface ImportCadastreOptions {
  source: CadastreSource;
  /** How the import is recorded (file name). */
  sourceName: string;
  mapping: CadastreMapping;
  /** True for a mapping the user gave: then every column it names must exist. */
  strictMapping: boolean;
  writer: AnyCadastreWriter;
  geography: SwissGeography;
  onProgress?: (progress: CadastreImportProgress) => void;
  /** Awaited between municipalities and every few hundred features (the server lets other requests run). */
  pause?: () => Promise<void>;
  /** Most vertices one parcel may have (CADASTRE_MAX_VERTICES); a larger one is refused before it is checked. */
  maxVertices?: number;
}

const EGRID = /^CH[0-9A-Z]{12}$/;
const RIGHT_KIND = /baurecht|selbst|dauernd|droit|dsp|diritto/i;
const FEATURES_PER_PAUSE = 500;
/**
 * How far a parcel may lie outside the generalised municipality outlines (swiss-maps) and still be
 * placed in the nearest municipality: their lake shores are drawn a few dozen to over a hundred metres
 * off the surveyed shore.
 */
export const SHORE_TOLERANCE_METRES = 250;

/** The register values of one feature, read through the mapping. */
interface MappedFeature {
  label: string;
  egrid: string;
  number: string;
  municipality: string | null;
  area: number | null;
  kind: string | null;
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
  polygons: PolygonCoordinates[];
}

type Field = Exclude<keyof CadastreMapping, 'layer' | 'crs'>;
const REQUIRED: Field[] = ['egrid', 'number'];
const OPTIONAL: Field[] = ['municipality', 'area', 'kind', 'street', 'houseNumber', 'postcode'];

/** Resolves the mapping's columns against a feature's (or a layer's) column names. */
function resolveColumns(
  mapping: CadastreMapping,
  columns: readonly string[],
  where: string,
  strict: boolean,
): Partial<Record<Field, string>> {
  const resolved: Partial<Record<Field, string>> = {};
  for (const field of [...REQUIRED, ...OPTIONAL]) {
    const choice = mapping[field] as ColumnChoice | undefined;
    if (choice === undefined) continue;
    const column = resolveColumn(choice, columns);
    if (column) resolved[field] = column;
    else if (REQUIRED.includes(field) || strict)
      throw new CadastreImportError(
        where,
        reason(
          'reason.missingColumn',
          `missing column ${describeChoice(choice)} for ${field} (columns: ${columns.join(', ') || 'none'})`,
          { choice: describeChoice(choice), field, columns: columns.join(', ') || '–' },
        ),
      );
  }
  return resolved;
}

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

function mapFeature(
  raw: RawCadastreFeature,
  columns: Partial<Record<Field, string>>,
  maxVertices: number,
): MappedFeature {
  const geometry = boundedGeometry(raw, maxVertices, 'a parcel');
  const value = (field: Field) => (columns[field] ? text(raw.properties[columns[field]]) : null);
  const egrid = value('egrid')?.toUpperCase() ?? null;
  if (!egrid)
    throw new CadastreImportError(
      raw.label,
      reason('reason.noEgrid', `has no EGRID (column "${columns.egrid}" is empty)`, { column: String(columns.egrid) }),
    );
  if (!EGRID.test(egrid))
    throw new CadastreImportError(
      raw.label,
      reason('reason.egridMalformed', `EGRID "${egrid}" is not "CH" followed by 12 letters or digits`, { egrid }),
    );
  const number = value('number');
  if (!number)
    throw new CadastreImportError(
      raw.label,
      reason('reason.noNumber', `has no parcel number (column "${columns.number}" is empty)`, {
        column: String(columns.number),
      }),
    );
  const areaText = value('area');
  const area = areaText === null ? null : Number(areaText);
  if (area !== null && !(Number.isFinite(area) && area > 0))
    throw new CadastreImportError(
      raw.label,
      reason('reason.areaNotPositive', `area "${areaText}" is not a positive number of m²`, { area: String(areaText) }),
    );
  for (const polygon of geometry.polygons) {
    const problem = polygonReason(polygon);
    if (problem) throw new CadastreImportError(raw.label, problem);
  }
  if (geometry.polygons.length === 0)
    throw new CadastreImportError(raw.label, reason('reason.emptyMultiPolygon', 'invalid geometry: empty MultiPolygon'));
  return {
    label: raw.label,
    egrid,
    number,
    municipality: value('municipality'),
    area,
    kind: value('kind'),
    street: value('street'),
    houseNumber: value('houseNumber'),
    postcode: value('postcode'),
    polygons: geometry.polygons,
  };
}

/** A coordinate outside Switzerland in the CRS the file is read in (a parcel's or a building's). */
export const outsideSwitzerland = (x: number, y: number, crs: CadastreCrs) =>
  reason('reason.outsideSwitzerland', `wrong CRS: coordinate (${x}, ${y}) lies outside Switzerland in ${crs}`, {
    x: String(x),
    y: String(y),
    crs,
  });

/** The CRS to read the file in: the mapping's, else the file's declaration, else a guess from a coordinate. */
export function chooseCrs(
  mapping: Pick<CadastreMapping, 'crs'>,
  declared: string | null,
  first: Pick<MappedFeature, 'label' | 'polygons'> | undefined,
): CadastreCrs {
  const named = mapping.crs ?? declared;
  if (named) {
    const crs = crsFromName(named);
    if (/21781$/.test(named))
      throw fileRefusal(
        'lv03',
        'The file is in the old Swiss coordinates LV03 (EPSG:21781): import the survey in LV95 (EPSG:2056) as the cantons publish it. LV03 to LV95 needs the official FINELTRA transformation, without which the positions are off by up to a metre and more',
      );
    if (!crs)
      throw new CadastreImportError(
        'file',
        reason('reason.wrongCrs', `wrong CRS ${named}: export the data in EPSG:2056 (LV95) or EPSG:4326 (WGS84)`, {
          crs: named,
        }),
      );
    return crs;
  }
  const [x, y] = first?.polygons[0][0][0] ?? [0, 0];
  const guessed = guessCrs(x, y);
  if (!guessed)
    throw new CadastreImportError(
      first?.label ?? 'file',
      reason(
        'reason.crsUndeclared',
        `wrong CRS: coordinate (${x}, ${y}) is neither LV95 (EPSG:2056) nor WGS84 in Switzerland, and the file declares none`,
        { x: String(x), y: String(y) },
      ),
    );
  return guessed;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Finds municipalities by BFS number, by name, or by a WGS84 point (bounding box, then the polygon). */
function municipalityFinder(geography: SwissGeography) {
  const byBfs = new Map(geography.municipalities.map((m) => [m.bfs, m]));
  const byName = new Map<string, MunicipalityShape[]>();
  for (const m of geography.municipalities) byName.set(fold(m.name), [...(byName.get(fold(m.name)) ?? []), m]);
  return {
    byValue(value: string, label: string): MunicipalityShape {
      if (/^\d+$/.test(value)) {
        const found = byBfs.get(Number(value));
        if (!found)
          throw new CadastreImportError(
            label,
            reason('reason.bfsUnknown', `municipality ${value} is not a Swiss BFS municipality number`, { value }),
          );
        return found;
      }
      const named = byName.get(fold(value)) ?? [];
      if (named.length !== 1)
        throw new CadastreImportError(
          label,
          named.length === 0
            ? reason('reason.municipalityUnknown', `municipality "${value}" is unknown`, { value })
            : reason('reason.municipalityAmbiguous', `municipality "${value}" is ambiguous: give the BFS number`, { value }),
        );
      return named[0];
    },
    /**
     * The municipality of a parcel without a municipality column: the one under its centre, else the
     * one under most of its corners, else — a shore parcel the generalised lake outline leaves in the
     * water — the nearest one within SHORE_TOLERANCE_METRES of a corner.
     */
    at(lon: number, lat: number, outline: [number, number][], label: string): MunicipalityShape {
      const containing = (x: number, y: number) =>
        geography.municipalities.find(
          (m) => x >= m.bbox[0] && x <= m.bbox[2] && y >= m.bbox[1] && y <= m.bbox[3] && pointInArea(x, y, m.geometry),
        );
      const central = containing(lon, lat);
      if (central) return central;
      const votes = new Map<MunicipalityShape, number>();
      for (const [x, y] of outline) {
        const found = containing(x, y);
        if (found) votes.set(found, (votes.get(found) ?? 0) + 1);
      }
      const voted = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (voted) return voted;
      const margin = SHORE_TOLERANCE_METRES / 70_000; // degrees: generous in longitude at Swiss latitudes
      let nearest: { municipality: MunicipalityShape; metres: number } | null = null;
      for (const m of geography.municipalities) {
        if (lon < m.bbox[0] - margin || lon > m.bbox[2] + margin || lat < m.bbox[1] - margin || lat > m.bbox[3] + margin)
          continue;
        for (const [x, y] of outline) {
          const metres = metresToAreaOutline(x, y, m.geometry);
          if (metres <= SHORE_TOLERANCE_METRES && (!nearest || metres < nearest.metres)) nearest = { municipality: m, metres };
        }
      }
      if (nearest) return nearest.municipality;
      throw new CadastreImportError(
        label,
        reason(
          'reason.noMunicipality',
          `lies in no Swiss municipality, nor within ${SHORE_TOLERANCE_METRES} m of one (give a municipality column)`,
          { metres: SHORE_TOLERANCE_METRES },
        ),
      );
    },
  };
}

/** Neutral thematic values for a parcel where the dataset had no demo parcel: the first of each vocabulary. */
export function neutralFacts(zip: string): KeptFacts {
  const themes = Object.fromEntries(THEME_FIELDS.map((field) => [field, THEME_VOCABULARY[field][0]]));
  return {
    alphaPri: null,
    alphaSec: null,
    alphaTer: null,
    bravoPri: null,
    grnTrm: null,
    grnRad: 0,
    proBun: false,
    freeway: 0,
    putra: 0,
    zip,
    encodedThemes: encodeThemes(themes, []),
  };
}

interface PlacedParcel {
  feature: MappedFeature;
  municipality: MunicipalityShape;
  /**
   * Every part of the parcel, the largest first; each its Web Mercator rings without the closing point:
   * exterior, then holes.
   */
  parts: Ring[][];
  /** The same parts in LV95 metres to the millimetre, as the file gives them. */
  surveyParts: Ring[][];
  centroid: [number, number];
  lon: number;
  lat: number;
  lv95: [number, number];
  sur: number;
}

/** Projects a polygon of the file into stored Web Mercator rings (closing point dropped). */
export function mercatorRings(polygon: PolygonCoordinates, crs: CadastreCrs): Ring[] {
  return polygon.map((ring) =>
    ring.slice(0, -1).map(([x, y]) => {
      const [lon, lat] = toLonLat(crs, x, y);
      return lonLatToMercator(lon, lat);
    }),
  );
}

/** A point of the file in LV95 metres, to the millimetre (a survey's resolution). */
export function lv95Point(crs: CadastreCrs, x: number, y: number): [number, number] {
  const [e, n] = crs === 'EPSG:2056' ? [x, y] : lonLatToLv95(x, y);
  return [toMillimetre(e), toMillimetre(n)];
}

/** A polygon of the file as stored LV95 rings (closing point dropped): its survey form. */
export function surveyRings(polygon: PolygonCoordinates, crs: CadastreCrs): Ring[] {
  return polygon.map((ring) => ring.slice(0, -1).map(([x, y]) => lv95Point(crs, x, y)));
}

/** A polygon's area in m², measured in LV95 (the register's plane). */
export function lv95Area(polygon: PolygonCoordinates, crs: CadastreCrs): number {
  const plane = crs === 'EPSG:2056' ? polygon : polygon.map((ring) => ring.map(([lon, lat]) => lonLatToLv95(lon, lat)));
  return plane.reduce((sum, ring, i) => sum + (i === 0 ? 1 : -1) * planarRingArea(ring), 0);
}

/**
 * Imports a cadastral file over the dataset. Reads and checks every feature first (a bad one stops the
 * import with its name and the reason, before anything is written); then replaces each municipality it
 * covers in one transaction: its demo parcels, their buildings and streets go, the file's parcels come in
 * marked 'official', keeping the thematic attributes of the demo parcel that lay under each one (they stay
 * labelled synthetic); finally rebuilds the search columns and changes the dataset's build id.
 */
export async function importCadastre(options: ImportCadastreOptions): Promise<CadastreImportResult> {
  const started = Date.now();
  const { source, mapping, writer, onProgress, pause = async () => {}, maxVertices = MAX_VERTICES_PER_PARCEL } = options;
  const warnings: string[] = [];
  const features: MappedFeature[] = [];
  const egridSeen = new Map<string, string>();
  let layerColumns = source.columns
    ? resolveColumns(mapping, source.columns, 'layer', options.strictMapping)
    : null;
  try {
    for await (const raw of source.features) {
      const columns = layerColumns ?? resolveColumns(mapping, Object.keys(raw.properties), raw.label, options.strictMapping);
      const feature = mapFeature(raw, columns, maxVertices);
      const earlier = egridSeen.get(feature.egrid);
      if (earlier)
        throw new CadastreImportError(
          raw.label,
          reason('reason.egridTwice', `EGRID ${feature.egrid} appears twice (also ${earlier})`, {
            egrid: feature.egrid,
            other: featureName(earlier),
          }),
        );
      egridSeen.set(feature.egrid, raw.label);
      features.push(feature);
      if (features.length % FEATURES_PER_PAUSE === 0) {
        onProgress?.({ phase: 'reading', done: features.length, total: null });
        await pause();
      }
    }
  } finally {
    source.close();
  }
  layerColumns = null;
  if (features.length === 0) throw new CadastreImportError('file', reason('reason.noParcels', 'holds no parcels'));
  onProgress?.({ phase: 'reading', done: features.length, total: features.length });

  const crs = chooseCrs(mapping, source.declaredCrs(), features[0]);
  const municipalities = municipalityFinder(options.geography);
  const placed: PlacedParcel[] = [];
  for (const feature of features) {
    for (const polygon of feature.polygons)
      for (const [x, y] of polygon[0])
        if (!insideSwitzerland(crs, x, y))
          throw new CadastreImportError(feature.label, outsideSwitzerland(x, y, crs));
    // A multi-part parcel keeps every part (ADR 041), the largest first: its label point, municipality and
    // kept facts go by that part; its area is the sum of the parts.
    const areas = feature.polygons.map((polygon) => lv95Area(polygon, crs));
    const polygons = feature.polygons
      .map((polygon, i) => ({ polygon, area: areas[i] }))
      .sort((a, b) => b.area - a.area)
      .map(({ polygon }) => polygon);
    const largest = polygons[0];
    const parts = polygons.map((polygon) => mercatorRings(polygon, crs));
    const centre = ringCentroidOf(largest[0]);
    const [lon, lat] = toLonLat(crs, ...centre);
    const municipality = feature.municipality
      ? municipalities.byValue(feature.municipality, feature.label)
      : municipalities.at(
          lon,
          lat,
          largest[0].map(([x, y]) => toLonLat(crs, x, y)),
          feature.label,
        );
    placed.push({
      feature,
      municipality,
      parts,
      surveyParts: polygons.map((polygon) => surveyRings(polygon, crs)),
      centroid: ringCentroid(parts[0][0]),
      lon,
      lat,
      lv95: lv95Point(crs, ...centre),
      sur: Math.round(feature.area ?? areas.reduce((a, b) => a + b, 0)),
    });
  }

  const byMunicipality = new Map<number, PlacedParcel[]>();
  for (const p of placed) {
    const list = byMunicipality.get(p.municipality.bfs);
    if (list) list.push(p);
    else byMunicipality.set(p.municipality.bfs, [p]);
  }
  const replaced = new Set(byMunicipality.keys());
  const clashing = await writer.egridsElsewhere([...egridSeen.keys()], replaced);
  if (clashing.length > 0)
    throw new CadastreImportError(
      egridSeen.get(clashing[0]) ?? 'file',
      reason(
        'reason.egridElsewhere',
        `EGRID ${clashing[0]} already belongs to a parcel of a municipality this file does not cover`,
        { egrid: clashing[0] },
      ),
    );

  const record = {
    source: options.sourceName,
    at: new Date().toISOString(),
    municipalities: [] as number[],
    parcels: placed.length,
  };
  const summaries: CadastreImportResult['municipalities'] = [];
  const ordered = [...byMunicipality.entries()].sort(([a], [b]) => a - b);
  for (const [index, [bfs, parcels]] of ordered.entries()) {
    const shape = parcels[0].municipality;
    const municipalityZip = parcels.find((p) => p.feature.postcode)?.feature.postcode ?? (await writer.municipalityZip(bfs)) ?? '';
    const themes: string[] = [];
    const rows: OfficialParcel[] = [];
    for (const p of parcels) {
      const facts = (await writer.factsAt(...p.centroid)) ?? neutralFacts(municipalityZip);
      themes.push(facts.encodedThemes);
      const { encodedThemes, zip, ...zoning } = facts;
      void encodedThemes;
      rows.push({
        ...zoning,
        prcId: p.feature.egrid,
        prcNo: p.feature.number,
        typ: p.feature.kind && RIGHT_KIND.test(p.feature.kind) ? 'Baurecht' : 'Eigentum',
        ind: 'Standard',
        sur: p.sur,
        lon: p.lon,
        lat: p.lat,
        lv95: p.lv95,
        street: p.feature.street,
        houseNo: p.feature.street ? p.feature.houseNumber : null,
        zip: p.feature.postcode ?? (zip || municipalityZip),
        parts: p.parts,
        surveyParts: p.surveyParts,
      });
    }
    const municipality: ImportedMunicipality = {
      bfs,
      name: shape.name,
      cantonCode: shape.cantonCode,
      zip: municipalityZip,
      centre: [
        parcels.reduce((s, p) => s + p.lon, 0) / parcels.length,
        parcels.reduce((s, p) => s + p.lat, 0) / parcels.length,
      ],
      streets: [...new Set(rows.flatMap((r) => (r.street ? [r.street] : [])))].sort(),
      parcels: rows,
      themes,
    };
    record.municipalities.push(bfs);
    await writer.replaceMunicipality(municipality, record);
    summaries.push({ bfs, name: shape.name, canton: shape.cantonCode, parcels: rows.length });
    onProgress?.({ phase: 'writing', done: index + 1, total: ordered.length });
    await pause();
  }
  onProgress?.({ phase: 'indexing', done: 0, total: 1 });
  await writer.finish(record);
  onProgress?.({ phase: 'done', done: placed.length, total: placed.length });
  return {
    parcels: placed.length,
    municipalities: summaries,
    crs,
    warnings,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** Centroid of a closed ring in the file's coordinates (where the parcel is located and looked up). */
function ringCentroidOf(ring: [number, number][]): [number, number] {
  return ringCentroid(ring.slice(0, -1));
}
