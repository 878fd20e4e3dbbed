/** Parcel (plot), building object and the lookups of spec §3 and §7. Shared by server and browser. */
import type { DataOrigin } from './CadastreImport';

export type LangMap = Partial<Record<'en' | 'de' | 'fr' | 'it', string>>;

export interface PointGeometry {
  type: 'Point';
  coordinates: [number, number];
}

export interface PolygonGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}

export interface FixedPoint {
  /** "Name - Type", split at the hyphen for display. */
  FIX_NAM: string;
  /** Distance to the parcel, metres. */
  FIX_DTP: number;
  FIX_COO_X: number;
  FIX_COO_Y: number;
  /** Height above sea level (LN02), metres, where the survey gives one (height fixed points). */
  FIX_ALT?: number;
}

/** A parcel as search hits (`_source`) and the detail routes return it (WGS84 geometry; LV95 *_COO_X/Y). */
export interface Parcel {
  PRC_ID: string;
  PRC_NO: string;
  PRC_SUR: number;
  PRC_TYP: 'Eigentum' | 'Baurecht';
  /** 'Standard' for an ordinary parcel, 'Road' for a road parcel. */
  PRC_IND: string;
  PRC_COO_X: number;
  PRC_COO_Y: number;
  PRC_COU: string;
  PRC_ZIP: string;
  PRC_MUN: number;
  CANTON: string;
  STATE: string;
  LOCNAME: string;
  STREET_ADDRESS?: string;
  STREET_ADDRESSES?: string[];
  centroid: PointGeometry;
  geometry?: PolygonGeometry;
  /**
   * The outline in Swiss LV95 (EPSG:2056) metres, to the millimetre: as the survey gave it for an imported
   * parcel (PRC_SRC 'official'). The detail routes give it; search hits do not.
   */
  geometryLv95?: PolygonGeometry;
  lang?: Record<string, LangMap>;
  // Zoning (each may be a list).
  ALPHA_PRIS?: string[];
  ALPHA_SECS?: string[];
  ALPHA_TERS?: string[];
  BRAVO_PRIS?: string[];
  BRAVO_SECS?: string[];
  BRAVO_TERS?: string[];
  OVL_COL?: string;
  OVL_CSL?: string;
  OVL_NSL?: string;
  OVL_FOL?: string;
  OVL_NOI?: string;
  OVL_WAL?: string;
  OVL_WAA?: string;
  // Ground.
  GRN_SOI?: string;
  GRN_TRM?: string;
  GRN_GWU?: string;
  GRN_RAD?: number;
  GRN_CON?: string;
  GRN_INF?: string;
  // Hazards.
  HAZ_FAL?: string;
  HAZ_LAV?: string;
  HAZ_SLI?: string;
  HAZ_WAT?: string;
  HAZ_DOL?: string;
  // Heritage.
  PRO_BUN?: string;
  PRO_BUC?: string;
  PRO_OOB?: string;
  PRO_BOO?: string;
  PRO_ARS?: string;
  PRO_ARP?: string;
  // Environment and infrastructure.
  ENV_WAT?: string;
  ENV_GWA?: string;
  ENV_FOR?: string;
  ENV_RES?: string;
  ENV_WAP?: string;
  EVN_ELE?: string;
  EVN_TRA?: string;
  EVN_AIR?: string;
  FIXPOINTS?: FixedPoint[];
  /** Number of building objects on the parcel. */
  OBJ_COUNT?: number;
  /**
   * Data quality of the register facts (number, EGRID, area, geometry): 'official' when imported from the
   * cadastral survey, 'synthetic' for demo data. Thematic fields of a demo dataset are always synthetic.
   */
  PRC_SRC?: DataOrigin;
  /**
   * Building-reserve estimate (src/contract/BuildingReserve.ts): the zone's utilisation figure (floor area ÷
   * parcel area) and the floor area it still allows beyond the buildings on the parcel, m². Absent outside
   * building zones and on roads.
   */
  POT_UTI?: number;
  POT_RES?: number;
}

/** The 12 building types of spec §3 (the canvas colours 11 of them; protected objects get a marker). */
/**
 * What maps/prcid/{id}/objects answers (free): enough for the map to place, outline and name a parcel
 * and to draw its buildings by type with the protected marker. Every other field — zoning, soil,
 * hazards, heritage, environment, fixed points, building figures — is what objects-full sells (counted
 * as a full view), so the free call never returns it.
 */
export const PARCEL_BASIC_FIELDS = [
  'PRC_ID',
  'PRC_NO',
  'PRC_SUR',
  'PRC_TYP',
  'PRC_IND',
  'PRC_ZIP',
  'PRC_MUN',
  'CANTON',
  'LOCNAME',
  'STREET_ADDRESS',
  'OBJ_COUNT',
  'PRC_SRC',
  'POT_UTI',
  'POT_RES',
  'centroid',
  'geometry',
] as const;

