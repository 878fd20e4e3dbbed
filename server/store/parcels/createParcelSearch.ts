import { LRUCache } from 'lru-cache';
import type { DataQualitySummary } from '../../../src/contract/CadastreImport';
import type { FilterColumns } from './FilterColumns';
import { createParcelFilterIndex, type CandidateSource, type ParcelFilterIndex } from './ParcelFilterIndex';
import type { Paging, ParcelQuery } from './ParcelQuery';
import type { LonLatBounds, MunicipalityCount, ParcelSearchResult, SearchRanking } from './ParcelRepository';
import type { ParcelRow } from './ParcelRow';
import { rowToParcel } from './rowToParcel';

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

/** The search, the tile filter and the data-quality count over any adapter's source. */
export interface ParcelSearch {
  /** The dataset's key ('' none); reloads the in-memory state when it changed. */
  datasetKey(): string;
  search(query: ParcelQuery, paging: Paging, ranking?: SearchRanking): ParcelSearchResult;
  /** A test of tile parcel ids against the query (text part included). */
  matcher(query: ParcelQuery): (id: number) => boolean;
  dataQuality(): DataQualitySummary;
}

/**
 * The adapter-independent part of a ParcelRepository: the in-memory filter index (ParcelFilterIndex),
 * reloaded whenever the dataset's completion mark changes, the ranking and the buckets of a search, and
 * the text candidates of a search's tiles kept as row bitmaps.
 */
export function createParcelSearch(source: ParcelSearchSource, totalCap: number): ParcelSearch {
  let cache: {
    key: string;
    index: ParcelFilterIndex;
    municipalities: Map<number, MunicipalityPoint>;
    quality?: DataQualitySummary;
  } | null = null;
  const current = () => {
    const key = source.datasetKey();
    if (!cache || cache.key !== key) {
      const rows = source.municipalities();
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
      cache = { key, index: createParcelFilterIndex(source.filterColumns(), rows), municipalities };
    }
    return cache;
  };

  // A search's map asks for dozens of tiles with the same text: its candidates are looked up once and kept
  // as a row bitmap (one byte per parcel), the few most recent searches only.
  const candidateRowCache = new LRUCache<string, Uint8Array>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (rows) => Math.max(1, rows.byteLength),
  });
  const candidateRowsOf = (query: ParcelQuery): Uint8Array | null => {
    if (!query.text && !query.prcNo && !query.prcId) return null;
    const { key, index } = current();
    const cacheKey = JSON.stringify([key, query.text ?? '', query.prcNo ?? '', query.prcId ?? '']);
    let rows = candidateRowCache.get(cacheKey);
    if (!rows) {
      const ids = source.candidateSource(query)?.(0, Number.MAX_SAFE_INTEGER, -1) ?? [];
      rows = index.candidateRows(ids);
      candidateRowCache.set(cacheKey, rows);
    }
    return rows;
  };

  return {
    datasetKey: () => current().key,
    search(query, { page, size }, ranking) {
      const filters = current();
      const preferred = new Set<number>();
      for (const name of ranking?.preferMunicipalities ?? [])
        for (const [bfs, m] of filters.municipalities) if (m.name === name) preferred.add(bfs);
      const { total, exact, pageIds, countsByMunicipality } = filters.index.evaluate(
        query,
        source.candidateSource(query),
        { offset: (page - 1) * size, size, cap: totalCap },
        preferred,
      );
      const rows = pageIds.length === 0 ? [] : source.parcelRows(pageIds);
      // The page in the index's order (ranked groups, each in id order), not the database's.
      const rank = new Map(pageIds.map((id, i) => [id, i]));
      rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
      const buckets = [...countsByMunicipality].flatMap(([bfs, count]) => {
        const m = filters.municipalities.get(bfs);
        return m ? [{ m, count }] : [];
      });
      buckets.sort((a, b) => b.count - a.count || a.m.nameRank - b.m.nameRank);
      const byMunicipality: MunicipalityCount[] = buckets.map(({ m, count }) => ({
        name: m.name,
        count,
        lon: m.lon,
        lat: m.lat,
        bounds: m.bounds,
      }));
      return { total, exact, hits: rows.map(rowToParcel), byMunicipality };
    },
    matcher(query) {
      // The tile's parcels from the spatial index, then the filters in memory per parcel: a filtered tile
      // costs what the tile costs, whatever the filter matches across the country.
      return current().index.matcher(query, candidateRowsOf(query));
    },
    dataQuality() {
      const state = current();
      if (!state.quality) {
        // A scan of the origin column (~0.3 s for the whole country), once per build.
        const rows = source.originCounts();
        const count = (origin: string) => rows.find((row) => row.origin === origin)?.n ?? 0;
        state.quality = { syntheticParcels: count('synthetic'), officialParcels: count('official') };
      }
      return state.quality;
    },
  };
}
