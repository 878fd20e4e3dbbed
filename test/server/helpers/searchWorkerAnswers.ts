import { threadId as mainThreadId } from 'node:worker_threads';
import type { Paging, ParcelQuery } from '../../../server/store/contract/parcels/ParcelQuery';
import type {
  ParcelIdPage,
  ParcelSearchResult,
  SearchRanking,
} from '../../../server/store/contract/parcels/ParcelRepository';
import type { SearchWorkerPool } from '../../../server/services/search/SearchWorkerPool';
import type { PlaceSearch } from '../../../server/services/search/PlaceSearch';
import { toSearchResponse } from '../../../server/services/search/searchResponse';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../server/services/compression/apiCompression';
import { parsePaging, parseSearchQuery } from '../../../server/services/search/parseSearchQuery';

/** A repository's searches, answered at once (SQLite) or later (PostgreSQL). */
interface InProcessSearches {
  search(
    query: ParcelQuery,
    paging: Paging,
    ranking?: SearchRanking,
  ): ParcelSearchResult | Promise<ParcelSearchResult>;
  searchRowIds(query: ParcelQuery, paging: Paging): ParcelIdPage | Promise<ParcelIdPage>;
}

/**
 * Asks the pool every kind of search at once (text, prefix, one letter, filters, sorts, none found) and
 * expects each answer to be the in-process repository's, given by one of the pool's worker threads, and
 * both of its two workers to have taken some. `name`: a municipality of the dataset.
 */
export async function expectEveryKindOfSearchAsInProcess(
  pool: SearchWorkerPool,
  inProcess: InProcessSearches,
  name: string,
): Promise<void> {
  const paging: Paging = { page: 1, size: 12 };
  const cases: [ParcelQuery, Paging, SearchRanking?][] = [
    [{ text: name.slice(0, 3), excludeRoads: false }, paging],
    [{ text: name }, { page: 2, size: 5 }, { preferMunicipalities: [name] }],
    [{ text: 'b' }, paging],
    [
      { canton: 'ZG', excludeRoads: true },
      { page: 3, size: 12 },
    ],
    [{ canton: 'ZG', reserve: { from: 1, to: 1e9 }, sort: 'reserve' }, paging],
    [{ canton: 'TI' }, paging],
    [{ surface: { from: 300, to: 3000 }, radon: { from: 1, to: 2 }, sort: 'area' }, paging],
    [{ proBun: true, objects: 'With', typ: 'Baurecht' }, paging],
    [{ locnames: [name], utilisation: { from: 0.1, to: 2 } }, paging],
    [{ text: 'no such place anywhere' }, paging],
  ];
  const answers = await Promise.all(cases.map(([q, p, r]) => pool.search(q, p, r)));
  for (const [i, [q, p, r]] of cases.entries()) {
    expect(answers[i].value).toEqual(await inProcess.search(q, p, r));
    expect(answers[i].threadId).not.toBe(mainThreadId);
    expect(pool.threadIds()).toContain(answers[i].threadId);
  }
  expect(answers.some((a) => a.value.total > 0)).toBe(true);
  // Both workers took searches (ten at once on two threads).
  expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
  const rowIds = await pool.searchRowIds({ canton: 'ZG' }, { page: 2, size: 7 });
  expect(rowIds.value).toEqual(await inProcess.searchRowIds({ canton: 'ZG' }, { page: 2, size: 7 }));
}

/**
 * Asks a running server's `/maps/search` for each text (page 1) and expects the reply the in-process place
 * search gives, byte for byte as JSON, to a client that takes it plain, gzipped or as brotli (the worker
 * compresses it, ADR 070; a reply under the threshold goes out plain).
 */
export async function expectServerSearchesAsInProcess(
  origin: string,
  token: string,
  inProcess: PlaceSearch,
  texts: readonly string[],
): Promise<void> {
  for (const text of texts) {
    const raw = { searchQuery: text, page: '1' };
    const expected = JSON.stringify(
      toSearchResponse(await inProcess.search(parseSearchQuery(raw), parsePaging(raw), 'en')),
    );
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      // fetch decodes the body by its Content-Encoding, which it leaves in the headers.
      const response = await fetch(
        `${origin}/v1/secure/maps/search?searchQuery=${encodeURIComponent(text)}&page=1`,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
      );
      expect(response.status).toBe(200);
      const compressed =
        encoding !== 'identity' && Buffer.byteLength(expected) >= COMPRESSION_THRESHOLD_BYTES;
      expect(response.headers.get('content-encoding')).toBe(compressed ? encoding : null);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.text()).toBe(expected);
    }
  }
}
