import type { LangMap, BuildingObject, FixedPoint } from '../../../../src/contract/Parcel';
import type { Point, Ring } from '../../../geo/ring';
import type { CantonInfo } from '../../../geo/cantons';
import type { PriceLevelWriting } from '../reports/priceLevelWriting';
import type { Asynchronous } from '../unitOfWork/Synchronous';
import type { BuildingRoof, GeneratedLayerFeature } from '../layers/LayerFeature';

export interface LabelledCode {
  code: string;
  lang: Required<LangMap>;
}

/** Thematic parcel fields of spec §3 that are only read, never filtered on. */
export type ParcelThemes = Record<string, string | number>;

export interface GeneratedParcel {
  prcId: string;
  prcNo: string;
  typ: 'Eigentum' | 'Baurecht';
  ind: 'Standard' | 'Road';
  /** Area, whole m². */
  sur: number;
  /** Web Mercator metres. */
  ring: Ring;
  centroid: Point;
  lon: number;
  lat: number;
  lv95: [number, number];
  zip: string;
  street: string | null;
  houseNo: string | null;
  alphaPri: string;
  alphaSec: string | null;
  alphaTer: string | null;
  bravoPri: string;
  grnTrm: string;
  grnRad: number;
  proBun: boolean;
  /** Distance to the nearest motorway and to public transport, metres. */
  freeway: number;
  putra: number;
  objCount: number;
  themes: ParcelThemes;
  fixPoints: FixedPoint[];
}

export type GeneratedBuilding = Omit<BuildingObject, 'centroid' | 'geometry'> & {
  parcelIndex: number;
  ring: Ring;
  lon: number;
  lat: number;
  /** Height and roof for the 3D and solar layers. */
  roof: BuildingRoof;
};

export interface GeneratedMunicipality {
  bfs: number;
  name: string;
  cantonCode: string;
  zip: string;
  parcels: GeneratedParcel[];
  buildings: GeneratedBuilding[];
  streets: string[];
  /** Where the municipality's cluster bubble sits (its main place). */
  centre: [lon: number, lat: number];
  /** The thematic map layers' features and the base map's labels (server/store/layers). */
  layers: GeneratedLayerFeature[];
}

/**
 * One table's rows, packed so a worker thread can post them cheaply: `stride` values per row, each a
 * number (in `numbers`), null, or a text (an index into the municipality table's distinct `strings`), and
 * each row's encoded geometry in one shared buffer; every typed array is transferred, not copied, and
 * only the distinct strings are cloned. Structured cloning the generator's objects (rings as arrays of
 * arrays) cost about a third of generating them; cloning one flat array of all values (a boxed number each,
 * the same canton, layer and class strings over and over) cost the writing thread ~3 µs a parcel.
 * Read a row with municipalityRows' `rowValues`.
 */
export interface PackedRows {
  count: number;
  stride: number;
  /** Value k of row i at i × stride + k, where `texts` says it is a number. */
  numbers: Float64Array;
  /** Per value: PACKED_NUMBER, PACKED_NULL, or PACKED_TEXT + its index in `strings`. */
  texts: Uint32Array;
  strings: string[];
  geometries: Uint8Array;
  /** End offset of row i's geometry in `geometries` (it starts where row i − 1's ends). */
  geometryEnds: Uint32Array;
}

/**
 * A generated municipality as the dataset writer stores it: every value already encoded (geometry, themes,
 * building attributes) and every box computed, so the writing thread only binds values
 * (server/store/parcels/municipalityRows.ts packs them).
 */
export interface MunicipalityRows {
  bfs: number;
  name: string;
  cantonCode: string;
  zip: string;
  centre: [lon: number, lat: number];
  streets: string[];
  /** parcelInsert's parcelColumns values, then the box (min x, max x, min y, max y). */
  parcels: PackedRows;
  /** municipalityRows' BUILDING_VALUES, then the box, then the roof (height, area, orientation, solar class). */
  buildings: PackedRows;
  /** municipalityRows' LAYER_VALUES, then the box, then the layer's index (the R*Tree's third axis). */
  layers: PackedRows;
}

export interface CantonLookups {
  canton: string;
  thermals: readonly LabelledCode[];
  alphas: { varname: 'ALPHA_PRI' | 'ALPHA_SEC' | 'ALPHA_TER'; codes: readonly LabelledCode[] }[];
}

/** The dataset writer of an asynchronous driver (PostgreSQL): the same steps, each resolving later. */
export type AsyncDatasetWriter = Asynchronous<DatasetWriter>;

/** Facts about a built dataset, kept in the meta table. */
export interface DatasetInfo {
  /** DATASET_GENERATOR_VERSION of the code that built it (absent: built before versions were kept). */
  generator?: number;
  seed: number;
  cantons: string[];
  /** Single municipalities (BFS numbers) of other cantons built besides the whole cantons. */
  extraMunicipalities?: number[];
  parcels: number;
  buildings: number;
  builtAt: string;
  buildSeconds: number;
  /** Real cadastral data imported over the demo data, oldest first (npm run import, the admin upload). */
  imports?: { source: string; at: string; municipalities: number[]; parcels: number }[];
  /** Changes with every imported municipality: part of the build id caches key on. */
  importedAt?: string;
}

/** Where the dataset builder writes; a PostGIS adapter implements the same steps. */
export interface DatasetWriter extends PriceLevelWriting {
  /** Empties every dataset table (a rebuild, or an interrupted build). */
  clear(): void;
  writeCantons(cantons: readonly CantonInfo[]): void;
  writeLookups(lookups: CantonLookups): void;
  /**
   * One municipality in one transaction (or as part of the caller's, which keeps it whole or not at all):
   * its row, streets, parcels, buildings, layer features and their search and R*Tree entries.
   */
  writeMunicipality(rows: MunicipalityRows): void;
  /** Marks the dataset complete; until then `readInfo` returns null. */
  finish(info: DatasetInfo): void;
  readInfo(): DatasetInfo | null;
}
