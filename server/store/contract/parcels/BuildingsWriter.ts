import type { BuildingType } from '../../../../src/contract/Parcel';
import type { Ring } from '../../../geo/ring';
import type { Asynchronous } from '../unitOfWork/Synchronous';
import { encodeBuildingAttrs, type StoredBuildingAttrs } from './buildingAttrsCodec';
import { encodeParts } from './geometryCodec';
import { encodeSurveyGeometry } from './surveyGeometryCodec';
import type { ImportRecord } from './CadastreWriter';

/** A stored parcel a building may lie on: its row, municipality, address and tile-form outline. */
export interface ParcelUnderBuilding {
  id: number;
  munBfs: number;
  street: string | null;
  houseNo: string | null;
  zip: string;
  /** Encoded tile form (geometryCodec). */
  geom: Uint8Array;
}

/** An imported building as stored, on its parcel, in the demo buildings' shape (buildingAttrsCodec). */
export interface OfficialBuilding {
  objId: string;
  parcelId: number;
  typ: BuildingType;
  lon: number;
  lat: number;
  attrs: Omit<StoredBuildingAttrs, 'OBJ_COO'>;
  /** Web Mercator rings per part (closing point dropped), and the same in LV95 to the millimetre. */
  parts: Ring[][];
  surveyParts: Ring[][];
  /** The roof row the 3D and solar layers read: height to the ridge, roof area m². */
  height: number;
  roofArea: number;
}

/**
 * Writes a land-cover import's buildings: each municipality's buildings (demo or imported before) replaced
 * in one transaction with their R*Tree boxes and roofs, its parcels' building counts and building reserve
 * recomputed, the saved search columns dropped and the dataset's build id changed (so the tile cache and
 * the in-memory search drop what they knew); `finish` saves the search columns.
 */
export interface BuildingsWriter {
  /** The parcels whose box meets the Web Mercator box [minX, minY, maxX, maxY]. */
  parcelsMeeting(box: readonly [number, number, number, number]): ParcelUnderBuilding[];
  /** Of the given building ids, those stored on a parcel outside the municipalities `replaced`. */
  objIdsElsewhere(objIds: readonly string[], replaced: ReadonlySet<number>): string[];
  replaceBuildings(bfs: number, buildings: readonly OfficialBuilding[], record: ImportRecord): void;
  finish(record: ImportRecord): void;
}

export type AnyBuildingsWriter = BuildingsWriter | Asynchronous<BuildingsWriter>;

/**
 * An imported building's row values both writers insert, in this order: obj_id, parcel_id, typ, lon, lat,
 * the encoded attributes, the tile form and the survey form.
 */
export function officialBuildingValues(b: OfficialBuilding): (string | number | Buffer)[] {
  return [
    b.objId,
    b.parcelId,
    b.typ,
    b.lon,
    b.lat,
    encodeBuildingAttrs({ ...b.attrs, OBJ_COO: '' }),
    encodeParts(b.parts),
    encodeSurveyGeometry(b.surveyParts),
  ];
}
