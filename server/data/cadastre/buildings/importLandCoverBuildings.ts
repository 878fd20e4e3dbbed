import type { BuildingsImportSummary, CadastreImportProgress } from '../../../../src/contract/CadastreImport';
import { mercatorToLonLat } from '../../../geo/projection';
import { pointInRing, ringCentroid, ringsBox, type Ring } from '../../../geo/ring';
import type { AnyBuildingsWriter, OfficialBuilding, ParcelUnderBuilding } from '../../../store/contract/parcels/BuildingsWriter';
import type { ImportRecord } from '../../../store/contract/parcels/CadastreWriter';
import { decodeParts } from '../../../store/contract/parcels/geometryCodec';
import type { CadastreCrs } from '../cadastreCrs';
import { insideSwitzerland } from '../cadastreCrs';
import { resolveColumn } from '../CadastreMapping';
import { CadastreImportError, fileRefusal, type CadastreSource } from '../CadastreSource';
import { chooseCrs, lv95Area, mercatorRings, outsideSwitzerland, surveyRings } from '../importCadastre';
import type { PolygonCoordinates } from '../readGeoPackageGeometry';
import { polygonReason } from '../validateAreaGeometry';
import { boundedGeometry } from '../featureGeometry';
import { isBuildingKind, LAND_COVER_EGID_COLUMNS, LAND_COVER_KIND_COLUMNS } from './LandCoverMapping';
import { readGwrExtract, type RegisterBuilding } from './readGwrExtract';
import {
  egidOf,
  idKey,
  readBuildingNumbers,
  SURFACE_ID_COLUMNS,
  type BuildingNumberTable,
} from './buildingNumbers';
import { buildingFacts } from './registerFacts';

/** A building outline of the land cover, read, checked and projected; its register row once joined. */
interface OutlineBuilding {
  label: string;
  /** The feature's id in the file (GeoPackage fid, GeoJSON/Shapefile position): a building without EGID is named by it. */
  fid: string;
  /** The EGID the land cover gives (GWR_EGID), digits only; null when it gives none. */
  egid: string | null;
  /** Whether the EGID came from DM.01's building-number table (Gebaeudenummer) rather than the surface itself. */
  egidFromTable: boolean;
  /** Web Mercator parts (largest first), each its rings without the closing point; LV95 to the millimetre beside. */
  parts: Ring[][];
  surveyParts: Ring[][];
  /** Outline area, m² in LV95. */
  area: number;
  register: RegisterBuilding | null;
  matchedBy: 'egid' | 'position' | null;
}

/** A land-cover layer read and joined with the register, not yet written. */
export interface PreparedLandCover {
  layer: string;
  crs: CadastreCrs;
  buildings: OutlineBuilding[];
  registerUnmatched: number;
  /** Notes on the building-number table that did not stop the import. */
  warnings: string[];
}

const FEATURES_PER_PAUSE = 500;
/** The grid the register's points are looked up in, LV95 metres. */
const GRID_METRES = 200;

const fidOf = (label: string, index: number) => /(\d+)$/.exec(label)?.[1] ?? String(index + 1);

/** Whether an LV95 point lies in a building's survey outline (any part, holes respected). */
const outlineHolds = (b: OutlineBuilding, e: number, n: number) =>
  b.surveyParts.some(([outer, ...holes]) => pointInRing(e, n, outer) && !holes.some((hole) => pointInRing(e, n, hole)));

/**
 * Reads a land-cover layer (DM.01 BoFlaeche, MOpublic lcsf) and keeps its buildings, checked like parcels
 * (a bad outline stops the import with its name and the reason, before anything is written), then joins
 * the buildings register's public extract when one is given: by EGID where the land cover carries one,
 * else by the register's position (GKODE/GKODN) inside the outline. Writes nothing.
 */
