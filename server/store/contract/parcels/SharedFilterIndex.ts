import type { FilterColumns } from './FilterColumns';
import { buildFilterIndexParts, type FilterIndexParts } from './ParcelFilterIndex';
import type { MunicipalityExtentRow, ParcelSearchSource } from './createParcelSearch';

/**
 * The search's in-memory state of one dataset build, built once by the server's main thread in shared
 * memory (ADR 038): the filter columns and every derived structure of the filter index (posting lists,
 * range cuts, flag bitmaps, sort orders) as typed arrays over SharedArrayBuffers, with the municipalities.
 * Posted to a worker thread it is shared, not copied: every search worker reads the same bytes.
 */
export interface SharedFilterIndex {
  /** The dataset's completion mark it was built from. */
  key: string;
  columns: FilterColumns;
  parts: FilterIndexParts;
  municipalities: MunicipalityExtentRow[];
}

type IntegerArray = Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** The first `length` values of `array` in a SharedArrayBuffer of their own. */
function shared<T extends IntegerArray>(array: T, length = array.length): T {
  const Ctor = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Ctor(new SharedArrayBuffer(length * array.BYTES_PER_ELEMENT));
  copy.set(array.subarray(0, length));
  return copy;
}

// By its tag, not `instanceof`: a buffer posted from another thread may belong to another realm (a vm context).
const isSharedMemory = (array: IntegerArray): boolean =>
  Object.prototype.toString.call(array.buffer) === '[object SharedArrayBuffer]';

/** Whether every array of the index lies in shared memory (what a worker thread reports it was given). */
export function isSharedIndex({ columns, parts }: SharedFilterIndex): boolean {
  const arrays: IntegerArray[] = [
    ...Object.values(columns).filter((value): value is IntegerArray => ArrayBuffer.isView(value)),
    ...Object.values(parts.values).flatMap((v) => (v ? [v.start, v.rows] : [])),
    ...Object.values(parts.ranges).flatMap((r) =>
      r ? [r.cuts, r.valueStarts, ...r.below, ...(r.sorted ? [r.sorted] : [])] : [],
    ),
    ...Object.values(parts.flags).flatMap((bitmap) => (bitmap ? [bitmap] : [])),
    ...Object.values(parts.sorts).flatMap((s) => (s ? [s.sorted] : [])),
  ];
  return arrays.length > 0 && arrays.every(isSharedMemory);
}

function sharedColumns(cols: FilterColumns): FilterColumns {
  const n = cols.count;
  return {
    count: n,
    ids: shared(cols.ids, n),
    canton: shared(cols.canton, n),
    mun: shared(cols.mun, n),
    sur: shared(cols.sur, n),
    flags: shared(cols.flags, n),
    objCount: shared(cols.objCount, n),
    radon: shared(cols.radon, n),
    freeway: shared(cols.freeway, n),
    putra: shared(cols.putra, n),
    thermal: shared(cols.thermal, n),
    alphaPri: shared(cols.alphaPri, n),
    alphaSec: shared(cols.alphaSec, n),
    street: shared(cols.street, n),
    utilisation: shared(cols.utilisation, n),
    reserve: shared(cols.reserve, n),
    dictionaries: cols.dictionaries,
  };
}

/** Each part's arrays copied into shared memory (built in ordinary memory first: the builders allocate). */
function sharedParts(parts: FilterIndexParts): FilterIndexParts {
  const each = <V, W>(record: Partial<Record<string, V>>, map: (value: V) => W): Partial<Record<string, W>> =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, map(v as V)]));
  return {
    values: each(parts.values, (v) => ({ max: v.max, start: shared(v.start), rows: shared(v.rows) })),
    ranges: each(parts.ranges, (r) => ({
      max: r.max,
      sorted: r.sorted && shared(r.sorted),
      cuts: shared(r.cuts),
      below: r.below.map((bitmap) => shared(bitmap)),
      valueStarts: shared(r.valueStarts),
    })),
    flags: each(parts.flags, (bitmap) => shared(bitmap)),
    sorts: each(parts.sorts, (s) => ({ sorted: shared(s.sorted), noneFrom: s.noneFrom })),
  };
}

/** Reads the dataset's columns and municipalities and builds the whole index once, in shared memory. */
export function buildSharedFilterIndex(
  source: Pick<ParcelSearchSource, 'datasetKey' | 'municipalities' | 'filterColumns'>,
): SharedFilterIndex {
  const key = source.datasetKey();
  const municipalities = source.municipalities();
  const columns = sharedColumns(source.filterColumns());
  return { key, columns, parts: sharedParts(buildFilterIndexParts(columns)), municipalities };
}

/**
 * The index the worker threads are handed (ADR 038, 063), asked before each search: on SQLite built at once
 * when the dataset's mark changed; on PostgreSQL after the dataset's version (ADR 051) and its filter
 * columns were read. Null while there is no dataset.
 */
export type SharedIndexHolder = () => SharedFilterIndex | null | Promise<SharedFilterIndex | null>;

/** A SQLite holder: asked by the workers' callers (a promise while a build runs), `now` by the main thread's repository. */
export interface SqliteSharedIndexHolder {
  (): SharedFilterIndex | null | Promise<SharedFilterIndex | null>;
  /**
   * The index of the dataset as it is now, synchronously: the one built, else built here at once (only the
   * main thread's own in-process searches and matchers ask this, i.e. tiles rendered on the event loop).
   */
  now(): SharedFilterIndex | null;
}

/**
 * The search's in-memory index of the current dataset build, built once in shared memory and rebuilt when
 * the dataset's mark changes (a rebuild, an import); null while there is no dataset. The mark is read
 * synchronously (SQLite). With `buildOffThread` a new build runs there (a thread of its own, reading the
 * file: the columns, municipalities and every derived structure take seconds on the whole country) and
 * callers get a promise of it meanwhile, so the event loop never builds the index for the workers.
 */
export function sharedIndexHolder(
  source: Pick<ParcelSearchSource, 'datasetKey' | 'municipalities' | 'filterColumns'>,
  buildOffThread?: () => Promise<SharedFilterIndex | null>,
): SqliteSharedIndexHolder {
  let current: SharedFilterIndex | null = null;
  let building: { key: string; index: Promise<SharedFilterIndex | null> } | null = null;
  const now = () => {
    const key = source.datasetKey();
    if (key === '') return null;
    if (current?.key !== key) current = buildSharedFilterIndex(source);
    return current;
  };
  const holder = () => {
    if (!buildOffThread) return now();
    const key = source.datasetKey();
    if (key === '') return null;
    if (current?.key === key) return current;
    if (building?.key !== key) {
      const started = { key, index: buildOffThread() };
      building = started;
      started.index.then(
        (index) => {
          // The thread read its own snapshot (a later mark than asked for is the newer dataset): kept unless
          // another build started meanwhile, whose index is then the one to keep.
          if (building !== started) return;
          building = null;
          if (index) current = index;
        },
        () => {
          // A failed build is tried again by the next search.
          if (building === started) building = null;
        },
      );
    }
    return building.index;
  };
  return Object.assign(holder, { now });
}
