/**
 * Saved searches: a search (its wire query string, the same pairs as the app's URL and the API, see
 * SearchParameters.ts) kept under a name, optionally with an area of interest, shared with a site, and
 * with an alert frequency for the parcels that start to match it. Shared by server and browser.
 */

/** How often the owner hears of new matches: never, at once, or in a daily or weekly digest. */
export const ALERT_FREQUENCIES = ['off', 'instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Longest name and query string, in characters. */
export const MAX_SAVED_SEARCH_NAME_LENGTH = 80;
export const MAX_SAVED_SEARCH_QUERY_LENGTH = 4000;
/** Most saved searches one user owns. */
export const MAX_SAVED_SEARCHES_PER_USER = 100;
/**
 * Matches a search with alerts may have: beyond it the search is too broad to tell what is new (the
 * matcher reads at most this many), so alerts are refused and a broadened search stops alerting.
 */
export const MAX_ALERT_MATCHES = 1000;

/** An area of interest in WGS84 degrees: west, south, east, north (the map extent when saved). */
export type AreaOfInterest = [number, number, number, number];

/** A saved search as the panel shows it. Times are ISO date-times. */
export interface SavedSearch {
  id: string;
  name: string;
  /** The search's query string without '?', page and size (e.g. `searchQuery=Baar&PRC_SUR_from=500&…`). */
  query: string;
  area: AreaOfInterest | null;
  alert: AlertFrequency;
  owner: { id: string; name: string };
  /** The site whose members see and run it; null for a personal search. */
  site: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Whether the asking user may rename, share, set the alert of and delete it (its owner). */
  canManage: boolean;
}

/** `GET /v1/secure/saved-searches`: the user's own searches and those shared with their sites. */
export interface SavedSearchesResponse {
  savedSearches: SavedSearch[];
  /** The sites the user may share with. */
  sites: { id: string; name: string }[];
}

/** `POST /v1/secure/saved-searches`. */
export interface CreateSavedSearchRequest {
  name: string;
  query: string;
  area?: AreaOfInterest | null;
  alert?: AlertFrequency;
  siteId?: string | null;
}

/** `POST /v1/secure/saved-searches/{id}`: any of the owner's changes. */
export interface UpdateSavedSearchRequest {
  name?: string;
  alert?: AlertFrequency;
  siteId?: string | null;
}

/** One parcel an alert tells of (the mail's and the notification's link opens it). */
export interface SavedSearchMatch {
  prcId: string;
  prcNo: string;
  locname: string;
  canton: string;
}

/** Socket message: the saved searches a user sees changed (`message` {type, data: {userId}}). */
export const SAVED_SEARCH_CHANGED_EVENT = 'saved-search-changed';
