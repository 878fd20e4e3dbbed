import { LRUCache } from 'lru-cache';
import type { DataQualitySummary } from '../../../../src/contract/CadastreImport';
import type { FilterColumns } from './FilterColumns';
import { createParcelFilterIndex, type CandidateSource, type ParcelFilterIndex } from './ParcelFilterIndex';
import type { Paging, ParcelQuery } from './ParcelQuery';
import type { LonLatBounds, MunicipalityCount, ParcelSearchResult, SearchRanking } from './ParcelRepository';
import type { ParcelRow } from './ParcelRow';
import { rowToParcel } from './rowToParcel';
import { textTerms } from './parcelWhere';
import type { RowBitmap } from './RowBitmap';
import type { SharedFilterIndex } from './SharedFilterIndex';

/** The text's one word when it is a one-character prefix (lower case), else null. */
function oneLetter(text: string): string | null {
  const terms = textTerms(text);
  if (terms.egrids.length > 0 || terms.numbers.length > 0 || terms.words.length !== 1) return null;
  const [word] = terms.words;
  return [...word].length === 1 ? word.toLowerCase() : null;
}

/** A municipality as the search buckets show it, with the extent of its parcels' centroids. */
export interface MunicipalityExtentRow {
  bfs: number;
  name: string;
  lon: number;
  lat: number;
  /** Extent of its parcels (null: none). */
  w: number | null;
  s: number | null;
  e: number | null;
  n: number | null;
}

/**
 * What the search reads from a storage adapter (SQLite, PostgreSQL): the dataset's identity, its
 * municipalities, the filter columns, candidate ids of a query's text part and the rows of a page.
 */
export interface ParcelSearchSource {
  /** The completion mark of the stored dataset ('' when there is none): the in-memory state keys on it. */
  datasetKey(): string;
  municipalities(): MunicipalityExtentRow[];
  /** The saved filter columns, or a scan of the parcels. */
  filterColumns(): FilterColumns;
  /** Candidate ids of the text, parcel-number and EGRID part in id order (null: the query has none). */
  candidateSource(query: ParcelQuery): CandidateSource | null;
  /** The rows (joined with municipality and canton names) of these ids, in any order. */
  parcelRows(ids: readonly number[]): ParcelRow[];
  /** Parcels per data origin. */
  originCounts(): { origin: string; n: number }[];
}

interface MunicipalityPoint {
  name: string;
  lon: number;
  lat: number;
  bounds?: LonLatBounds;
  /** Position in name order: ties of the buckets sort by it without comparing strings per search. */
  nameRank: number;
}

/**
 * Municipality names in order (ranked once per dataset): String.localeCompare builds a collator per call,
 * which made sorting the ~2,000 buckets of a country-wide search take ~10 ms.
 */
const byName = new Intl.Collator('en').compare;

/** A search's page as ids (ranked groups, each in id order), before its rows are read. */
export type ParcelSearchPage = Omit<ParcelSearchResult, 'hits'> & {
  pageIds: number[];
  /** The exact number of matches, also beyond the cap where the filters counted them; null when unknown. */
  matched: number | null;
};

/** The page's result with its rows, in the page's order (not the database's). */
export function withPageRows(page: ParcelSearchPage, rows: ParcelRow[]): ParcelSearchResult {
  const rank = new Map(page.pageIds.map((id, i) => [id, i]));
  rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  const { pageIds, matched, ...result } = page;
  void pageIds;
  void matched;
  return { ...result, hits: rows.map(rowToParcel) };
}

/** The search, the tile filter and the data-quality count over any adapter's source. */
export interface ParcelSearch {
  /** The dataset's key ('' none); reloads the in-memory state when it changed. */
  datasetKey(): string;
  search(query: ParcelQuery, paging: Paging, ranking?: SearchRanking): ParcelSearchResult;
  /** The search without reading its rows (an asynchronous adapter reads them itself). */
  searchPage(query: ParcelQuery, paging: Paging, ranking?: SearchRanking): ParcelSearchPage;
  /** A test of tile parcel ids against the query (text part included). */
  matcher(query: ParcelQuery): (id: number) => boolean;
  dataQuality(): DataQualitySummary;
}

/**
 * The adapter-independent part of a ParcelRepository: the in-memory filter index (ParcelFilterIndex),
 * reloaded whenever the dataset's completion mark changes, the ranking and the buckets of a search, and
 * the text candidates of a search's tiles kept as row bitmaps. With `sharedIndex` (a search or tile worker
 * thread, ADR 038) the index is the one the main thread built in shared memory, and its key is the
 * dataset's mark: nothing is read or built here.
 */
