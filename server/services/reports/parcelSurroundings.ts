import type { Parcel, PolygonGeometry } from '../../../src/contract/Parcel';
import {
  lonLatToMercator,
  lv95ToLonLat,
  mercatorScale,
  toLv95,
  type MercatorBox,
} from '../../geo/projection';
import { SURVEY_KEY, type ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import { outlineLv95 } from '../../store/contract/parcels/surveyGeometryCodec';
import type { TileFeatureBatch } from '../../store/contract/parcels/tileFeatureBatch';
import { cellsAlongRings } from './map/outlineCells';
import { frameAtPlanScale, type Lv95Frame } from './map/mapScale';

/** An outline in Swiss LV95 (EPSG:2056) metres: easting, northing. */
export type Lv95Ring = [number, number][];

export interface SurroundingParcel {
  prcId: string;
  prcNo: string;
  rings: Lv95Ring[];
}

export interface SurroundingBuilding {
  objId: string;
  type: string;
  rings: Lv95Ring[];
}

/** The parcel's neighbourhood for maps and CAD exports: everything whose box meets the frame. */
export interface ParcelSurroundings {
  /** The frame, LV95 metres: [minE, minN, maxE, maxN]; it fills the report's map at `scale`. */
  frame: Lv95Frame;
  /** The plan scale 1:scale the report's map is printed at. */
  scale: number;
  parcel: SurroundingParcel;
  neighbours: SurroundingParcel[];
  buildings: SurroundingBuilding[];
}

/** Most neighbours and buildings read for one report (a city block holds far fewer). */
const MAX_FEATURES = 600;

/** Metres of neighbourhood around the parcel's outline, at least, and as a share of its size. */
const MARGIN_METRES = 30;
const MARGIN_SHARE = 0.35;

const decoder = new TextDecoder();

/**
 * A batch's features in LV95 to the millimetre: the batch is read in the survey form (OutlineForm), so a
 * feature's last value says whether its geometry is the survey form or the tile form. The rings of all
 * parts of a multi-part parcel, largest part first (drawn with the even-odd rule, one CAD polyline each).
 */
export function* lv95Features(batch: TileFeatureBatch): Generator<{ values: string[]; rings: Lv95Ring[] }> {
  const survey = batch.keys.indexOf(SURVEY_KEY);
  for (const { values, geometry } of features(batch)) {
    yield {
      values,
      rings: outlineLv95(geometry, values[survey] === '1' ? geometry : null).flat(),
    };
  }
}

/** The features of a packed batch in its order: attribute values as text and the encoded geometry. */
export function* features(batch: TileFeatureBatch): Generator<{ values: string[]; geometry: Uint8Array }> {
  const fields = batch.keys.length + 1;
  for (let i = 0; i < batch.count; i++) {
    const base = i * fields * 2;
    const values: string[] = [];
    for (let f = 0; f < batch.keys.length; f++) {
      values.push(
        decoder.decode(batch.data.subarray(batch.spans[base + 2 * f], batch.spans[base + 2 * f + 1])),
      );
    }
    const g = base + 2 * batch.keys.length;
    yield { values, geometry: batch.data.subarray(batch.spans[g], batch.spans[g + 1]) };
  }
}

/**
 * Outline ring(s) of a parcel or a building as the API returns it, in LV95: its LV95 outline (to the
 * millimetre), else its WGS84 one projected (decimetres).
 */
export function outlineRings(feature: {
  geometry?: PolygonGeometry;
  geometryLv95?: PolygonGeometry;
}): Lv95Ring[] {
  if (feature.geometryLv95) return polygonRings(feature.geometryLv95);
  return polygonRings(feature.geometry).map((ring) => ring.map(([lon, lat]) => toLv95(lon, lat)));
}

/** The rings of a GeoJSON Polygon or MultiPolygon, as they are (closed). */
function polygonRings(geometry: PolygonGeometry | undefined): Lv95Ring[] {
  if (!geometry) return [];
  const polygons = (
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  ) as number[][][][];
  return polygons.flatMap((polygon) =>
    polygon.map((ring) => ring.map(([x, y]) => [x, y] as [number, number])),
  );
}

/** What a plan is centred on: a parcel, or a site standing in for one (its outline, no id or number). */
export type PlanCentre = Pick<
  Parcel,
  'PRC_ID' | 'PRC_NO' | 'PRC_COO_X' | 'PRC_COO_Y' | 'centroid' | 'geometry' | 'geometryLv95'
>;

/**
 * The parcel, its neighbouring parcels and the buildings of the frame around it, in LV95 metres. The
 * frame is the extent the report's map shows at the plan scale that holds the parcel and a margin.
 * Reads the same packed batches as the vector tiles (one R*Tree query each).
 */
export async function parcelSurroundings(
  repository: ParcelRepository,
  parcel: PlanCentre,
): Promise<ParcelSurroundings> {
  const own = outlineRings(parcel);
  const points = own.flat();
  const es = points.map((p) => p[0]);
  const ns = points.map((p) => p[1]);
  const [minE, maxE, minN, maxN] = points.length
    ? [Math.min(...es), Math.max(...es), Math.min(...ns), Math.max(...ns)]
    : [parcel.PRC_COO_X, parcel.PRC_COO_X, parcel.PRC_COO_Y, parcel.PRC_COO_Y];
  const margin = Math.max(MARGIN_METRES, MARGIN_SHARE * Math.max(maxE - minE, maxN - minN));
  const { frame, scale } = frameAtPlanScale(
    (minE + maxE) / 2,
    (minN + maxN) / 2,
    maxE - minE + 2 * margin,
    maxN - minN + 2 * margin,
  );

  // The frame as a Web Mercator box around the centroid (mercator metres are 1/cos φ real metres).
  const [lon, lat] = parcel.centroid.coordinates;
  const [cx, cy] = lonLatToMercator(lon, lat);
  const stretch = mercatorScale(lat);
  const halfE = ((frame[2] - frame[0]) / 2) * stretch;
  const halfN = ((frame[3] - frame[1]) / 2) * stretch;
  const offsetE = ((frame[0] + frame[2]) / 2 - parcel.PRC_COO_X) * stretch;
  const offsetN = ((frame[1] + frame[3]) / 2 - parcel.PRC_COO_Y) * stretch;
  const box = {
    minX: cx + offsetE - halfE,
    maxX: cx + offsetE + halfE,
    minY: cy + offsetN - halfN,
    maxY: cy + offsetN + halfN,
  };

  // A long parcel (a road, a river) spans a frame holding far more features than a report draws: then
  // the features read are the ones along its outline, not whichever the index returns first.
  const along = () => cellsAlongRings(own, cellMetres(own)).map(mercatorBoxOfLv95);
  const neighbours: SurroundingParcel[] = [];
  for (const { values, rings } of await featuresAround(
    (area, limit) => repository.tileParcels(area, null, limit, 'survey'),
    box,
    along,
  )) {
    if (values[0] === parcel.PRC_ID) continue;
    neighbours.push({ prcId: values[0], prcNo: values[1], rings });
  }
  const buildings: SurroundingBuilding[] = [];
  for (const { values, rings } of await featuresAround(
    (area, limit) => repository.tileBuildings(area, limit, 'survey'),
    box,
    along,
  )) {
    buildings.push({ objId: values[0], type: values[1], rings });
  }
  return {
    frame,
    scale,
    parcel: { prcId: parcel.PRC_ID, prcNo: parcel.PRC_NO, rings: own },
    neighbours,
    buildings,
  };
}

/** The fewest features read around one cell along a long parcel's outline. */
const MIN_FEATURES_PER_CELL = 12;

/** Cells along an outline: a thirtieth of the parcel's longer side, 100 m at least. */
function cellMetres(rings: Lv95Ring[]): number {
  const points = rings.flat();
  const extent = (axis: 0 | 1) =>
    Math.max(...points.map((p) => p[axis])) - Math.min(...points.map((p) => p[axis]));
  return Math.max(100, Math.max(extent(0), extent(1)) / 30);
}

/** An LV95 box as the Web Mercator box holding its four corners. */
function mercatorBoxOfLv95([minE, minN, maxE, maxN]: Lv95Frame): MercatorBox {
  const corners = [
    [minE, minN],
    [minE, maxN],
    [maxE, minN],
    [maxE, maxN],
  ].map(([e, n]) => lonLatToMercator(...lv95ToLonLat(e, n)));
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/**
 * The features of the frame, MAX_FEATURES at most. When the frame holds more, the features around each
 * cell along the parcel's outline instead, a share of MAX_FEATURES per cell, each feature once.
 */
async function featuresAround(
  read: (box: MercatorBox, limit: number) => Promise<TileFeatureBatch>,
  frame: MercatorBox,
  along: () => MercatorBox[],
): Promise<{ values: string[]; rings: Lv95Ring[] }[]> {
  const inFrame = await read(frame, MAX_FEATURES);
  if (inFrame.count < MAX_FEATURES) return [...lv95Features(inFrame)];
  const cells = along();
  const limit = Math.max(MIN_FEATURES_PER_CELL, Math.floor(MAX_FEATURES / cells.length));
  const byId = new Map<string, { values: string[]; rings: Lv95Ring[] }>();
  for (const cell of cells) {
    for (const feature of lv95Features(await read(cell, limit))) {
      if (!byId.has(feature.values[0])) byId.set(feature.values[0], feature);
    }
  }
  return [...byId.values()];
}
