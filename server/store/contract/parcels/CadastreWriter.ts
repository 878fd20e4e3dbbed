import type { Ring } from '../../../geo/ring';
import type { GeneratedParcel } from './DatasetWriter';
import type { Asynchronous } from '../unitOfWork/Synchronous';
import type { AnyBuildingsWriter } from './BuildingsWriter';

export type { DataOrigin } from '../../../../src/contract/CadastreImport';

/**
 * The thematic facts an imported parcel keeps from the synthetic parcel that lay where it lies (zoning,
 * ground, distances, the encoded themes), or neutral ones where the dataset had none.
 */
export interface KeptFacts {
  alphaPri: string | null;
  alphaSec: string | null;
  alphaTer: string | null;
  bravoPri: string | null;
  grnTrm: string | null;
  grnRad: number;
  proBun: boolean;
  freeway: number;
  putra: number;
  zip: string;
  /** The stored theme codes, as themeCodec wrote them. */
  encodedThemes: string;
}

/**
 * An imported parcel as stored: the file's register facts and its parts (a Liegenschaft may be several
 * separate polygons; the largest first), each its rings (exterior first, then holes), in Web Mercator for
 * tiles (`parts`) and in LV95 metres to the millimetre as the survey gave them (`surveyParts`).
 */
export type OfficialParcel = Pick<
  GeneratedParcel,
  'prcId' | 'prcNo' | 'typ' | 'ind' | 'sur' | 'lon' | 'lat' | 'lv95' | 'street' | 'houseNo' | 'zip'
> &
  Omit<KeptFacts, 'encodedThemes' | 'zip'> & { parts: Ring[][]; surveyParts: Ring[][] };

export interface ImportedMunicipality {
  bfs: number;
  name: string;
  cantonCode: string;
  zip: string;
  centre: [lon: number, lat: number];
  streets: string[];
  parcels: OfficialParcel[];
  /** Encoded themes per parcel (same order), kept from the demo data or neutral. */
  themes: string[];
}

/** A summary of one import, kept in the dataset's meta row. */
export interface ImportRecord {
  source: string;
  at: string;
  municipalities: number[];
  parcels: number;
}

/**
 * Writes imported cadastral data over the dataset: each municipality replaced in one transaction (an
 * interrupted import leaves the others as they were), then the search columns rebuilt and the dataset's
 * build id changed, so the in-memory search and the tile cache drop what they knew.
 */
export interface CadastreWriter {
  /** The demo facts of the parcel containing the Web Mercator point (roads last), or null. */
  factsAt(x: number, y: number): KeptFacts | null;
  /** Of the given EGRIDs, those stored in a municipality outside `replaced` (they would clash). */
  egridsElsewhere(egrids: readonly string[], replaced: ReadonlySet<number>): string[];
  /** The municipality's stored postcode, or null when the dataset does not hold it. */
  municipalityZip(bfs: number): string | null;
  replaceMunicipality(municipality: ImportedMunicipality, record: ImportRecord): void;
  /** Saves the search columns and the final build id. */
  finish(record: ImportRecord): void;
}

/** A cadastre writer of either kind: SQLite's synchronous one or PostgreSQL's asynchronous one. */
export type AnyCadastreWriter = CadastreWriter | Asynchronous<CadastreWriter>;

/** A writer and the release of what it holds (a PostgreSQL connection of its own). */
export interface OpenedCadastreWriter {
  writer: AnyCadastreWriter;
  /** The land-cover buildings' writer on the same storage (BuildingsWriter). */
  buildings: AnyBuildingsWriter;
  close(): void | Promise<void>;
}
