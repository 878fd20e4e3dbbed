import type { ParcelQuery, ParcelSort, Range } from './ParcelQuery';
import { NO_RESERVE, NO_RESERVE_UTILISATION, type FilterColumns } from './FilterColumns';
import {
  countAll,
  countRange,
  emptyBitmap,
  intersect,
  keepIn,
  rowsFrom,
  setRange,
  type RowBitmap,
} from './RowBitmap';
import { buildValueIndexData, valueIndexOver, type ValueIndex, type ValueIndexData } from './ValueIndex';
import { buildRangeIndexData, rangeIndexOver, type RangeIndex, type RangeIndexData } from './RangeIndex';
import { LRUCache } from 'lru-cache';
import TinyQueue from 'tinyqueue';
import { rowsByValue } from '../sorting/rowsByValue';

/**
 * The filterable parcel attributes as typed columns in memory (FilterColumns). Counting and bucketing
 * a canton's parcels by municipality this way takes a few milliseconds, where SQLite needs a table
 * scan per search (250 ms on a 400k-parcel dataset). Text, parcel number and EGRID still come from
 * SQLite indexes as candidate ids; the rest is checked here.
 */
export interface ParcelFilterIndex {
  /**
   * Matching parcel ids for one page, the total and the counts per municipality BFS number.
   * - Filters only (`candidates` null): every filter marks its rows in a bitmap; the total and the counts
   *   are exact, whatever the number of matches (flags, posting lists, municipality runs).
   * - With text (`candidates`): candidate ids are read in id order, chunk by chunk, and checked in memory
   *   until `cap` matches are counted (Elasticsearch's track_total_hits): the work follows the cap and the
   *   page, not the matches; beyond the cap the total is the cap, `exact` false, and the counts cover the
   *   first `cap` matches.
   * With `preferredBfs`, text candidates in those municipalities come first (a place-name match ranks its
   * own parcels before streets named after it elsewhere), each group in id order. Road parcels, when the
   * query lets them in, come after every other parcel (in the same order among themselves): they are what
   * a professional looks for least.
   */
  evaluate(
    query: ParcelQuery,
    candidates: CandidateSource | null,
    page: { offset: number; size: number; cap: number },
    preferredBfs?: ReadonlySet<number>,
  ): FilterResult;
  /**
   * A test of single parcel ids against the query's in-memory filters, for a tile's few thousand parcels:
   * it costs what the tile costs, not what the filter matches. `candidates` (from the text, parcel-number
   * or EGRID part, see `rowBitmap`) restricts it further; null means no such part.
   */
  matcher(query: ParcelQuery, candidates: RowBitmap | null): (id: number) => boolean;
  /** The rows of these ids as a RowBitmap (unknown ids are left out), the form `matcher` takes. */
  rowBitmap(ids: Iterable<number>): RowBitmap;
  /** The ids of a RowBitmap's rows as a candidate source (an in-memory text part, e.g. one letter). */
  bitmapSource(rows: RowBitmap): CandidateSource;
}

/**
 * Candidate ids of a query's text part, ascending, greater than `after`, at most `to` (an id range of
 * the municipalities the filters allow), at most `limit` of them.
 */
export type CandidateSource = (after: number, to: number, limit: number) => number[];

export interface FilterResult {
  /** Exact when `exact`, else the cap (there are at least that many). */
  total: number;
  exact: boolean;
  pageIds: number[];
  countsByMunicipality: Map<number, number>;
  /** The exact number of matches also beyond the cap, where it was counted (filters without text). */
  counted?: number;
}

/** Fewest candidates read per SQLite call, and most (a narrow filter needs many rounds otherwise). */
const FIRST_CHUNK = 1024;
const MAX_CHUNK = 65536;
/** Lowest share of candidates a chunk's size assumes will pass the filters (a chunk grows at most 64×). */
const MIN_PASS_RATE = 1 / 64;
/**
 * How much more than it needs a chunk reads: the first a quarter more, since nothing is known yet of the
 * roads (excluded or put last, so not counted where the cap is reached) among a text's candidates, and a
 * street name's matches hold many. FTS5 seeks a later chunk's first id by reading its doclist from the
 * start, so a second call cost as much as the first (0.1 µs an id skipped): with a tenth more, 23 of 256
 * street words on the country needed one, and read 34 % more ids in all than with a quarter more.
 */
