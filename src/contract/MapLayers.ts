/**
 * The sixteen thematic map layers of spec §1 as both sides know them: their ids (also the names of the
 * static style files `public/styles/<id>.json` and the values of the URL's `layers=`), their groups in
 * the layer panel, and the data layers the main server serves as vector tiles
 * (`GET /v1/secure/maps/layers/{layer}?z=&x=&y=`) with the zooms from which each appears.
 */

export const MAP_LAYER_IDS = [
  'satellite',
  'terrain',
  'alpha-zones',
  'bravo-zones',
  'noise',
  'heritage',
  'fix-points',
  'building-reserve',
  'underground',
  'contamination',
  'radon',
  'groundwater',
  'floods',
  'landslides',
  'buildings-3d',
  'solar',
] as const;

export type MapLayerId = (typeof MAP_LAYER_IDS)[number];

export const MAP_LAYER_GROUPS = ['base', 'planning', 'ground', 'hazards', 'buildings'] as const;
export type MapLayerGroup = (typeof MAP_LAYER_GROUPS)[number];

/** The panel's groups, in order; each layer belongs to exactly one. */
export const MAP_LAYER_GROUP_MEMBERS: Record<MapLayerGroup, readonly MapLayerId[]> = {
  base: ['satellite', 'terrain'],
  planning: ['alpha-zones', 'bravo-zones', 'noise', 'heritage', 'fix-points', 'building-reserve'],
  ground: ['underground', 'contamination', 'radon', 'groundwater'],
  hazards: ['floods', 'landslides'],
  buildings: ['buildings-3d', 'solar'],
};

export function isMapLayerId(value: string): value is MapLayerId {
  return (MAP_LAYER_IDS as readonly string[]).includes(value);
}

/**
 * The layers drawn from the dataset's layer tables, and the zoom from which the server answers each:
 * areas from z12 (simplified), points from z14. Below it the tile route answers 204.
 */
export const DATA_LAYER_MIN_ZOOM = {
  'alpha-zones': 12,
  'bravo-zones': 12,
  noise: 12,
  contamination: 12,
  radon: 12,
  groundwater: 12,
  floods: 12,
  landslides: 12,
  heritage: 14,
  'fix-points': 14,
  underground: 14,
} as const satisfies Partial<Record<MapLayerId, number>>;

export type DataLayerId = keyof typeof DATA_LAYER_MIN_ZOOM;

/**
 * The base map's own labels from the dataset (streets, parks, transport stops, rivers), served by the same route
 * under this name; not a thematic layer and not in the panel, always drawn from its minimum zoom.
 */
export const BASE_LABELS_LAYER = 'base-labels';
export const BASE_LABELS_MIN_ZOOM = 12;
/** Source-layer names inside the base-labels tile. */
export const BASE_LABEL_KINDS = ['streets', 'parks', 'transport', 'waterways'] as const;
export type BaseLabelKind = (typeof BASE_LABEL_KINDS)[number];

/** Every name the layer tile route accepts, with its minimum zoom. */
export const LAYER_TILE_MIN_ZOOM: Readonly<Record<DataLayerId | typeof BASE_LABELS_LAYER, number>> = {
  ...DATA_LAYER_MIN_ZOOM,
  [BASE_LABELS_LAYER]: BASE_LABELS_MIN_ZOOM,
};
export type LayerTileName = keyof typeof LAYER_TILE_MIN_ZOOM;

export function isLayerTileName(value: string): value is LayerTileName {
  return Object.prototype.hasOwnProperty.call(LAYER_TILE_MIN_ZOOM, value);
}

/** Layer tiles are cut up to this zoom; the map over-zooms beyond (the areas gain nothing deeper). */
export const LAYER_TILE_MAX_ZOOM = 16;

/** Attribute names inside layer tiles: the class (a coded value of the parcel vocabulary) and a label. */
export const LAYER_CLASS_KEY = 'class';
export const LAYER_LABEL_KEY = 'label';

/**
 * The field of the parcel vocabulary (src/contract/ParcelVocabulary.ts) each data layer's class is a
 * value of, so the legend, the colours and the parcel drawer read one catalogue. A class is the field's
 * value itself, except radon (its class id, radonClass of GRN_RAD) and fix points (the type's class id).
 */
export const DATA_LAYER_FIELD = {
  'alpha-zones': 'ALPHA_PRIS',
  'bravo-zones': 'BRAVO_PRIS',
  noise: 'OVL_NOI',
  contamination: 'GRN_CON',
  radon: 'GRN_RAD',
  groundwater: 'GRN_GWU',
  floods: 'HAZ_WAT',
  landslides: 'HAZ_SLI',
  heritage: 'PRO_BUN',
  'fix-points': 'FIX_TYPE',
  underground: 'UND_TYP',
} as const satisfies Record<DataLayerId, string>;

/** Attribute names the building tiles (maps/objects) carry for 3D and solar. */
export const BUILDING_HEIGHT_KEY = 'HEIGHT';
export const BUILDING_SOLAR_KEY = 'SOLAR';
