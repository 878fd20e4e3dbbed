import { RESERVE_TILE_KEY } from '../../../../src/contract/BuildingReserve';
import type {
  AlphaItem,
  BuildingObject,
  Canton,
  LocationNameItem,
  Parcel,
  StreetItem,
  ThermalItem,
} from '../../../../src/contract/Parcel';
import type { DataQualitySummary } from '../../../../src/contract/CadastreImport';
import type { Paging, ParcelQuery } from './ParcelQuery';
import type { MercatorBox } from '../../../geo/projection';
import type { TileFeatureBatch } from './tileFeatureBatch';
import type { SharedFilterIndex } from './SharedFilterIndex';
import type { OutlineCrs, ParcelFeaturesText } from './parcelFeatureJson';
/** West, south, east, north in WGS84 degrees. */
export type LonLatBounds = [number, number, number, number];

export interface MunicipalityCount {
  name: string;
  count: number;
  lon: number;
  lat: number;
  /** Extent of the municipality's parcels, where the dataset has any. */
  bounds?: LonLatBounds;
}

export interface ParcelSearchResult {
  /** Matches, counted exactly up to the repository's cap (TOTAL_HITS_CAP); the cap itself beyond it. */
  total: number;
  /** False when there are more matches than `total` (the cap was reached). */
  exact: boolean;
  hits: Parcel[];
  /**
   * Matching parcels per municipality, biggest first (the map's clusters). Exact for a search without text;
   * for a text search beyond the cap they count the first `total` matches (in id order).
   */
  byMunicipality: MunicipalityCount[];
}

/** A search's page as row ids (ParcelRepository.searchRowIds). */
export interface ParcelIdPage {
  total: number;
  exact: boolean;
  matched: number | null;
  ids: number[];
}

/** How to order a search's hits beyond the filters (the place-name ranking of PlaceSearch). */
export interface SearchRanking {
  /** Municipality names whose parcels come first. */
  preferMunicipalities?: readonly string[];
}

export interface ParcelDetail {
  parcel: Parcel;
  objects: BuildingObject[];
  canton: Canton;
}

/**
 * The attributes of tile features, in the order of their spans in a TileFeatureBatch. RESERVE (m², empty
 * outside building zones) feeds the building-reserve layer.
 */
export const PARCEL_TILE_KEYS = ['PRC_ID', 'PRC_NO', 'PRC_TYP', 'PRC_IND', RESERVE_TILE_KEY] as const;
/** HEIGHT (metres) and SOLAR (roof suitability 1–5, 0 unknown) feed the 3D-buildings and solar layers. */
export const BUILDING_TILE_KEYS = ['OBJ_ID', 'OBJ_TYP', 'OBJ_PRO', 'HEIGHT', 'SOLAR'] as const;

/**
 * Which stored outline a tile batch carries: the tile form (Web Mercator decimetres, geometryCodec), or
 * for drawings the survey form (LV95 millimetres, surveyGeometryCodec) where a row has one — then the
 * batch's last key, SURVEY_KEY, is '1', and the geometry is read with decodeSurveyParts.
 */
export type OutlineForm = 'tile' | 'survey';
export const SURVEY_KEY = 'SURVEY';

/** A batch's keys for an outline form: the tile keys, then SURVEY_KEY for the survey form. */
export const outlineKeys = (keys: readonly string[], form: OutlineForm): readonly string[] =>
  form === 'survey' ? [...keys, SURVEY_KEY] : keys;

/**
 * Read side of the parcel dataset (lookups, search, details, tile features). The SQLite adapter is
 * `createSqliteParcelRepository`; a PostGIS adapter would implement the same interface.
 */
export interface ParcelRepository {
  /** True once a complete dataset is stored; also loads the in-memory search structures. */
  hasDataset(): Promise<boolean>;
  /** Identifies the stored dataset build; it changes whenever the data is rebuilt (caches key on it). */
  datasetVersion(): Promise<string>;
  cantons(): Promise<Canton[]>;
  cantonByCode(code: string): Promise<Canton | null>;
  findCantons(q: string, limit: number): Promise<Canton[]>;
  thermals(q: string, canton: string | undefined, limit: number): Promise<ThermalItem[]>;
  locationNames(q: string, canton: string | undefined, limit: number): Promise<LocationNameItem[]>;
  alphas(
    q: string,
    varname: string | undefined,
    canton: string | undefined,
    limit: number,
  ): Promise<AlphaItem[]>;
  streets(q: string, canton: string | undefined, locnames: string[], limit: number): Promise<StreetItem[]>;
  search(query: ParcelQuery, paging: Paging, ranking?: SearchRanking): Promise<ParcelSearchResult>;
  /** The canton codes the stored dataset has parcels for. */
  cantonsWithData(): Promise<string[]>;
  /**
   * A search's page as row ids, in the order of `search`'s hits, without reading the rows; `matched` is the
   * exact number of matches where it is known (within the cap, or counted by filters without text).
   */
  searchRowIds(query: ParcelQuery, paging: Paging): Promise<ParcelIdPage>;
  /**
   * The parcels of these row ids as GeoJSON Feature text (parcelFeaturesText), in the order given; unknown
   * ids left out.
   */
  parcelFeatures(ids: readonly number[], crs: OutlineCrs): Promise<ParcelFeaturesText>;
  parcel(prcId: string): Promise<ParcelDetail | null>;
  /** The parcels of these row ids (a TileFeatureBatch's `ids`) in the order given; unknown ids left out. */
  parcelsByRowIds(ids: readonly number[]): Promise<Parcel[]>;
  /** Parcels whose bounding box meets the tile box, with PARCEL_TILE_KEYS attributes (see OutlineForm). */
  tileParcels(
    box: MercatorBox,
    query: ParcelQuery | null,
    limit: number,
    form?: OutlineForm,
  ): Promise<TileFeatureBatch>;
  /** Buildings whose bounding box meets the tile box, with BUILDING_TILE_KEYS attributes (see OutlineForm). */
  tileBuildings(box: MercatorBox, limit: number, form?: OutlineForm): Promise<TileFeatureBatch>;
  /** The building of this OBJ_ID as a batch of one (none when unknown), as tileBuildings gives it. */
  buildingByObjectId(objId: string): Promise<TileFeatureBatch>;
  /** Parcels by data origin (demo or imported), counted once per dataset build. */
  dataQuality(): Promise<DataQualitySummary>;
}

/** How an adapter builds its parcel repository (tests shrink the caches and caps). */
export interface ParcelRepositoryOptions {
  /** Size of the prepared-statement cache; the adapter's default unless a test wants a small one. */
  maxStatements?: number;
  /** Matches counted exactly; TOTAL_HITS_CAP unless a test wants a small one. */
  totalCap?: number;
  /** The filter index the main thread built in shared memory (a worker thread's repository, ADR 038). */
  sharedIndex?: () => SharedFilterIndex | null;
}