const FIRST_CHUNK_MARGIN = 1.25;
const CHUNK_MARGIN = 1.1;

/** Bits of FilterColumns.flags, and one more for "has objects" (a flag bitmap only). */
const ROAD_BIT = 1;
const BAURECHT_BIT = 2;
const PROTECTED_BIT = 4;
const OBJECTS_BIT = 8;
/** Broad value sets kept as bitmaps (~0.5 MB each on the whole country). */
const BROAD_VALUE_SETS = 32;
/** Up to this share of the rows, a value set's rows (or the rows it rejects) are marked per search. */
const FEW_POSTINGS = 1 / 64;

/** The columns searched through posting lists (ValueIndex). */
const VALUE_COLUMNS = ['alphaPri', 'alphaSec', 'street', 'thermal'] as const;
type ValueColumn = (typeof VALUE_COLUMNS)[number];
/** The columns searched by ranges (RangeIndex). */
const RANGE_COLUMNS = ['sur', 'radon', 'freeway', 'putra', 'reserve', 'utilisation'] as const;
type RangeColumn = (typeof RANGE_COLUMNS)[number];
const FLAG_BITS = [ROAD_BIT, BAURECHT_BIT, PROTECTED_BIT, OBJECTS_BIT] as const;
const SORTS: readonly ParcelSort[] = ['reserve', 'area'];

/** A sort's rows by value, and where its rows without a value (the largest, "none") start. */
interface SortOrder {
  sorted: Uint32Array;
  noneFrom: number;
}

/**
 * The index's derived structures, each a few typed arrays over the columns: posting lists, range cuts,
 * flag bitmaps and sort orders. A search builds a missing one on first use; `buildFilterIndexParts` builds
 * all of them at once, so they can be built once and shared between threads (SharedFilterIndex) instead
 * of being built again by every thread that searches.
 */
export interface FilterIndexParts {
  values: Partial<Record<ValueColumn, ValueIndexData>>;
  ranges: Partial<Record<RangeColumn, RangeIndexData>>;
  /** Rows with a flag bit (OBJECTS_BIT: rows with objects), by bit. */
  flags: Partial<Record<number, RowBitmap>>;
  sorts: Partial<Record<ParcelSort, SortOrder>>;
}

/** A sort's column and its "none" (sorted last). */
function sortColumn(cols: FilterColumns, sort: ParcelSort) {
  return sort === 'reserve' ? { column: cols.reserve, none: NO_RESERVE } : { column: cols.sur, none: -1 };
}

function buildFlagBitmap({ count, flags, objCount }: FilterColumns, bit: number): RowBitmap {
  const bitmap = emptyBitmap(count);
  for (let r = 0; r < count; r++)
    if (bit === OBJECTS_BIT ? objCount[r] > 0 : (flags[r] & bit) !== 0) bitmap[r >>> 5] |= 1 << (r & 31);
  return bitmap;
}

function buildSortOrder(cols: FilterColumns, sort: ParcelSort): SortOrder {
  const { count } = cols;
  const { column, none } = sortColumn(cols, sort);
  let max = 0;
  for (let r = 0; r < count; r++) if (column[r] > max) max = column[r];
  const sorted = rowsByValue(column, count, max);
  let noneFrom = count;
  while (noneFrom > 0 && column[sorted[noneFrom - 1]] === none) noneFrom--;
  return { sorted, noneFrom };
}

