import fs from 'node:fs';
import path from 'node:path';
import type { DatasetInfo, MunicipalityRows } from '../../store/contract/parcels/DatasetWriter';
import {
  DATASET_GENERATOR_VERSION,
  DEFAULT_DATASET_SEED,
  datasetInfo,
  extraMunicipalitiesOf,
  planDataset,
  writeReferenceData,
  type BuildDatasetOptions,
} from '../buildDataset';
import {
  openDatasetBuildFile,
  type DatasetBuildProgress,
} from '../../store/sqlite/datasetBuild/DatasetBuildFile';
import { openSqliteFile } from '../../store/sqlite/sqliteFile/openSqliteFile';
import { fillPriceLevels } from '../catalog/priceLevels';
import { buildFileOf } from '../../store/sqlite/sqliteStorageHealth';
import { installDatasetFile } from '../../store/sqlite/datasetBuild/installDatasetFile';
import {
  createInThreadGenerator,
  createWorkerGenerator,
  type MunicipalityGenerator,
} from './municipalityGenerators';
import { etaText } from './etaText';
import { estimatedParcels } from './estimatedParcels';
import { processCpuSeconds, threadCpuSeconds } from './threadCpu';

export interface DatasetFileBuildOptions extends BuildDatasetOptions {
  /** The server's database file; the build happens beside it (`<file>.building`) and replaces it at the end. */
  file: string;
  /** Generator threads; 0 generates on the calling thread. */
  workers: number;
  /** Rebuild even when `file` already holds a complete dataset of the same options. */
  force?: boolean;
  /** Stops after the municipality being written: what is written stays, the next run continues there. */
  signal?: AbortSignal;
  /** Commits at least this often (ms): what a kill loses at most. */
  commitEveryMs?: number;
}

export type DatasetFileBuildResult =
  | {
      outcome: 'built';
      info: DatasetInfo;
      /** Municipalities an earlier, interrupted run had written. */
      resumedAt: number;
      /** This run's time generating and writing, of which the writing thread spent `writeSeconds` writing. */
      generateSeconds: number;
      writeSeconds: number;
      /** Indexes, search columns and the rename. */
      finishSeconds: number;
      /** This run's CPU seconds, where the platform tells them (Linux): the profile, whatever the load. */
      cpu: BuildCpu | null;
    }
  | { outcome: 'up to date'; info: DatasetInfo }
  | { outcome: 'stopped'; done: number; total: number };

/** CPU seconds of this run by thread: the generator threads, the writing thread, and the whole process. */
export interface BuildCpu {
  generatorThreads: number[];
  mainThread: number;
  mainThreadFinishing: number;
  process: number;
}

/** How many municipalities may wait, generated, for an earlier one to be written (per thread)… */
const LOOKAHEAD_PER_THREAD = 12;
/**
 * …or, further ahead, how many expected parcels: a city (Zürich: 90,000 parcels, seconds to generate)
 * starts while the writer is still busy before it, instead of when it is next and every other thread has
 * run out of small municipalities to generate and waits with the writer.
 */
const LOOKAHEAD_PARCELS = 150_000;
const COMMIT_EVERY_MS = 2000;
const STOP = Symbol('stop');

/**
 * The rows, or STOP as soon as the build is asked to stop (waiting for a large municipality must not delay
 * stopping). Not Promise.race against one long-lived promise: each race would leave a reaction on it that
 * holds its rows for the whole build (gigabytes over the country).
 */
