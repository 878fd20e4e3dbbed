import { SEARCH_PARAMETERS, criteriaKeysOf, isScopeRow } from '../../../src/contract/SearchParameters';
import type { AreaOfInterest } from '../../../src/contract/SavedSearches';
import type { ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import { hasCriteria, parseSearchQuery, SearchInputError, type RawQuery } from '../search/parseSearchQuery';

/** The keys a saved query may carry: those of the search-parameter table (ranges as `_from` / `_to`). */
const KNOWN_KEYS = new Set<string>(
  SEARCH_PARAMETERS.flatMap((row) =>
    row.kind === 'flag' && 'wireRange' in row
      ? [row.name, `${row.name}_from`, `${row.name}_to`]
      : criteriaKeysOf(row),
  ),
);

/** A query string as parseSearchQuery reads a request's: repeated keys become arrays. */
export function rawQueryOf(query: string): RawQuery {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const before = raw[key];
    raw[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return raw;
}

/**
 * The ParcelQuery of a saved query string: only the table's filters (no paging), valid as a search is,
 * and selecting something. Throws SearchInputError with the reason otherwise.
 */
export function parseSavedQuery(query: string): ParcelQuery {
  const raw = rawQueryOf(query);
  const unknown = Object.keys(raw).find((key) => !KNOWN_KEYS.has(key));
  if (unknown !== undefined) throw new SearchInputError(`${unknown} is not a search filter`);
  const parsed = parseSearchQuery(raw);
  // A scope (leaving the roads out) narrows a search but is not one by itself.
  const selecting = SEARCH_PARAMETERS.some((row) => !isScopeRow(row) && parsed[row.queryKey] !== undefined);
  if (!hasCriteria(parsed) || !selecting)
    throw new SearchInputError('A saved search needs a search text or a filter');
  return parsed;
}

/** Whether a WGS84 point lies in the area of interest (west, south, east, north). */
export function inArea(area: AreaOfInterest | null, [lon, lat]: [number, number]): boolean {
  return area === null || (lon >= area[0] && lon <= area[2] && lat >= area[1] && lat <= area[3]);
}