/** Every derived structure of the index over these columns (what searches would build one by one). */
export function buildFilterIndexParts(cols: FilterColumns): FilterIndexParts {
  const parts: FilterIndexParts = { values: {}, ranges: {}, flags: {}, sorts: {} };
  for (const name of VALUE_COLUMNS) parts.values[name] = buildValueIndexData(cols[name], cols.count);
  for (const name of RANGE_COLUMNS) parts.ranges[name] = buildRangeIndexData(cols[name], cols.count);
  for (const bit of FLAG_BITS) parts.flags[bit] = buildFlagBitmap(cols, bit);
  for (const sort of SORTS) parts.sorts[sort] = buildSortOrder(cols, sort);
  return parts;
}

/**
 * The reserve and utilisation ranges as their typed columns hold them (utilisation in hundredths), below
 * the columns' "none": a parcel outside building zones never matches.
 */
function reserveRange(range: Range | undefined): Range | undefined {
  return range && { from: range.from, to: Math.min(range.to, NO_RESERVE - 1) };
}
function utilisationRange(range: Range | undefined): Range | undefined {
  return (
    range && {
      from: Math.ceil(range.from * 100 - 1e-6),
      to: Math.min(Math.floor(range.to * 100 + 1e-6), NO_RESERVE_UTILISATION - 1),
    }
  );
}

/** The query's range on its sort's own column (every match lies in that slice of the sorted order). */
function sortRange(query: ParcelQuery): Range | undefined {
  return query.sort === 'reserve'
    ? reserveRange(query.reserve)
    : query.sort === 'area'
      ? query.surface
      : undefined;
}

const inRange = (value: number, range: Range | undefined) =>
  !range || (value >= range.from && value <= range.to);

function codes(values: string[]): Map<string, number> {
  return new Map(values.map((v, i) => [v, i + 1]));
}

/** A municipality's BFS number and name (a locname filter names municipalities). */
export interface MunicipalityName {
  bfs: number;
  name: string;
}

/**
 * The index over columns read by either adapter, with the dataset's municipality names; `parts` are its
 * derived structures built before (buildFilterIndexParts), else each is built by the first search needing it.
 */