export type BasicParcel = Pick<Parcel, (typeof PARCEL_BASIC_FIELDS)[number]>;

/**
 * What maps/prcid/{id}/summary answers (free): the map's hover popup — the parcel's number, address,
 * area and zone, no more than a search hit's card shows — without the outline or the buildings.
 */
export const PARCEL_SUMMARY_FIELDS = [
  'PRC_ID',
  'PRC_NO',
  'PRC_SUR',
  'PRC_IND',
  'PRC_ZIP',
  'CANTON',
  'LOCNAME',
  'STREET_ADDRESS',
  'ALPHA_PRIS',
] as const;

export type ParcelSummary = Pick<Parcel, (typeof PARCEL_SUMMARY_FIELDS)[number]>;

export type BuildingType =
  | 'bridge'
  | 'monument'
  | 'building'
  | 'building_non_residential'
  | 'mast_antenna'
  | 'wall'
  | 'tunnel_underpass_gallery'
  | 'other_part'
  | 'underground_building'
  | 'shelter'
  | 'water_basin'
  | 'protected_object';

export interface BuildingObject {
  OBJ_ID: string;
  OBJ_TYP: BuildingType;
  OBJ_SUR: number;
  OBJ_VOL: number;
  OBJ_FLO: number;
  /** Dwellings; null when the register gives none (an imported outline without a register entry). */
  OBJ_UNI: number | null;
  OBJ_JOB: number | null;
  /** Construction period, e.g. "1961-1970" (register code GBAUP). */
  OBJ_POB: string;
  /** 'none' or the protection level ('national', 'cantonal', 'communal'). */
  OBJ_PRO: string;
  OBJ_MUN: string;
  OBJ_ZIP: string;
  OBJ_STR: string;
  OBJ_STN: string;
  OBJ_COO: string;
  OBJ_COO_X: number;
  OBJ_COO_Y: number;
  /** 'official' for an imported footprint, 'synthetic' for demo data. */
  OBJ_SRC?: DataOrigin;
  centroid: PointGeometry;
  geometry?: PolygonGeometry;
  /** The footprint in Swiss LV95 (EPSG:2056) metres, to the millimetre (see Parcel.geometryLv95). */
  geometryLv95?: PolygonGeometry;
}

/** The building fields maps/prcid/{id}/objects answers; objects-full gives every field. */
// Pick below refuses a name that is not a BuildingObject field.
export const BUILDING_BASIC_FIELDS = [
  'OBJ_ID',
  'OBJ_TYP',
  'OBJ_PRO',
  'OBJ_SRC',
  'centroid',
  'geometry',
] as const;

export type BasicBuildingObject = Pick<BuildingObject, (typeof BUILDING_BASIC_FIELDS)[number]>;

/** The answer of maps/prcid/{id}/objects: the basic fields only. */
export interface BasicParcelObjectsResponse {
  feature: BasicParcel;
  objects: BasicBuildingObject[];
}

export interface Canton {
  _id: string;
  code: string;
  urlOREB: string;
  name?: string;
}

export interface ThermalItem {
  code: string;
  canton: string;
  lang: LangMap;
}

export interface AlphaItem {
  code: string;
  canton: string;
  varname: string;
  lang: LangMap;
}

export interface LocationNameItem {
  code: string;
  canton: string;
}

export interface StreetItem {
  _id: string;
  code: string;
  canton: string;
  locname: string;
}

/** `GET /v1/secure/cantons/find` and the other `find` lookups. */
export interface FindResponse<T> {
  data: T[];
  error: boolean;
  message?: string;
}

/** An extent in Elasticsearch's geo_bounds shape (WGS84 degrees). */
export interface GeoBounds {
  top_left: { lat: number; lon: number };
  bottom_right: { lat: number; lon: number };
}

export interface SearchBucket {
  /** Municipality name. */
  key: string;
  doc_count: number;
  city: { geometry: PointGeometry };
  /** Extent of the municipality's parcels (absent when the server does not know it). */
  bounds?: GeoBounds;
}

/** The Elasticsearch-shaped answer of maps/search and maps/advance-search. */
export interface SearchResponse {
  hits: { hits: { _id: string; _source: Parcel }[]; total: { value: number; relation: 'eq' | 'gte' } };
  aggregations: {
    byLocation: { buckets: SearchBucket[] };
    /** Extent of the municipalities holding the matches: what "Zoom to results" fits the map to. */
    viewport?: { bounds: GeoBounds };
  };
  error?: boolean;
  errorCode?: string;
  errorMessage?: string;
}

export interface ParcelObjectsResponse {
  feature: Parcel;
  objects: BuildingObject[];
}

export interface ParcelFullResponse extends ParcelObjectsResponse {
  canton: Canton;
}

export interface ParcelErrorResponse {
  error: true;
  errorCode?: string;
  errorMessage: string;
}
