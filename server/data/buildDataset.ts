import type {
  AsyncDatasetWriter,
  CantonLookups,
  DatasetInfo,
  DatasetWriter,
  MunicipalityRows,
} from '../store/contract/parcels/DatasetWriter';
import { packMunicipality } from '../store/contract/parcels/municipalityRows';
import { loadSwissGeography } from './geography/loadSwissGeography';
import { CANTONS, CANTON_BY_CODE } from '../geo/cantons';
import { alphaCatalog } from './catalog/zoneCatalog';
import { THERMAL_CODES } from './catalog/thermalCatalog';
import { createDatasetNoise } from './generator/DatasetNoise';
import { generateMunicipality, type MunicipalityInput } from './generator/generateMunicipality';
import { planMunicipalities } from './planMunicipalities';
import { fillPriceLevels, fillPriceLevelsAsync } from './catalog/priceLevels';

export const DEFAULT_DATASET_SEED = 20260101;

export interface BuildDatasetOptions {
  cantons: readonly string[];
  seed?: number;
  /**
   * Single municipalities (BFS numbers) built besides the whole cantons, each as in a build of its whole
   * canton: a small dataset with one place elsewhere (the browser tests' Zug and Lugano).
   */
  extraMunicipalities?: readonly number[];
  /** Tiny datasets for tests: the first N municipalities, at most M parcels each. */
  maxMunicipalities?: number;
  maxParcelsPerMunicipality?: number;
  /** Called after each municipality with a ready-to-print line. */
  onProgress?: (line: string, done: number, total: number) => void;
}

/**
 * The version of what the generator produces. Bump it with every change to the generated data (a fix, a
 * new attribute or table): a server finding a demo dataset of another version rebuilds it at start.
 */
// 3: map layer features and building roofs; 4: postcodes; 5: streets-first cadastral plan;
// 6: settlements reach a little further (whole-country building-zone share 0.85 → about 1);
// 7: layer areas dissolved per block once for all layers (same areas; feature order and vertices within
// 5 mm differ); 8: postal areas, street stems once, stations only on a railway, merged names, rivers,
// staggered old-town lanes, villages along their roads; 9: building reserve and utilisation columns;
// 10: old towns and villages bent off the grid; 11: each canton's forest cut to its LFI area (forestLevels),
// open land drawn from its own random stream; 12: settled land per inhabitant falls with a place's size.
export const DATASET_GENERATOR_VERSION = 12;

/** Throws on an unknown canton code, before anything is written. */
export function checkCantonCodes(cantons: readonly string[]): void {
  const unknown = cantons.filter((c) => !CANTON_BY_CODE.has(c));
  if (unknown.length > 0) throw new Error(`Unknown canton code(s): ${unknown.join(', ')}`);
}

/**
 * One generator input per municipality to build, in the order they are written: the whole cantons (canton,
 * then BFS), then the extra municipalities of other cantons (each planned with its whole canton, so it is
 * the same municipality as there). Throws on an unknown canton or BFS number, before anything is written.
 */
export function planDataset(options: BuildDatasetOptions): MunicipalityInput[] {
  checkCantonCodes(options.cantons);
  const seed = options.seed ?? DEFAULT_DATASET_SEED;
  const geography = loadSwissGeography();
  const plan = (cantons: readonly string[]) =>
    planMunicipalities(geography, cantons, seed, createDatasetNoise(seed), options);
  const extras = options.extraMunicipalities ?? [];
  if (extras.length === 0) return plan(options.cantons);
  const known = new Map(geography.municipalities.map((m) => [m.bfs, m.cantonCode]));
  const unknown = extras.filter((bfs) => !known.has(bfs));
  if (unknown.length > 0) throw new Error(`Unknown municipality BFS number(s): ${unknown.join(', ')}`);
  const otherCantons = [...new Set(extras.map((bfs) => known.get(bfs) as string))].filter(
    (code) => !options.cantons.includes(code),
  );
  const extraInputs = plan(otherCantons).filter((input) => extras.includes(input.municipality.bfs));
  return [...plan(options.cantons), ...extraInputs];
}

/** The extra municipalities a dataset of these options holds, in a stable order (for its records). */
export function extraMunicipalitiesOf(options: Pick<BuildDatasetOptions, 'extraMunicipalities'>): number[] {
  return [...new Set(options.extraMunicipalities ?? [])].sort((a, b) => a - b);
}