export async function prepareLandCover(options: {
  source: CadastreSource;
  layer: string;
  crs?: string;
  maxVertices: number;
  registerFile?: string;
  /** DM.01's Bodenbedeckung.Gebaeudenummer, when the file carries it: each surface's EGID by the surface's id. */
  buildingNumbers?: BuildingNumberTable;
  onProgress?: (progress: CadastreImportProgress) => void;
  pause?: () => Promise<void>;
}): Promise<PreparedLandCover> {
  const { source, layer, maxVertices, pause = async () => {} } = options;
  const read: {
    label: string;
    fid: string;
    egid: string | null;
    egidFromTable: boolean;
    polygons: PolygonCoordinates[];
  }[] = [];
  let kindColumn: string | null = null;
  let egidColumn: string | null = null;
  let idColumn: string | null = null;
  let surfaces = 0;
  const numbers = options.buildingNumbers ? readBuildingNumbers(options.buildingNumbers) : null;
  const referenced = new Set<string>();
  try {
    for await (const raw of source.features) {
      if (surfaces === 0) {
        const columns = source.columns ?? Object.keys(raw.properties);
        kindColumn = resolveColumn(LAND_COVER_KIND_COLUMNS, columns);
        egidColumn = resolveColumn(LAND_COVER_EGID_COLUMNS, columns);
        idColumn = resolveColumn(SURFACE_ID_COLUMNS, columns);
        if (!kindColumn)
          throw fileRefusal(
            'landCoverNoKind',
            `The land-cover layer "${layer}" has no column saying what each surface is (Art, Genre, Genere or Type)`,
            { layer },
          );
      }
      surfaces++;
      if (surfaces % FEATURES_PER_PAUSE === 0) {
        options.onProgress?.({ phase: 'reading', done: surfaces, total: null });
        await pause();
      }
      if (!isBuildingKind(raw.properties[kindColumn!], kindColumn!)) continue;
      const geometry = boundedGeometry(raw, maxVertices, 'a building');
      for (const polygon of geometry.polygons) {
        const problem = polygonReason(polygon);
        if (problem) throw new CadastreImportError(raw.label, problem);
      }
      if (geometry.polygons.length === 0) continue;
      const fid = fidOf(raw.label, surfaces - 1);
      let egid = egidColumn ? egidOf(raw.properties[egidColumn]) : null;
      let egidFromTable = false;
      if (numbers) {
        // Gebaeudenummer_von holds the surface's id: its T_Id/TID column, else its feature id.
        const surface = idKey(idColumn ? raw.properties[idColumn] : fid);
        const numbered = surface === null ? undefined : numbers.egidBySurface.get(surface);
        if (numbered !== undefined) referenced.add(surface!);
        if (!egid && numbered !== undefined) {
          egid = numbered;
          egidFromTable = true;
        }
      }
      read.push({ label: raw.label, fid, egid, egidFromTable, polygons: geometry.polygons });
    }
  } finally {
    source.close();
  }
  if (read.length === 0)
    throw fileRefusal(
      'landCoverNoBuildings',
      `The land-cover layer "${layer}" holds no buildings (no surface of the kind Gebaeude, batiment, edificio or building)`,
      { layer },
    );
  const crs: CadastreCrs = chooseCrs({ crs: options.crs }, source.declaredCrs(), read[0]);
  const buildings: OutlineBuilding[] = read.map((b) => {
    for (const polygon of b.polygons)
      for (const [x, y] of polygon[0])
        if (!insideSwitzerland(crs, x, y))
          throw new CadastreImportError(b.label, outsideSwitzerland(x, y, crs));
    const polygons = b.polygons
      .map((polygon) => ({ polygon, area: lv95Area(polygon, crs) }))
      .sort((x, y) => y.area - x.area);
    return {
      label: b.label,
      fid: b.fid,
      egid: b.egid,
      egidFromTable: b.egidFromTable,
      parts: polygons.map(({ polygon }) => mercatorRings(polygon, crs)),
      surveyParts: polygons.map(({ polygon }) => surveyRings(polygon, crs)),
      area: polygons.reduce((sum, p) => sum + p.area, 0),
      register: null,
      matchedBy: null,
    };
  });
  const registerUnmatched = options.registerFile ? await joinRegister(buildings, options.registerFile, pause) : 0;
  const warnings: string[] = [];
  if (numbers) {
    const dangling = numbers.egidBySurface.size - referenced.size;
    if (dangling > 0)
      warnings.push(
        dangling === 1
          ? `1 EGID of the table "${numbers.table}" refers to no building surface of the land cover and was not used`
          : `${dangling} EGIDs of the table "${numbers.table}" refer to no building surface of the land cover and were not used`,
      );
    if (numbers.surfacesWithSeveral > 0)
      warnings.push(
        `${numbers.surfacesWithSeveral} building surfaces have several EGIDs in the table "${numbers.table}"; each takes the first (in the table's order)`,
      );
  }
  return { layer, crs, buildings, registerUnmatched, warnings };
}