function untilStopped(
  rows: Promise<MunicipalityRows>,
  signal: AbortSignal | undefined,
): Promise<MunicipalityRows | typeof STOP> {
  if (!signal) return rows;
  if (signal.aborted) return Promise.resolve(STOP);
  return new Promise((resolve, reject) => {
    const stop = () => resolve(STOP);
    signal.addEventListener('abort', stop, { once: true });
    rows.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function readCompleteInfo(file: string): DatasetInfo | null {
  if (!fs.existsSync(file)) return null;
  const db = openSqliteFile(file, { readonly: true });
  try {
    const value = db
      .prepare("SELECT value FROM meta WHERE key = 'dataset'")
      .pluck()
      .get() as string | undefined;
    return value ? (JSON.parse(value) as DatasetInfo) : null;
  } catch {
    return null; // no meta table yet: a database without a dataset
  } finally {
    db.close();
  }
}

/** A complete dataset of exactly these options (and no imported data over it): nothing to build. */
export function isUpToDate(info: DatasetInfo | null, options: BuildDatasetOptions): info is DatasetInfo {
  return (
    !!info &&
    info.generator === DATASET_GENERATOR_VERSION &&
    info.seed === (options.seed ?? DEFAULT_DATASET_SEED) &&
    info.cantons.join(',') === options.cantons.join(',') &&
    (info.extraMunicipalities ?? []).join(',') === extraMunicipalitiesOf(options).join(',') &&
    !info.imports?.length
  );
}

/**
 * Builds the dataset into `options.file` on `workers` threads: the municipalities are generated in
 * parallel and written by this thread in plan order (so ids and rows are the same for any number of
 * threads), committed every couple of seconds into the build file, which a later run resumes. At the end
 * the indexes are built, the dataset is marked complete and the build file replaces `file` in one rename.
 */
export async function buildDatasetFile(options: DatasetFileBuildOptions): Promise<DatasetFileBuildResult> {
  const existing = readCompleteInfo(options.file);
  if (!options.force && isUpToDate(existing, options)) return { outcome: 'up to date', info: existing };
  const started = Date.now();
  const cpuAtStart = { main: threadCpuSeconds(), process: processCpuSeconds() };
  const inputs = planDataset(options);
  fs.mkdirSync(path.dirname(options.file), { recursive: true });
  const plan = {
    generator: DATASET_GENERATOR_VERSION,
    seed: options.seed ?? DEFAULT_DATASET_SEED,
    cantons: [...options.cantons],
    extraMunicipalities: extraMunicipalitiesOf(options),
    maxMunicipalities: options.maxMunicipalities ?? null,
    maxParcelsPerMunicipality: options.maxParcelsPerMunicipality ?? null,
    municipalities: inputs.length,
  };
  const build = openDatasetBuildFile(buildFileOf(options.file), plan, { writeReferenceData, fillPriceLevels });
  const total = inputs.length;
  // The time estimate weighs municipalities by their expected parcels (cumulative, in plan order).
  const weightBefore = [0];
  for (const input of inputs) weightBefore.push(weightBefore[weightBefore.length - 1] + estimatedParcels(input));
  const progress: DatasetBuildProgress = { ...build.resumed };
  const resumedAt = progress.done;
  const generator: MunicipalityGenerator =
    options.workers > 0 ? createWorkerGenerator(options, options.workers) : createInThreadGenerator(inputs);
  const pending = new Map<number, Promise<MunicipalityRows>>();
  const lookahead = Math.max(1, options.workers) * LOOKAHEAD_PER_THREAD;
  let requested = progress.done;
  const request = () => {
    while (
      requested < total &&
      (requested < progress.done + lookahead ||
        weightBefore[requested] - weightBefore[progress.done] < LOOKAHEAD_PARCELS)
    ) {
      const promise = generator.generate(requested);
      promise.catch(() => {}); // awaited in order below; a later one failing first must not go unhandled
      pending.set(requested, promise);
      requested++;
    }
  };
  const secondsSoFar = () => progress.seconds + (Date.now() - started) / 1000;
  const commit = () => {
    build.commit({ ...progress, seconds: secondsSoFar() });
    lastCommit = Date.now();
  };
  let lastCommit = Date.now();
  let writeMs = 0;
  let generatorCpu: number[] | null = null;
  try {
    build.begin();
    while (progress.done < total) {
      request();
      const next = await untilStopped(pending.get(progress.done) as Promise<MunicipalityRows>, options.signal);
      if (next === STOP || options.signal?.aborted) {
        commit();
        build.close();
        return { outcome: 'stopped', done: progress.done, total };
      }
      const rows = next;
      pending.delete(progress.done);
      const writeStarted = performance.now();
      build.write(rows);
      writeMs += performance.now() - writeStarted;
      progress.done++;
      progress.parcels += rows.parcels.count;
      progress.buildings += rows.buildings.count;
      if (Date.now() - lastCommit >= (options.commitEveryMs ?? COMMIT_EVERY_MS)) {
        commit();
        build.begin();
      }
      const seconds = secondsSoFar();
      options.onProgress?.(
        `Building dataset: ${progress.done}/${total} municipalities (${rows.cantonCode} ${rows.name}), ` +
          `${progress.parcels.toLocaleString('en-US')} parcels, ${seconds.toFixed(0)} s` +
          etaText(
            (Date.now() - started) / 1000,
            weightBefore[progress.done] - weightBefore[resumedAt],
            weightBefore[total] - weightBefore[progress.done],
          ),
        progress.done,
        total,
      );
    }
    commit();
  } catch (error) {
    build.close();
    throw error;
  } finally {
    generatorCpu = generator.threadCpuSeconds();
    await generator.close();
  }
  const generated = Date.now();
  const mainCpuGenerated = threadCpuSeconds();
  const info = datasetInfo(options, {
    parcels: progress.parcels,
    buildings: progress.buildings,
    seconds: secondsSoFar(),
  });
  await build.finish(info, (step, done, steps) =>
    options.onProgress?.(
      `Finishing dataset: ${done + 1}/${steps} ${step}, ${secondsSoFar().toFixed(0)} s`,
      total,
      total,
    ),
  );
  installDatasetFile(build.file, options.file);
  const mainCpuEnd = threadCpuSeconds();
  const cpu: BuildCpu | null =
    cpuAtStart.main === null || mainCpuGenerated === null || mainCpuEnd === null
      ? null
      : {
          generatorThreads: generatorCpu ?? [],
          mainThread: mainCpuEnd - cpuAtStart.main,
          mainThreadFinishing: mainCpuEnd - mainCpuGenerated,
          process: processCpuSeconds() - cpuAtStart.process,
        };
  return {
    outcome: 'built',
    info,
    resumedAt,
    generateSeconds: (generated - started) / 1000,
    writeSeconds: writeMs / 1000,
    finishSeconds: (Date.now() - generated) / 1000,
    cpu,
  };
}