export function createParcelFilterIndex(
  cols: FilterColumns,
  municipalities: readonly MunicipalityName[],
  parts: FilterIndexParts = { values: {}, ranges: {}, flags: {}, sorts: {} },
): ParcelFilterIndex {
  const {
    count,
    ids,
    canton,
    mun,
    sur,
    flags,
    objCount,
    radon,
    freeway,
    putra,
    thermal,
    alphaPri,
    alphaSec,
    street,
    reserve,
    utilisation,
  } = cols;
  const munBfs = cols.dictionaries.municipalities;
  const cantons = codes(cols.dictionaries.cantons);
  const thermals = codes(cols.dictionaries.thermals);
  const alphas = codes(cols.dictionaries.alphas);
  const streets = codes(cols.dictionaries.streets);
  const munFirst = new Int32Array(munBfs.length).fill(-1);
  const munLast = new Int32Array(munBfs.length).fill(-1);
  const cantonOfMun = new Uint8Array(munBfs.length);
  for (let r = 0; r < count; r++) {
    const m = mun[r];
    if (munFirst[m] < 0) munFirst[m] = r;
    munLast[m] = r;
    cantonOfMun[m] = canton[r];
  }
  const munIndexByBfs = new Map(munBfs.map((bfs, i) => [bfs, i]));
  const munByName = new Map<string, number[]>();
  for (const m of municipalities) {
    const index = munIndexByBfs.get(m.bfs);
    if (index !== undefined) munByName.set(m.name, [...(munByName.get(m.name) ?? []), index]);
  }

  // Ids are dense in a built dataset (row r holds id ids[0] + r) until an import replaces municipalities:
  // try that first, then search.
  const firstId = count > 0 ? ids[0] : 0;
  const position = (id: number): number => {
    const guess = id - firstId;
    if (guess >= 0 && guess < count && ids[guess] === id) return guess;
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ids[mid] === id) return mid;
      if (ids[mid] < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  const codeSet = (dict: Map<string, number>, values: string[] | undefined): Set<number> | null =>
    values ? new Set(values.map((v) => dict.get(v) ?? -1)) : null;
  // -1: no filter; -2: a value the data does not have (matches nothing).
  const codeOf = (dict: Map<string, number>, value: string | undefined): number =>
    value === undefined ? -1 : (dict.get(value) ?? -2);

  /** The query's filters as a test of one row (restricted: whether only some municipalities can match). */
  const compile = (query: ParcelQuery) => {
    const cantonCode = codeOf(cantons, query.canton);
    const streetSet = codeSet(streets, query.streets);
    const thermalSet = codeSet(thermals, query.thermals);
    const pri = codeOf(alphas, query.alphaPri);
    const sec = codeOf(alphas, query.alphaSec);
    const mustNotFlags = query.excludeRoads ? 1 : 0;
    const typFlag = query.typ === undefined ? -1 : query.typ === 'Baurecht' ? 2 : 0;
    const reserveQuery = reserveRange(query.reserve);
    const utilisationQuery = utilisationRange(query.utilisation);
    const allowedMun = new Uint8Array(munBfs.length);
    let restricted = false;
    if (query.locnames) {
      restricted = true;
      for (const name of query.locnames)
        for (const m of munByName.get(name) ?? [])
          if (cantonCode === -1 || cantonOfMun[m] === cantonCode) allowedMun[m] = 1;
    } else if (cantonCode !== -1) {
      restricted = true;
      for (let m = 0; m < munBfs.length; m++) if (cantonOfMun[m] === cantonCode) allowedMun[m] = 1;
    }
    const matches = (r: number): boolean => {
      if (restricted && allowedMun[mun[r]] === 0) return false;
      if (cantonCode !== -1 && canton[r] !== cantonCode) return false;
      if (flags[r] & mustNotFlags) return false;
      if (typFlag !== -1 && (flags[r] & 2) !== typFlag) return false;
      if (query.proBun && (flags[r] & 4) === 0) return false;
      if (query.objects === 'With' && objCount[r] === 0) return false;
      if (query.objects === 'Without' && objCount[r] !== 0) return false;
      if (pri !== -1 && alphaPri[r] !== pri) return false;
      if (sec !== -1 && alphaSec[r] !== sec) return false;
      if (streetSet && !streetSet.has(street[r])) return false;
      if (thermalSet && !thermalSet.has(thermal[r])) return false;
      if (!inRange(sur[r], query.surface) || !inRange(radon[r], query.radon)) return false;
      if (!inRange(reserve[r], reserveQuery) || !inRange(utilisation[r], utilisationQuery)) return false;
      return inRange(freeway[r], query.freeway) && inRange(putra[r], query.putra);
    };
    return { matches, restricted, allowedMun, cantonCode, pri, sec, streetSet, thermalSet };
  };

  // Municipalities in row order: their runs, merged where they touch, give a filter's id ranges.
  const munInRowOrder = [...munFirst.keys()]
    .filter((m) => munFirst[m] >= 0)
    .sort((a, b) => munFirst[a] - munFirst[b]);
  /** The id ranges [first, last] of the rows of the municipalities `mask` holds, in id order. */
  const idRanges = (mask: (m: number) => boolean): [number, number][] => {
    const ranges: [number, number][] = [];
    let open: [number, number] | null = null;
    for (const m of munInRowOrder) {
      if (!mask(m)) continue;
      if (open && munFirst[m] === open[1] + 1) open[1] = munLast[m];
      else ranges.push((open = [munFirst[m], munLast[m]]));
    }
    return ranges.map(([first, last]) => [ids[first], ids[last]]);
  };
  // Runs that overlap (a municipality written in two places, which the dataset writer never does) would
  // count rows twice by run; then rows are counted and restricted one by one instead.
  const runsDisjoint = munInRowOrder.every((m, i) => i === 0 || munFirst[m] > munLast[munInRowOrder[i - 1]]);

  // Posting lists and flag bitmaps, each from `parts` or built by the first search that needs it.
  const valueIndexes = new Map<ValueColumn, ValueIndex>();
  const valueIndex = (name: ValueColumn): ValueIndex => {
    let index = valueIndexes.get(name);
    if (!index) {
      const data = (parts.values[name] ??= buildValueIndexData(cols[name], count));
      valueIndexes.set(name, (index = valueIndexOver(data, count)));
    }
    return index;
  };
  const rangeIndexes = new Map<RangeColumn, RangeIndex>();
  const keepInRange = (rows: RowBitmap, name: RangeColumn, range: Range | undefined) => {
    if (!range) return;
    let index = rangeIndexes.get(name);
    if (!index) {
      const data = (parts.ranges[name] ??= buildRangeIndexData(cols[name], count));
      rangeIndexes.set(name, (index = rangeIndexOver(cols[name], count, data)));
    }
    index.keep(rows, range.from, range.to);
  };
  // Value sets matching many rows (a frequent zone, most thermal classes): marked once and kept, the most
  // recent few.
  const broadValueSets = new LRUCache<string, RowBitmap>({ max: BROAD_VALUE_SETS });
  const broadValueSet = (column: ValueColumn, index: ValueIndex, values: number[]): RowBitmap => {
    const key = `${column}:${[...new Set(values)].sort((a, b) => a - b).join(',')}`;
    let bitmap = broadValueSets.get(key);
    if (!bitmap) {
      bitmap = emptyBitmap(count);
      index.markValues(bitmap, values);
      broadValueSets.set(key, bitmap);
    }
    return bitmap;
  };
  /** Rows with flag bit `bit`; bit 8 (not stored in `flags`) means "has objects". */
  const flagBitmap = (bit: number): RowBitmap => (parts.flags[bit] ??= buildFlagBitmap(cols, bit));

  // The two bitmaps a filter search works in, kept from one search to the next (searches run one at a time
  // per thread): allocating ~0.5 MB apiece per search on the country left a tenth of the time to the
  // garbage collector.
  let rowsScratch: RowBitmap | null = null;
  let maskScratch: RowBitmap | null = null;
  const clearedMask = () => (maskScratch ??= emptyBitmap(count)).fill(0);

  /** Filters only: each filter narrows one bitmap of rows; exact total and counts per municipality. */
  const evaluateFilters = (query: ParcelQuery, offset: number, size: number, cap: number): FilterResult => {
    const { restricted, allowedMun, cantonCode, pri, sec, streetSet, thermalSet } = compile(query);
    const rows = (rowsScratch ??= emptyBitmap(count)).fill(0);
    if (!restricted) setRange(rows, 0, count - 1);
    else for (const m of munInRowOrder) if (allowedMun[m] === 1) setRange(rows, munFirst[m], munLast[m]);
    if (restricted && !runsDisjoint) keepIn(rows, mun.subarray(0, count), allowedMun);
    if (cantonCode === -2) rows.fill(0);
    if (query.excludeRoads) intersect(rows, flagBitmap(ROAD_BIT), true);
    if (query.typ) intersect(rows, flagBitmap(BAURECHT_BIT), query.typ !== 'Baurecht');
    if (query.proBun) intersect(rows, flagBitmap(PROTECTED_BIT));
    if (query.objects) intersect(rows, flagBitmap(OBJECTS_BIT), query.objects === 'Without');
    // A value filter marks its own rows from its posting list when they are few, or the rows it rejects
    // when those are few; a set in between is a bitmap built once and kept (marking 20 % of the country's
    // rows, or a pass over the column, costs ~5 ms). Ranges go through their RangeIndex.
    const oneOf = (column: ValueColumn, values: number[]) => {
      const index = valueIndex(column);
      const allowed = new Uint8Array(index.max + 1);
      for (const v of values) if (v >= 0 && v <= index.max) allowed[v] = 1;
      const postings = index.countValues(values);
      if (postings < count * FEW_POSTINGS) {
        const marked = clearedMask();
        index.markValues(marked, values);
        intersect(rows, marked);
      } else if (count - postings < count * FEW_POSTINGS) {
        const rejected = clearedMask();
        index.markValues(
          rejected,
          [...allowed.keys()].filter((v) => allowed[v] === 0),
        );
        intersect(rows, rejected, true);
      } else intersect(rows, broadValueSet(column, index, values));
    };
    if (pri !== -1) oneOf('alphaPri', [pri]);
    if (sec !== -1) oneOf('alphaSec', [sec]);
    if (streetSet) oneOf('street', [...streetSet]);
    if (thermalSet) oneOf('thermal', [...thermalSet]);
    keepInRange(rows, 'radon', query.radon);
    keepInRange(rows, 'sur', query.surface);
    keepInRange(rows, 'freeway', query.freeway);
    keepInRange(rows, 'putra', query.putra);
    keepInRange(rows, 'reserve', reserveRange(query.reserve));
    keepInRange(rows, 'utilisation', utilisationRange(query.utilisation));

    const counts = new Uint32Array(munBfs.length);
    if (runsDisjoint) {
      for (const m of munInRowOrder)
        if (allowedMun[m] === 1 || !restricted) counts[m] = countRange(rows, munFirst[m], munLast[m]);
    } else {
      for (const r of rowsFrom(rows, 0, count)) counts[mun[r]]++;
    }
    const countsByMunicipality = new Map<number, number>();
    let total = 0;
    counts.forEach((c, m) => {
      if (c > 0) countsByMunicipality.set(munBfs[m], c);
      total += c;
    });
    const pageRows = query.sort
      ? sortedPage(rows, total, query.sort, sortRange(query), offset, size)
      : query.excludeRoads
        ? rowsFrom(rows, offset, size)
        : roadsLastPage(rows, offset, size);
    const pageIds = pageRows.map((r) => ids[r]);
    return {
      total: Math.min(total, cap),
      exact: total <= cap,
      pageIds,
      countsByMunicipality,
      counted: total,
    };
  };

  // A sort's column, its rows by value and where its rows without a value (the largest, "none") start.
  const byValue = (sort: ParcelSort): SortOrder => (parts.sorts[sort] ??= buildSortOrder(cols, sort));
  /** Whether row a comes before row b: larger value first, equal values in row order, no value last. */
  const sortsBefore = (sort: ParcelSort) => {
    const { column, none } = sortColumn(cols, sort);
    const rank = (r: number) => (column[r] === none ? -1 : column[r]);
    return (a: number, b: number) => rank(b) - rank(a) || a - b;
  };
  /**
   * The first `want` of the rows in the sort's order, in that order: a heap of the best `want` seen, so
   * 50,000 matches for a page of 12 cost a comparison each, not a sort of all of them.
   */
  const firstInOrder = (each: (offer: (r: number) => void) => void, want: number, sort: ParcelSort) => {
    const order = sortsBefore(sort);
    // The heap's top is the last of the rows kept: a row that sorts after it cannot be among the first.
    const kept = new TinyQueue<number>([], (a, b) => order(b, a));
    each((r) => {
      if (kept.length < want) kept.push(r);
      else if (order(r, kept.peek() as number) < 0) {
        kept.pop();
        kept.push(r);
      }
    });
    return kept.data.sort(order);
  };
  /** Every set row of the bitmap, in row order. */
  const eachRow = (rows: RowBitmap) => (offer: (r: number) => void) => {
    for (let w = 0; w < rows.length; w++) {
      let bits = rows[w];
      while (bits !== 0) {
        const low = bits & -bits;
        offer((w << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
  };
  /**
   * A page of the matching rows in the sort's order. Walking the column's sorted order from the largest
   * value down costs about page ÷ match share positions (within the sort column's own range, where all
   * the matches lie); picking the first rows of all the matches costs one step a match. The cheaper of
   * the two is taken, and a walk that runs far beyond its estimate (matches bunched at small values) gives
   * way to the pick.
   */
  const sortedPage = (
    rows: RowBitmap,
    total: number,
    sort: ParcelSort,
    range: Range | undefined,
    offset: number,
    size: number,
  ): number[] => {
    const want = offset + size;
    if (offset >= total) return [];
    const pick = () => firstInOrder(eachRow(rows), want, sort).slice(offset);
    const { column } = sortColumn(cols, sort);
    const { sorted, noneFrom } = byValue(sort);
    /** First sorted position whose value is not below `value` (above it, with `after`). */
    const bound = (value: number, after: boolean) => {
      let lo = 0;
      let hi = count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const v = column[sorted[mid]];
        if (v < value || (after && v === value)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const from = range ? bound(range.from, false) : 0;
    const to = range ? bound(range.to, true) : count;
    const estimate = (want * (to - from)) / total;
    if (estimate >= total) return pick();
    // Past this many positions the pick costs less, whatever the walk would still need.
    const budget = 2 * total + 4096;
    let walked = 0;
    const page: number[] = [];
    let seen = 0;
    const take = (r: number) => {
      if (seen >= offset) page.push(r);
      seen++;
    };
    const matched = (r: number) => ((rows[r >>> 5] >>> (r & 31)) & 1) === 1;
    // The sorted order is ascending with equal values in row order: walking it down, each run of equal
    // matching values is gathered and taken in row order.
    let run: number[] = [];
    let runValue = 0;
    const flush = () => {
      for (let k = run.length - 1; k >= 0 && page.length < size; k--) take(run[k]);
      run = [];
    };
    for (let i = Math.min(to, noneFrom) - 1; i >= from && page.length < size; i--) {
      if (++walked > budget) return pick();
      const r = sorted[i];
      if (!matched(r)) continue;
      if (run.length > 0 && column[r] !== runValue) flush();
      if (page.length < size) {
        run.push(r);
        runValue = column[r];
      }
    }
    flush();
    for (let i = Math.max(from, noneFrom); i < to && page.length < size; i++) {
      if (++walked > budget) return pick();
      if (matched(sorted[i])) take(sorted[i]);
    }
    return page;
  };

  /** A page of the matching rows with every other parcel before the roads, each part in row order. */
  const roadsLastPage = (rows: RowBitmap, offset: number, size: number): number[] => {
    const roads = flagBitmap(ROAD_BIT);
    const page = rowsFrom(rows, offset, size, roads, true);
    if (page.length === size) return page;
    const otherCount = countAll(rows, roads, true);
    return page.concat(rowsFrom(rows, Math.max(0, offset - otherCount), size - page.length, roads));
  };

  /**
   * Text candidates, read in id order chunk by chunk within the id ranges the filters allow, checked in
   * memory; stops once one match more than the cap (and the page) is found.
   */
  const evaluateCandidates = (
    query: ParcelQuery,
    candidates: CandidateSource,
    offset: number,
    size: number,
    cap: number,
    preferredBfs: ReadonlySet<number> | undefined,
  ): FilterResult => {
    const { matches, restricted, allowedMun } = compile(query);
    const counts = new Uint32Array(munBfs.length);
    const pageIds: number[] = [];
    const enough = Math.max(cap, offset + size) + 1;
    let total = 0;
    // Candidates read and passed so far: the next chunk is what is still to find over the pass rate seen
    // (and a margin), so a broad filter reads about its page and cap, a narrow one a few big chunks.
    let read = 0;
    let passed = 0;
    const record = (id: number, r: number) => {
      if (total >= offset && total < offset + size) pageIds.push(id);
      if (total < cap) counts[mun[r]]++;
      total++;
    };
    // Matching roads wait here (at most `enough`: no page or count needs more) and follow every other
    // match: one pass over the candidates still serves both.
    const roads: { id: number; r: number }[] = [];
    let lastChunk = 0;
    const scan = (ranges: [number, number][], accept: (m: number) => boolean) => {
      for (const [first, last] of ranges) {
        let after = first - 1;
        while (total < enough) {
          const rate = read === 0 ? 1 : Math.max(MIN_PASS_RATE, passed / read);
          // Never smaller than the chunk before: where the pass rate falls off (a filter that the later
          // cantons pass less), chunks sized by the rate so far shrank, and each call seeks anew in the
          // text's doclist (1–4 ms on the country), so "Bel" + a radon class took eight calls, not three.
          const margin = read === 0 ? FIRST_CHUNK_MARGIN : CHUNK_MARGIN;
          const chunk = Math.min(
            MAX_CHUNK,
            Math.max(FIRST_CHUNK, lastChunk, Math.ceil(((enough - total) / rate) * margin)),
          );
          lastChunk = chunk;
          const batch = candidates(after, last, chunk);
          for (const id of batch) {
            read++;
            const r = position(id);
            if (r < 0 || !accept(mun[r]) || !matches(r)) continue;
            if (flags[r] & ROAD_BIT) {
              if (roads.length < enough) roads.push({ id, r });
              continue;
            }
            passed++;
            record(id, r);
            if (total >= enough) break;
          }
          if (batch.length < chunk) break;
          after = batch[batch.length - 1];
        }
        if (total >= enough) return;
      }
    };
    const allowed = (m: number) => !restricted || allowedMun[m] === 1;
    const preferred = (m: number) => preferredBfs?.has(munBfs[m]) ?? false;
    if (preferredBfs && preferredBfs.size > 0) {
      scan(
        idRanges((m) => allowed(m) && preferred(m)),
        preferred,
      );
      scan(
        idRanges((m) => allowed(m) && !preferred(m)),
        (m) => !preferred(m),
      );
    } else scan(idRanges(allowed), () => true);
    // Every candidate was read when fewer than `enough` others matched, so the roads held are all of them
    // (or the first `enough`, all a page or the cap can use).
    for (const { id, r } of roads) {
      if (total >= enough) break;
      record(id, r);
    }
    const countsByMunicipality = new Map<number, number>();
    counts.forEach((c, m) => {
      if (c > 0) countsByMunicipality.set(munBfs[m], c);
    });
    return { total: Math.min(total, cap), exact: total <= cap, pageIds, countsByMunicipality };
  };

  return {
    matcher(query, candidates) {
      const { matches } = compile(query);
      return (id) => {
        const r = position(id);
        return r >= 0 && (!candidates || ((candidates[r >>> 5] >>> (r & 31)) & 1) === 1) && matches(r);
      };
    },
    rowBitmap(candidateIds) {
      const rows = emptyBitmap(count);
      for (const id of candidateIds) {
        const r = position(id);
        if (r >= 0) rows[r >>> 5] |= 1 << (r & 31);
      }
      return rows;
    },
    bitmapSource(rows) {
      return (after, to, limit) => {
        const found: number[] = [];
        // First row with an id above `after` (ids ascend with rows).
        let lo = 0;
        let hi = count;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (ids[mid] <= after) lo = mid + 1;
          else hi = mid;
        }
        const max = limit < 0 ? Number.MAX_SAFE_INTEGER : limit;
        for (let w = lo >>> 5; w < rows.length && found.length < max; w++) {
          let bits = rows[w];
          if (w === lo >>> 5) bits &= ~0 << (lo & 31);
          while (bits !== 0 && found.length < max) {
            const low = bits & -bits;
            const id = ids[(w << 5) + 31 - Math.clz32(low)];
            if (id > to) return found;
            found.push(id);
            bits ^= low;
          }
        }
        return found;
      };
    },
    evaluate(query, candidates, { offset, size, cap }, preferredBfs) {
      if (!candidates) return evaluateFilters(query, offset, size, cap);
      if (!query.sort) return evaluateCandidates(query, candidates, offset, size, cap, preferredBfs);
      // Sorted text matches: the page picked from the first `cap` of them (all a page can reach).
      const all = evaluateCandidates(query, candidates, 0, cap, cap, preferredBfs);
      const matches = all.pageIds.map(position);
      const rows = firstInOrder((offer) => matches.forEach(offer), offset + size, query.sort);
      return { ...all, pageIds: rows.slice(offset, offset + size).map((r) => ids[r]) };
    },
  };
}
