import type { DataOrigin } from '../../../../src/contract/CadastreImport';
import type { OfficialParcel } from './CadastreWriter';
import { type PolygonParts } from './geometryCodec';
import type { FilterColumnsCollector } from './FilterColumns';
import { estimateBuildingReserve } from '../../../../src/contract/BuildingReserve';

/** The register and zoning facts both writers (the demo builder, the importer) store per parcel. */
export type ParcelFacts = Omit<OfficialParcel, 'parts' | 'surveyParts'>;

export interface ParcelInsert {
  canton: string;
  bfs: number;
  /** Municipality name, indexed for the text search. */
  locname: string;
  parcel: ParcelFacts;
  /** The outline's parts (one for most parcels), each its rings: exterior first, then holes. */
  parts: PolygonParts;
  /** The outline in LV95 metres to the millimetre, where a survey gave it (surveyGeometryCodec). */
  surveyParts?: PolygonParts;
  objCount: number;
  /** Footprint × floors summed over the parcel's buildings, m² (the building reserve's input). */
  floorArea: number;
  /** Encoded by themeCodec. */
  themes: string;
  origin: DataOrigin;
}

/** The text the FTS index holds as a parcel's address (copyDataset and deletions rebuild the same). */
export const ftsAddress = (street: string | null, houseNo: string | null) =>
  street ? (houseNo ? `${street} ${houseNo}` : street) : '';

/** A parcel row's columns, in PARCEL_COLUMNS order, except the geometry (bound last). */
export type ParcelColumnValues = (string | number | null)[];

/** The parcels table's columns as the writers insert them; `geom` last, so packed rows bind without it. */
export const PARCEL_COLUMNS = `prc_id, prc_no, canton, mun_bfs, street, house_no, zip, sur, typ, ind, alpha_pri, alpha_sec,
  alpha_ter, bravo_pri, grn_trm, grn_rad, pro_bun, obj_count, freeway, putra, lv95_x, lv95_y, lon, lat, themes, origin, utilisation, reserve, geom`;

/** How many values parcelColumns gives (every column but the geometry). */
export const PARCEL_COLUMN_COUNT = 28;

const CANTON = 2;

const MUN_BFS = 3;

export const STREET = 4;

const SUR = 7;

const TYP = 8;

const IND = 9;

const ALPHA_PRI = 10;

const ALPHA_SEC = 11;

const GRN_TRM = 14;

const GRN_RAD = 15;

const PRO_BUN = 16;

const OBJ_COUNT = 17;

const FREEWAY = 18;

const PUTRA = 19;

const UTILISATION = 26;

const RESERVE = 27;

/** A written parcel's values for FilterColumnsCollector.add, as scanFilterColumns reads them. */
export function filterValues(id: number, c: ParcelColumnValues): Parameters<FilterColumnsCollector['add']> {
  return [
    id,
    c[CANTON] as string,
    c[MUN_BFS] as number,
    c[SUR] as number,
    c[IND] as string,
    c[TYP] as string,
    c[OBJ_COUNT] as number,
    c[GRN_RAD] as number,
    c[PRO_BUN] as number,
    c[FREEWAY] as number,
    c[PUTRA] as number,
    c[GRN_TRM] as string,
    c[ALPHA_PRI] as string | null,
    c[ALPHA_SEC] as string | null,
    c[STREET] as string | null,
    c[UTILISATION] as number | null,
    c[RESERVE] as number | null,
  ];
}

/** One parcel's column values (without its geometry), shared by both writers and the builder's packing. */
export function parcelColumns({
  canton,
  bfs,
  parcel: p,
  objCount,
  floorArea,
  themes,
  origin,
}: Omit<ParcelInsert, 'parts' | 'surveyParts' | 'locname'>): ParcelColumnValues {
  const estimate = estimateBuildingReserve({
    canton,
    zone: p.alphaPri,
    mainUse: p.bravoPri,
    area: p.sur,
    existingFloorArea: floorArea,
    road: p.ind === 'Road',
  });
  return [
    p.prcId,
    p.prcNo,
    canton,
    bfs,
    p.street,
    p.houseNo,
    p.zip,
    p.sur,
    p.typ,
    p.ind,
    p.alphaPri,
    p.alphaSec,
    p.alphaTer,
    p.bravoPri,
    p.grnTrm,
    p.grnRad,
    p.proBun ? 1 : 0,
    objCount,
    p.freeway,
    p.putra,
    p.lv95[0],
    p.lv95[1],
    p.lon,
    p.lat,
    themes,
    origin,
    estimate.utilisation,
    estimate.reserve,
  ];
}

/** A parcel's box: min x, max x, min y, max y. */
export type ParcelBox = readonly [number, number, number, number];
