import type { Database } from 'better-sqlite3';
import type { ParcelQuery, Range } from './ParcelQuery';
import { readFilterColumns, scanFilterColumns, type FilterColumns } from './FilterColumns';

/**
 * The filterable parcel attributes as typed columns in memory (FilterColumns). Counting and bucketing
 * a canton's parcels by municipality this way takes a few milliseconds, where SQLite needs a table
 * scan per search (250 ms on a 400k-parcel dataset). Text, parcel number and EGRID still come from
 * SQLite indexes as candidate ids; the rest is checked here.
 */
export interface ParcelFilterIndex {
  /** Matching parcel ids in id order for one page, the total and the counts per municipality BFS number. */
  evaluate(query: ParcelQuery, candidates: number[] | null, offset: number, size: number): FilterResult;
  /**
   * A test of single parcel ids against the query's in-memory filters, for a tile's few thousand parcels:
   * it costs what the tile costs, not what the filter matches. `candidates` (from the text, parcel-number
   * or EGRID part, see `candidateRows`) restricts it further; null means no such part.
   */
  matcher(query: ParcelQuery, candidates: Uint8Array | null): (id: number) => boolean;
  /** The rows of these ids as a bitmap (1 = candidate), the form `matcher` takes. */
  candidateRows(ids: number[]): Uint8Array;
}

export interface FilterResult {
  total: number;
  pageIds: number[];
  countsByMunicipality: Map<number, number>;
}

const inRange = (value: number, range: Range | undefined) =>
  !range || (value >= range.from && value <= range.to);

function codes(values: string[]): Map<string, number> {
  return new Map(values.map((v, i) => [v, i + 1]));
}

/** Loads the saved columns (fast) or scans the parcels table (datasets built before they were saved). */
export function loadParcelFilterIndex(db: Database): ParcelFilterIndex {
  return createParcelFilterIndex(db, readFilterColumns(db) ?? scanFilterColumns(db));
}

export function createParcelFilterIndex(db: Database, cols: FilterColumns): ParcelFilterIndex {
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
  for (const m of db.prepare('SELECT bfs, name FROM municipalities').all() as {
    bfs: number;
    name: string;
  }[]) {
    const index = munIndexByBfs.get(m.bfs);
    if (index !== undefined) munByName.set(m.name, [...(munByName.get(m.name) ?? []), index]);
  }

  const position = (id: number): number => {
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
    const allowedMun = new Uint8Array(munBfs.length);
    let restricted = false;
    if (query.locnames) {
      restricted = true;
      for (const name of query.locnames) for (const m of munByName.get(name) ?? []) allowedMun[m] = 1;
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
      return inRange(freeway[r], query.freeway) && inRange(putra[r], query.putra);
    };
    return { matches, restricted, allowedMun };
  };

  return {
    matcher(query, candidates) {
      const { matches } = compile(query);
      return (id) => {
        const r = position(id);
        return r >= 0 && (!candidates || candidates[r] === 1) && matches(r);
      };
    },
    candidateRows(candidateIds) {
      const rows = new Uint8Array(count);
      for (const id of candidateIds) {
        const r = position(id);
        if (r >= 0) rows[r] = 1;
      }
      return rows;
    },
    evaluate(query, candidates, offset, size) {
      const { matches, restricted, allowedMun } = compile(query);
      const counts = new Uint32Array(munBfs.length);
      const pageIds: number[] = [];
      let total = 0;
      const check = (r: number) => {
        if (!matches(r)) return;
        if (total >= offset && total < offset + size) pageIds.push(ids[r]);
        total++;
        counts[mun[r]]++;
      };
      if (candidates) {
        for (const id of candidates) {
          const r = position(id);
          if (r >= 0) check(r);
        }
      } else if (restricted) {
        // A municipality's parcels are written together, so its rows form one run.
        const runs = [...allowedMun.keys()]
          .filter((m) => allowedMun[m] === 1 && munFirst[m] >= 0)
          .sort((a, b) => munFirst[a] - munFirst[b]);
        let done = -1;
        for (const m of runs) {
          for (let r = Math.max(munFirst[m], done + 1); r <= munLast[m]; r++) check(r);
          done = Math.max(done, munLast[m]);
        }
      } else {
        for (let r = 0; r < count; r++) check(r);
      }
      const countsByMunicipality = new Map<number, number>();
      counts.forEach((c, m) => {
        if (c > 0) countsByMunicipality.set(munBfs[m], c);
      });
      return { total, pageIds, countsByMunicipality };
    },
  };
}