/**
 * Joins the register's rows to the buildings: a building whose land cover names its EGID takes that row;
 * one without takes the first row whose point lies inside its outline. Gives the rows that matched none.
 */
async function joinRegister(
  buildings: OutlineBuilding[],
  file: string,
  pause: () => Promise<void>,
): Promise<number> {
  const byEgid = new Map<string, OutlineBuilding>();
  const grid = new Map<string, OutlineBuilding[]>();
  for (const b of buildings) {
    if (b.egid) {
      if (!byEgid.has(b.egid)) byEgid.set(b.egid, b);
      continue;
    }
    const [minE, maxE, minN, maxN] = ringsBox(b.surveyParts.flat());
    for (let i = Math.floor(minE / GRID_METRES); i <= Math.floor(maxE / GRID_METRES); i++)
      for (let j = Math.floor(minN / GRID_METRES); j <= Math.floor(maxN / GRID_METRES); j++) {
        const key = `${i}:${j}`;
        const cell = grid.get(key);
        if (cell) cell.push(b);
        else grid.set(key, [b]);
      }
  }
  let unmatched = 0;
  let rows = 0;
  for await (const row of readGwrExtract(file)) {
    if (++rows % 5000 === 0) await pause();
    const named = byEgid.get(row.egid);
    if (named && !named.register) {
      named.register = row;
      named.matchedBy = 'egid';
      continue;
    }
    if (row.e !== null && row.n !== null) {
      const cell = grid.get(`${Math.floor(row.e / GRID_METRES)}:${Math.floor(row.n / GRID_METRES)}`) ?? [];
      const under = cell.find((b) => !b.register && outlineHolds(b, row.e!, row.n!));
      if (under) {
        under.register = row;
        under.matchedBy = 'position';
        continue;
      }
    }
    unmatched++;
  }
  return unmatched;
}

/** The parcel a building lies on: the one holding its centroid, else the one holding most of its corners. */
function parcelUnder(outline: Ring, candidates: readonly ParcelUnderBuilding[]): ParcelUnderBuilding | null {
  const decoded = candidates.map((parcel) => ({ parcel, parts: decodeParts(parcel.geom) }));
  const holds = (parts: Ring[][], x: number, y: number) =>
    parts.some(([outer, ...holes]) => pointInRing(x, y, outer) && !holes.some((hole) => pointInRing(x, y, hole)));
  const [cx, cy] = ringCentroid(outline);
  const central = decoded.find(({ parts }) => holds(parts, cx, cy));
  if (central) return central.parcel;
  let best: { parcel: ParcelUnderBuilding; corners: number } | null = null;
  for (const { parcel, parts } of decoded) {
    const corners = outline.filter(([x, y]) => holds(parts, x, y)).length;
    if (corners > 0 && (!best || corners > best.corners)) best = { parcel, corners };
  }
  return best?.parcel ?? null;
}

/**
 * Writes prepared land-cover buildings: each on the parcel it lies on (the dataset's parcels, demo or
 * imported), grouped by that parcel's municipality; each municipality's buildings replaced in one
 * transaction. A building whose EGID a building of a municipality the file does not cover holds is named
 * by its feature id instead.
 */
