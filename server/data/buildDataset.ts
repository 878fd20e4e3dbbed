import type { DatasetInfo, DatasetWriter } from '../store/parcels/DatasetWriter';
import { loadSwissGeography } from './geography/loadSwissGeography';
import { CANTONS, CANTON_BY_CODE } from '../geo/cantons';
import { alphaCatalog } from './catalog/zoneCatalog';
import { THERMAL_CODES } from './catalog/thermalCatalog';
import { createDatasetNoise } from './generator/DatasetNoise';
import { generateMunicipality } from './generator/generateMunicipality';
import { planMunicipalities } from './planMunicipalities';
import { fillPriceLevels } from './catalog/priceLevels';

export const DEFAULT_DATASET_SEED = 20260101;

export interface BuildDatasetOptions {
  cantons: readonly string[];
  seed?: number;
  /** Tiny datasets for tests: the first N municipalities, at most M parcels each. */
  maxMunicipalities?: number;
  maxParcelsPerMunicipality?: number;
  /** Called after each municipality with a ready-to-print line. */
  onProgress?: (line: string, done: number, total: number) => void;
}

/**
 * Builds the dataset: all 26 cantons and their lookups, then the chosen cantons' municipalities one by
 * one (each from its own seed, each in its own transaction), then marks it complete. Throws on an
 * unknown canton code before writing anything.
 */
/**
 * The version of what the generator produces. Bump it with every change to the generated data (a fix, a
 * new attribute or table): a server finding a demo dataset of another version rebuilds it at start.
 */
export const DATASET_GENERATOR_VERSION = 5; // 3: map layer features and building roofs (issue 11); 4: postcodes (issue 15); 5: streets-first cadastral plan (issue 15)

export function buildDataset(writer: DatasetWriter, options: BuildDatasetOptions): DatasetInfo {
  const unknown = options.cantons.filter((c) => !CANTON_BY_CODE.has(c));
  if (unknown.length > 0) throw new Error(`Unknown canton code(s): ${unknown.join(', ')}`);
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_DATASET_SEED;
  const geography = loadSwissGeography();
  const inputs = planMunicipalities(geography, options.cantons, seed, createDatasetNoise(seed), options);

  writer.clear();
  writer.writeCantons(CANTONS);
  for (const canton of CANTONS) {
    const alphas = alphaCatalog(canton.language);
    writer.writeLookups({
      canton: canton.code,
      thermals: THERMAL_CODES,
      alphas: [
        { varname: 'ALPHA_PRI', codes: alphas.primary },
        { varname: 'ALPHA_SEC', codes: alphas.secondary },
        { varname: 'ALPHA_TER', codes: alphas.tertiary },
      ],
    });
  }
  let parcels = 0;
  let buildings = 0;
  inputs.forEach((input, index) => {
    const generated = generateMunicipality(input);
    writer.writeMunicipality(generated);
    parcels += generated.parcels.length;
    buildings += generated.buildings.length;
    const seconds = (Date.now() - started) / 1000;
    options.onProgress?.(
      `Building dataset: ${index + 1}/${inputs.length} municipalities (${input.canton.code} ${generated.name}), ` +
        `${parcels.toLocaleString('en-US')} parcels, ${seconds.toFixed(0)} s`,
      index + 1,
      inputs.length,
    );
  });
  const info: DatasetInfo = {
    generator: DATASET_GENERATOR_VERSION,
    seed,
    cantons: [...options.cantons],
    parcels,
    buildings,
    builtAt: new Date().toISOString(),
    buildSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
  fillPriceLevels(writer);
  writer.finish(info);
  return info;
}
