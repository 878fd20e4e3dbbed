import { dataLayerLegend } from '../../../src/contract/LayerLegends';
import {
  BUILDING_SOLAR_KEY,
  DATA_LAYER_MIN_ZOOM,
  type DataLayerId,
  type MapLayerId,
} from '../../../src/contract/MapLayers';
import { RESERVE_TILE_KEY } from '../../../src/contract/BuildingReserve';
import {
  lonLatToLv95,
  lonLatToMercator,
  lv95ToLonLat,
  mercatorToLonLat,
  type MercatorBox,
} from '../../geo/projection';
import type { Ring } from '../../geo/ring';
import type { LayerRepository } from '../../store/contract/layers/LayerRepository';
import { decodeGeometry } from '../../store/contract/parcels/geometryCodec';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { Lv95Frame } from '../reports/map/mapScale';
import { lv95Features, type Lv95Ring } from '../reports/parcelSurroundings';

/** The thematic layers the print draws from the dataset (ADR 033); the others are named as not printed. */
export const PRINTED_LAYERS = [
  'building-reserve',
  'alpha-zones',
  'bravo-zones',
  'noise',
  'contamination',
  'radon',
  'groundwater',
  'floods',
  'landslides',
  'underground',
  'heritage',
  'fix-points',
  'solar',
] as const satisfies readonly MapLayerId[];
export type PrintedLayerId = (typeof PRINTED_LAYERS)[number];

export const isPrintedLayer = (id: MapLayerId): id is PrintedLayerId =>
  (PRINTED_LAYERS as readonly string[]).includes(id);

/** One feature of a thematic layer in LV95, with the value its colour is read by. */
export interface PrintLayerFeature {
  kind: 'point' | 'line' | 'area';
  value: string;
  rings: Lv95Ring[];
}

export interface PrintParcel {
  prcNo: string;
  /** The building reserve in m²; null outside building zones. */
  reserve: number | null;
  rings: Lv95Ring[];
}

export interface PrintBuilding {
  /** Solar class 1–5 of the roof; 0 unknown. */
  solar: string;
  rings: Lv95Ring[];
}

/** Everything the print's frame shows, in LV95 metres. */
export interface PrintContent {
  frame: Lv95Frame;
  parcels: PrintParcel[];
  buildings: PrintBuilding[];
  /** Per switched-on data layer (bottom to top), its features in the frame. */
  layers: { id: DataLayerId; features: PrintLayerFeature[] }[];
  /** The building reserve (parcels coloured by it) and the roofs' solar classes are switched on. */
  reserveOn: boolean;
  solarOn: boolean;
}

/**
 * Most features of each kind read for one print: a 1:25'000 A3 sheet over a city holds tens of
 * thousands of parcels; beyond this the sheet is a grey mass anyway (ADR 033).
 */
export const PRINT_MAX_FEATURES = 30_000;

/** The frame as a Web Mercator box: its corners and edge midpoints projected, the box around them. */
export function mercatorBoxOf([minE, minN, maxE, maxN]: Lv95Frame): MercatorBox {
  const midE = (minE + maxE) / 2;
  const midN = (minN + maxN) / 2;
  const points = [
    [minE, minN],
    [maxE, minN],
    [minE, maxN],
    [maxE, maxN],
    [midE, minN],
    [midE, maxN],
    [minE, midN],
    [maxE, midN],
  ].map(([e, n]) => lonLatToMercator(...lv95ToLonLat(e, n)));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

const KIND = { 1: 'point', 2: 'line', 3: 'area' } as const;

const lv95Ring = (ring: Ring): Lv95Ring => ring.map(([x, y]) => lonLatToLv95(...mercatorToLonLat(x, y)));

/** The data layers switched on, in the order they were, with the data the repository has in the frame. */
async function layerFeatures(
  layers: LayerRepository,
  ids: readonly MapLayerId[],
  box: MercatorBox,
): Promise<PrintContent['layers']> {
  const dataIds = ids.filter((id): id is DataLayerId => Object.hasOwn(DATA_LAYER_MIN_ZOOM, id));
  return Promise.all(
    dataIds.map(async (id) => {
      const { key } = dataLayerLegend(id);
      const rows = await layers.features(id, box, PRINT_MAX_FEATURES);
      return {
        id,
        features: rows.map((row) => ({
          kind: KIND[row.kind],
          value: (key === 'group' ? row.grp : row.cls) ?? '',
          rings: decodeGeometry(row.geom).map(lv95Ring),
        })),
      };
    }),
  );
}

/** Reads the frame's parcels, buildings and switched-on data layers from the dataset. */
export async function printContent(
  sources: { parcels: ParcelRepository; layers: LayerRepository },
  frame: Lv95Frame,
  layerIds: readonly MapLayerId[],
): Promise<PrintContent> {
  const box = mercatorBoxOf(frame);
  const [parcelBatch, buildingBatch, layers] = await Promise.all([
    sources.parcels.tileParcels(box, null, PRINT_MAX_FEATURES, 'survey'),
    sources.parcels.tileBuildings(box, PRINT_MAX_FEATURES, 'survey'),
    layerFeatures(sources.layers, layerIds, box),
  ]);
  const prcNo = parcelBatch.keys.indexOf('PRC_NO');
  const reserve = parcelBatch.keys.indexOf(RESERVE_TILE_KEY);
  const parcels: PrintParcel[] = [];
  for (const { values, rings } of lv95Features(parcelBatch)) {
    const reserveText = values[reserve] ?? '';
    parcels.push({
      prcNo: values[prcNo] ?? '',
      reserve: reserveText === '' ? null : Number(reserveText),
      rings,
    });
  }
  const solar = buildingBatch.keys.indexOf(BUILDING_SOLAR_KEY);
  const buildings: PrintBuilding[] = [];
  for (const { values, rings } of lv95Features(buildingBatch)) {
    buildings.push({ solar: values[solar] ?? '0', rings });
  }
  return {
    frame,
    parcels,
    buildings,
    layers,
    reserveOn: layerIds.includes('building-reserve'),
    solarOn: layerIds.includes('solar'),
  };
}
