import type { CantonInfo } from '../../data/geography/cantonTable';
import type { GeneratedMunicipality } from '../../data/generator/GeneratedMunicipality';
import type { LabelledCode } from '../../data/catalog/LabelledCode';

export interface CantonLookups {
  canton: string;
  thermals: readonly LabelledCode[];
  alphas: { varname: 'ALPHA_PRI' | 'ALPHA_SEC' | 'ALPHA_TER'; codes: readonly LabelledCode[] }[];
}

/** Facts about a built dataset, kept in the meta table. */
export interface DatasetInfo {
  seed: number;
  cantons: string[];
  parcels: number;
  buildings: number;
  builtAt: string;
  buildSeconds: number;
}

/** Where the dataset builder writes; a PostGIS adapter implements the same steps. */
export interface DatasetWriter {
  /** Empties every dataset table (a rebuild, or an interrupted build). */
  clear(): void;
  writeCantons(cantons: readonly CantonInfo[]): void;
  writeLookups(lookups: CantonLookups): void;
  /** One municipality in one transaction: its row, streets, parcels, buildings and indexes. */
  writeMunicipality(generated: GeneratedMunicipality): void;
  /** Marks the dataset complete; until then `readInfo` returns null. */
  finish(info: DatasetInfo): void;
  readInfo(): DatasetInfo | null;
}