export function createParcelSearch(
  source: ParcelSearchSource,
  totalCap: number,
  sharedIndex?: () => SharedFilterIndex | null,
): ParcelSearch {
  let cache: {
    key: string;
    index: ParcelFilterIndex;
    municipalities: Map<number, MunicipalityPoint>;
    /** The municipalities by name rank. */
    byRank: MunicipalityPoint[];
  } | null = null;
  let quality: { key: string; summary: DataQualitySummary } | null = null;
  const current = () => {
    const given = sharedIndex?.() ?? null;
    const key = given ? given.key : source.datasetKey();
    if (!cache || cache.key !== key) {
      const rows = given ? given.municipalities : source.municipalities();
      const points = rows.map((m): MunicipalityPoint & { bfs: number } => ({
        bfs: m.bfs,
        name: m.name,
        lon: m.lon,
        lat: m.lat,
        bounds: m.w === null ? undefined : [m.w, m.s as number, m.e as number, m.n as number],
        nameRank: 0,
      }));
      points.sort((a, b) => byName(a.name, b.name)).forEach((m, i) => (m.nameRank = i));
      const municipalities = new Map(points.map(({ bfs, ...m }): [number, MunicipalityPoint] => [bfs, m]));
      const index = given
        ? createParcelFilterIndex(given.columns, rows, given.parts)
        : createParcelFilterIndex(source.filterColumns(), rows);
      cache = { key, index, municipalities, byRank: points };
    }
    return cache;
  };

  // A text part's rows as a bitmap (~0.5 MB for the whole country), read once from the source — so they
  // are the database's own matches — and kept, the most recent first: for a one-letter prefix, which both
  // databases are slow to seek in (FTS5 reads the one-letter doclist from its start: 15–45 ms to reach
  // Bern's or Basel's ids on the country), and for a search's map, whose dozens of tiles ask for the same text.
  const textRows = new LRUCache<string, RowBitmap>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (rows) => Math.max(1, rows.byteLength),
  });
  const textPartKey = (key: string, { text, prcNo, prcId }: ParcelQuery) =>
    JSON.stringify([key, (text && oneLetter(text)) || text || '', prcNo ?? '', prcId ?? '']);
  const rowsOfTextPart = ({ text, prcNo, prcId }: ParcelQuery): RowBitmap => {
    const { key, index } = current();
    const part = { text: (text && oneLetter(text)) || text, prcNo, prcId };
    const cacheKey = textPartKey(key, part);
    let rows = textRows.get(cacheKey);
    if (!rows) {
      rows = index.rowBitmap(source.candidateSource(part)?.(0, Number.MAX_SAFE_INTEGER, -1) ?? []);
      textRows.set(cacheKey, rows);
    }
    return rows;
  };
  const hasTextPart = (query: ParcelQuery) => !!(query.text || query.prcNo || query.prcId);
  /**
   * A one-letter text from its bitmap, any other text part from its bitmap when a searched map already read
   * one (its tiles ask for the same text), else from the source chunk by chunk.
   */
  const candidateSource = (query: ParcelQuery): CandidateSource | null => {
    const letter = query.text && !query.prcNo && !query.prcId ? oneLetter(query.text) : null;
    const { key, index } = current();
    if (letter) return index.bitmapSource(rowsOfTextPart(query));
    const held = hasTextPart(query) ? textRows.get(textPartKey(key, query)) : undefined;
    return held ? index.bitmapSource(held) : source.candidateSource(query);
  };

  /**
   * The buckets, most matches first, ties in name order. A search over the country has ~2,100 of them: as
   * one number each (count, then name rank reversed) they sort natively, where a comparator over bucket
   * objects cost ~0.5 ms, a fifth of a filter search's time.
   */
  const bucketsOf = (
    { municipalities, byRank }: NonNullable<typeof cache>,
    counts: ReadonlyMap<number, number>,
  ): MunicipalityCount[] => {
    const ranks = byRank.length;
    let most = 0;
    counts.forEach((count) => (most = Math.max(most, count)));
    // 32-bit keys sort ~3× faster than doubles; doubles are exact for any count below 2^32 and ranks below 2^21.
    const keys =
      most * ranks + ranks < 2 ** 32 ? new Uint32Array(counts.size) : new Float64Array(counts.size);
    let n = 0;
    counts.forEach((count, bfs) => {
      const m = municipalities.get(bfs);
      if (m) keys[n++] = count * ranks + (ranks - 1 - m.nameRank);
    });
    const sorted = keys.subarray(0, n).sort();
    const buckets: MunicipalityCount[] = [];
    for (let i = n - 1; i >= 0; i--) {
      const key = sorted[i];
      const m = byRank[ranks - 1 - (key % ranks)];
      buckets.push({
        name: m.name,
        count: Math.floor(key / ranks),
        lon: m.lon,
        lat: m.lat,
        bounds: m.bounds,
      });
    }
    return buckets;
  };

  const searchPage = (
    query: ParcelQuery,
    { page, size }: Paging,
    ranking?: SearchRanking,
  ): ParcelSearchPage => {
    const filters = current();
    const preferred = new Set<number>();
    for (const name of ranking?.preferMunicipalities ?? [])
      for (const [bfs, m] of filters.municipalities) if (m.name === name) preferred.add(bfs);
    const { total, exact, pageIds, countsByMunicipality, counted } = filters.index.evaluate(
      query,
      candidateSource(query),
      { offset: (page - 1) * size, size, cap: totalCap },
      preferred,
    );
    const byMunicipality = bucketsOf(filters, countsByMunicipality);
    return { total, exact, pageIds, byMunicipality, matched: exact ? total : (counted ?? null) };
  };

  return {
    datasetKey: () => current().key,
    searchPage,
    search(query, paging, ranking) {
      const page = searchPage(query, paging, ranking);
      return withPageRows(page, page.pageIds.length === 0 ? [] : source.parcelRows(page.pageIds));
    },
    matcher(query) {
      // The tile's parcels from the spatial index, then the filters in memory per parcel: a filtered tile
      // costs what the tile costs, whatever the filter matches across the country.
      return current().index.matcher(query, hasTextPart(query) ? rowsOfTextPart(query) : null);
    },
    dataQuality() {
      // Keyed by the mark, not the index: the event loop answers this and must not build the index for it.
      const key = source.datasetKey();
      if (quality?.key !== key) {
        // A scan of the origin column (~0.3 s for the whole country), once per build.
        const rows = source.originCounts();
        const count = (origin: string) => rows.find((row) => row.origin === origin)?.n ?? 0;
        quality = {
          key,
          summary: { syntheticParcels: count('synthetic'), officialParcels: count('official') },
        };
      }
      return quality.summary;
    },
  };
}