/** Generates one municipality and encodes it for the writer (in a worker thread or in this one). */
export function generateMunicipalityRows(input: MunicipalityInput): MunicipalityRows {
  return packMunicipality(generateMunicipality(input));
}

/** Every canton's lookups (thermal codes, zone codes): written whatever cantons are built. */
function referenceLookups(): CantonLookups[] {
  return CANTONS.map((canton) => {
    const alphas = alphaCatalog(canton.language);
    return {
      canton: canton.code,
      thermals: THERMAL_CODES,
      alphas: [
        { varname: 'ALPHA_PRI', codes: alphas.primary },
        { varname: 'ALPHA_SEC', codes: alphas.secondary },
        { varname: 'ALPHA_TER', codes: alphas.tertiary },
      ],
    };
  });
}

/** The 26 cantons and their lookups. */
export function writeReferenceData(writer: DatasetWriter): void {
  writer.writeCantons(CANTONS);
  for (const lookups of referenceLookups()) writer.writeLookups(lookups);
}

/** "Building dataset: 12/80 municipalities (ZG Baar), 4,321 parcels, 3 s". */
export function municipalityProgressLine(
  done: number,
  total: number,
  rows: { cantonCode: string; name: string },
  parcels: number,
  seconds: number,
): string {
  return (
    `Building dataset: ${done}/${total} municipalities (${rows.cantonCode} ${rows.name}), ` +
    `${parcels.toLocaleString('en-US')} parcels, ${seconds.toFixed(0)} s`
  );
}

/**
 * Builds the dataset in this thread into `writer`: the reference data, then the chosen cantons'
 * municipalities one by one (each from its own seed, each in its own transaction), then marks it
 * complete. Tests and benchmarks use it on small datasets; `buildDatasetFile` (server/data/build) is the
 * parallel, resumable build of the same content.
 */
export function buildDataset(writer: DatasetWriter, options: BuildDatasetOptions): DatasetInfo {
  const build = startBuild(options);
  writer.clear();
  writeReferenceData(writer);
  build.inputs.forEach((input, index) => {
    const rows = generateMunicipalityRows(input);
    writer.writeMunicipality(rows);
    build.written(rows, index);
  });
  const info = build.info();
  fillPriceLevels(writer);
  writer.finish(info);
  return info;
}

/** The municipalities to build, and the counts and progress lines as they are written. */
function startBuild(options: BuildDatasetOptions) {
  const started = Date.now();
  const inputs = planDataset(options);
  let parcels = 0;
  let buildings = 0;
  return {
    inputs,
    written(rows: MunicipalityRows, index: number): void {
      parcels += rows.parcels.count;
      buildings += rows.buildings.count;
      const seconds = (Date.now() - started) / 1000;
      options.onProgress?.(
        municipalityProgressLine(index + 1, inputs.length, rows, parcels, seconds),
        index + 1,
        inputs.length,
      );
    },
    info: () => datasetInfo(options, { parcels, buildings, seconds: (Date.now() - started) / 1000 }),
  };
}

/**
 * `buildDataset` through an asynchronous writer (PostgreSQL): the same steps, each municipality written
 * once the previous one is.
 */
export async function buildDatasetAsync(
  writer: AsyncDatasetWriter,
  options: BuildDatasetOptions,
): Promise<DatasetInfo> {
  const build = startBuild(options);
  await writer.clear();
  await writer.writeCantons(CANTONS);
  for (const lookups of referenceLookups()) await writer.writeLookups(lookups);
  for (const [index, input] of build.inputs.entries()) {
    const rows = generateMunicipalityRows(input);
    await writer.writeMunicipality(rows);
    build.written(rows, index);
  }
  const info = build.info();
  await fillPriceLevelsAsync(writer);
  await writer.finish(info);
  return info;
}

/** The completion record of a dataset built with these options. */
export function datasetInfo(
  options: BuildDatasetOptions,
  built: { parcels: number; buildings: number; seconds: number },
): DatasetInfo {
  const extraMunicipalities = extraMunicipalitiesOf(options);
  return {
    generator: DATASET_GENERATOR_VERSION,
    seed: options.seed ?? DEFAULT_DATASET_SEED,
    cantons: [...options.cantons],
    ...(extraMunicipalities.length > 0 ? { extraMunicipalities } : {}),
    parcels: built.parcels,
    buildings: built.buildings,
    builtAt: new Date().toISOString(),
    buildSeconds: Math.round(built.seconds * 10) / 10,
  };
}