export async function writeLandCoverBuildings(options: {
  prepared: PreparedLandCover;
  writer: AnyBuildingsWriter;
  sourceName: string;
  municipalityName: (bfs: number) => string;
  onProgress?: (progress: CadastreImportProgress) => void;
  pause?: () => Promise<void>;
}): Promise<{ summary: BuildingsImportSummary; byMunicipality: Map<number, number>; warnings: string[] }> {
  const { prepared, writer, pause = async () => {} } = options;
  const warnings: string[] = [...prepared.warnings];
  const byMunicipality = new Map<number, OfficialBuilding[]>();
  const usedIds = new Set<string>();
  const placed = new Set<OutlineBuilding>();
  const fids = new Map<OfficialBuilding, string>();
  let withoutParcel = 0;
  for (const [index, b] of prepared.buildings.entries()) {
    if (index % FEATURES_PER_PAUSE === FEATURES_PER_PAUSE - 1) await pause();
    const [minX, maxX, minY, maxY] = ringsBox(b.parts[0]);
    const parcel = parcelUnder(b.parts[0][0], await writer.parcelsMeeting([minX, minY, maxX, maxY]));
    if (!parcel) {
      withoutParcel++;
      continue;
    }
    const egid = b.egid ?? b.register?.egid ?? null;
    let objId = egid ?? `LC-${parcel.munBfs}-${b.fid}`;
    if (usedIds.has(objId)) {
      warnings.push(`${b.label}: EGID ${objId} is given to another building too; this one is named by its feature id`);
      objId = `LC-${parcel.munBfs}-${b.fid}`;
    }
    usedIds.add(objId);
    const facts = buildingFacts(b.area, b.register);
    const [mx, my] = ringCentroid(b.parts[0][0]);
    const [lon, lat] = mercatorToLonLat(mx, my);
    const [e, n] = ringCentroid(b.surveyParts[0][0]);
    const building: OfficialBuilding = {
      objId,
      parcelId: parcel.id,
      typ: facts.typ,
      lon,
      lat,
      attrs: {
        OBJ_SUR: facts.footprint,
        OBJ_VOL: facts.volume,
        OBJ_FLO: facts.floors,
        OBJ_UNI: facts.dwellings,
        OBJ_JOB: facts.year,
        OBJ_POB: facts.period,
        OBJ_MUN: options.municipalityName(parcel.munBfs),
        OBJ_ZIP: parcel.zip,
        OBJ_STR: parcel.street ?? '',
        OBJ_STN: parcel.houseNo ?? '',
        OBJ_COO_X: Math.round(e * 10) / 10,
        OBJ_COO_Y: Math.round(n * 10) / 10,
      },
      parts: b.parts,
      surveyParts: b.surveyParts,
      height: facts.height,
      roofArea: Math.round(b.area),
    };
    placed.add(b);
    fids.set(building, b.fid);
    const list = byMunicipality.get(parcel.munBfs);
    if (list) list.push(building);
    else byMunicipality.set(parcel.munBfs, [building]);
  }
  if (withoutParcel > 0)
    warnings.push(`${withoutParcel} building outlines lie on no parcel of the dataset and were not imported`);
  const replaced = new Set(byMunicipality.keys());
  // An EGID a building of another municipality holds (demo ids are numbers too) would clash: that building
  // is named by its feature id instead, with a warning — never a refusal, as the file's parcels may be written.
  const clashing = new Set(await writer.objIdsElsewhere([...usedIds], replaced));
  for (const [bfs, list] of byMunicipality)
    for (const building of list)
      if (clashing.has(building.objId)) {
        warnings.push(
          `building ${building.objId} is held by a building of a municipality this file does not cover; this one is named by its feature id`,
        );
        building.objId = `LC-${bfs}-${fids.get(building)}`;
      }
  const record: ImportRecord = {
    source: `${options.sourceName} (${prepared.layer})`,
    at: new Date().toISOString(),
    municipalities: [],
    parcels: 0,
  };
  const ordered = [...byMunicipality.entries()].sort(([a], [b]) => a - b);
  for (const [index, [bfs, buildings]] of ordered.entries()) {
    record.municipalities.push(bfs);
    await writer.replaceBuildings(bfs, buildings, record);
    options.onProgress?.({ phase: 'writing', done: index + 1, total: ordered.length });
    await pause();
  }
  if (ordered.length > 0) await writer.finish(record);
  const matched = (by: 'egid' | 'position') => [...placed].filter((b) => b.matchedBy === by).length;
  return {
    summary: {
      imported: placed.size,
      matchedByEgid: matched('egid'),
      matchedByPosition: matched('position'),
      registerUnmatched: prepared.registerUnmatched,
      withoutParcel,
      egidFromBuildingNumbers: [...placed].filter((b) => b.egidFromTable).length,
    },
    byMunicipality: new Map(ordered.map(([bfs, list]) => [bfs, list.length])),
    warnings,
  };
}
