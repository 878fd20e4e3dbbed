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

const isSharedMemory = (array: IntegerArray): boolean => array.buffer instanceof SharedArrayBuffer;

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

/**
 * The search's in-memory index of the current dataset build, built once in shared memory and rebuilt when
 * the dataset's mark changes (a rebuild, an import); null while there is no dataset. The source is read
 * synchronously (SQLite).
 */
export function sharedIndexHolder(
  source: Pick<ParcelSearchSource, 'datasetKey' | 'municipalities' | 'filterColumns'>,
): () => SharedFilterIndex | null {
  let current: SharedFilterIndex | null = null;
  return () => {
    const key = source.datasetKey();
    if (key === '') return null;
    if (current?.key !== key) current = buildSharedFilterIndex(source);
    return current;
  };
}
