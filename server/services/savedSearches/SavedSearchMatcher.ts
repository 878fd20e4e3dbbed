import { MAX_ALERT_MATCHES, type SavedSearchMatch } from '../../../src/contract/SavedSearches';
import { MAX_PAGE_SIZE } from '../../../src/contract/SearchParameters';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { PlaceSearch } from '../search/PlaceSearch';
import { inArea, parseSavedQuery } from './savedSearchQuery';
import type { AreaOfInterest } from '../../../src/contract/SavedSearches';

/** What a saved search matches now: the parcels (in the search's order), or `tooBroad` past the limit. */
export type CurrentMatches = { tooBroad: false; matches: SavedSearchMatch[] } | { tooBroad: true };

export interface SavedSearchMatcher {
  /** The parcels the saved query matches in the stored dataset, inside the area when one is given. */
  matches(query: string, area: AreaOfInterest | null): Promise<CurrentMatches>;
}

/**
 * Runs a saved search through the parcel search (its filter index; an exonym read as the official name,
 * as the map does) page by page. A search with more than MAX_ALERT_MATCHES matches before the area is
 * applied is too broad to tell what is new.
 */
export function createSavedSearchMatcher(
  parcels: Pick<ParcelRepository, 'search'>,
  placeSearch: Pick<PlaceSearch, 'officialQuery'>,
): SavedSearchMatcher {
  return {
    async matches(query, area) {
      const parsed = placeSearch.officialQuery(parseSavedQuery(query));
      const found: SavedSearchMatch[] = [];
      for (let page = 1; ; page++) {
        const result = await parcels.search(parsed, { page, size: MAX_PAGE_SIZE });
        if (!result.exact || result.total > MAX_ALERT_MATCHES) return { tooBroad: true };
        for (const hit of result.hits) {
          if (!inArea(area, hit.centroid.coordinates)) continue;
          found.push({ prcId: hit.PRC_ID, prcNo: hit.PRC_NO, locname: hit.LOCNAME, canton: hit.CANTON });
        }
        if (page * MAX_PAGE_SIZE >= result.total || result.hits.length === 0)
          return { tooBroad: false, matches: found };
      }
    },
  };
}
