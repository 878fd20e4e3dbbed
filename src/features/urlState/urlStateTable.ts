import type { UnknownAction } from '@reduxjs/toolkit';
import { ROUTE_PATHS } from '../../routing/routePaths';
import type { RootState } from '../../store/storeTypes';
import { hasSearchInput, queryStringFromSearch } from '../../contract/SearchParameters';
import { listPart, partKey, queryParts } from '../../lib/url/queryParts';
import { RETURN_PARAM } from '../auth/returnPath';
import { EGRIDS_PARAM } from '../compare/comparisonUrl';
import { LANGUAGE_URL_KEY, languageFromSearch } from '../i18n/Language';
import { selectStoredLanguage, setLanguage } from '../i18n/languageSlice';
import { knownLayerIds, layersRestored } from '../layers/layersSlice';
import { LAYERS_URL_KEY, layersFromQueryString, sameLayers } from '../layers/layersUrlParam';
import { mapViewRestored } from '../map/mapSlice';
import {
  PARCEL_PARAM,
  parcelPart,
  readParcelParam,
  readSiteParam,
  readViewParam,
  SITE_PARAM,
  sitePart,
  VIEW_PARAM,
  viewParamValue,
  viewPart,
  type CameraView,
} from '../map/shareLink/shareLinkParams';
import { parcelSelected } from '../parcel/parcelSlice';
import { isSearchUrlKey, searchFromQueryString } from '../search/searchUrlSync';
import { searchRestored } from '../search/searchSlice';
import { siteRestored } from '../site/siteSlice';

/**
 * How a row comes back from the URL when the router arrives somewhere (the start, a link, back/forward):
 * - 'url': the URL's value when it carries one; a URL without it leaves the store and the URL as they are;
 * - 'urlElseWriteBack': as 'url', but a URL without it gets the store's value written in (back from /settings
 *   to a plain `/` keeps the search and the layers);
 * - 'urlOnArrival': as 'url', but not on a replace (the URL's own rewrites can lag behind the screen).
 */
export type RestorePolicy = 'url' | 'urlElseWriteBack' | 'urlOnArrival';

/**
 * One row of the URL ↔ state table: the query keys it owns and how they mirror the store. The listener
 * (urlStateListeners) applies every row; a row never touches a key it does not own.
 */
export interface UrlStateRow {
  /** What the row mirrors, as tests and the ADR name it. */
  readonly name: string;
  /** The route whose URL carries the row; null for every route. */
  readonly route: string | null;
  /** Whether a query key is the row's. */
  owns(key: string): boolean;
  /** Whether a URL carries the row at all (the search: some filter; page and size alone are no search). */
  carried(params: URLSearchParams): boolean;
  /** Read, URL → store: the actions that bring the store to the URL's value; none when it already shows it. */
  read(params: URLSearchParams, state: RootState): UnknownAction[];
  /** Write, store → URL: the row's query parts (`key=value`, encoded), [] for none; null for a read-only row. */
  write(state: RootState): string[] | null;
  /** The state changes that make the row write. */
  changed(current: RootState, previous: RootState): boolean;
  /**
   * Whether the URL already shows the store's value, so neither side needs to move. Without it: the row's
   * parts in the URL are exactly what `write` gives.
   */
  agrees?(params: URLSearchParams, state: RootState): boolean;
  readonly restore: RestorePolicy;
}

/** A row of one query key: it owns that key, and a URL carries it when the key is there. */
const oneKeyRow = (key: string, row: Omit<UrlStateRow, 'owns' | 'carried'>): UrlStateRow => ({
  owns: (candidate) => candidate === key,
  carried: (params) => params.has(key),
  ...row,
});

const screenView = (state: RootState): CameraView => {
  const { center, zoom, pitch, bearing } = state.map;
  return { center, zoom, pitch, bearing };
};

const siteIdsOf = (state: RootState): string[] => state.site.entries.map((entry) => entry.egrid);

/** The share link's three keys (camera, parcel, site) are one link: a change of any of them writes all three. */
const shareLinkChanged = (current: RootState, previous: RootState): boolean =>
  current.map.center !== previous.map.center ||
  current.map.zoom !== previous.map.zoom ||
  current.map.pitch !== previous.map.pitch ||
  current.map.bearing !== previous.map.bearing ||
  current.parcel.selectedParcelId !== previous.parcel.selectedParcelId ||
  current.site.entries !== previous.site.entries;

/**
 * The filters, page and size (spec §2): the URL is the source of truth on arrival when it carries a search.
 * Its keys, reading and writing are the search-parameter table's (ADR 006); this row only places them.
 */
const searchRow: UrlStateRow = {
  name: 'search',
  route: ROUTE_PATHS.mapview,
  owns: isSearchUrlKey,
  carried: (params) => hasSearchInput(searchFromQueryString(params.toString()).criteria),
  read: (params) => [searchRestored(searchFromQueryString(params.toString()))],
  write: ({ search: { active } }) =>
    active ? queryParts(queryStringFromSearch(active.criteria, active.paging)) : [],
  changed: (current, previous) => current.search.active !== previous.search.active,
  restore: 'urlElseWriteBack',
};

/** `map=lon,lat,zoom,pitch,bearing`: the camera, rounded to what a screen shows (1 m, zoom 1/100). */
const cameraRow = oneKeyRow(VIEW_PARAM, {
  name: 'camera',
  route: ROUTE_PATHS.mapview,
  read: (params, state) => {
    const view = readViewParam(params.get(VIEW_PARAM));
    return view && viewParamValue(view) !== viewParamValue(screenView(state)) ? [mapViewRestored(view)] : [];
  },
  write: (state) => [viewPart(screenView(state))],
  changed: shareLinkChanged,
  restore: 'url',
});

/** `parcel=<PRC_ID>`: the parcel whose drawer is open. */
const parcelRow = oneKeyRow(PARCEL_PARAM, {
  name: 'parcel',
  route: ROUTE_PATHS.mapview,
  read: (params, state) => {
    const id = readParcelParam(params.get(PARCEL_PARAM));
    return id && id !== state.parcel.selectedParcelId ? [parcelSelected({ id })] : [];
  },
  write: ({ parcel: { selectedParcelId } }) => (selectedParcelId ? [parcelPart(selectedParcelId)] : []),
  changed: shareLinkChanged,
  restore: 'url',
});

/**
 * `site=<EGRID>,<EGRID>`: the site being assembled. Read only on arrival: a replace of the URL can lag behind
 * quick shift-clicks and would put back a site the user has already added to.
 */
const siteRow = oneKeyRow(SITE_PARAM, {
  name: 'site',
  route: ROUTE_PATHS.mapview,
  read: (params, state) => {
    const ids = readSiteParam(params.get(SITE_PARAM));
    return ids.length > 0 && ids.join(',') !== siteIdsOf(state).join(',') ? [siteRestored(ids)] : [];
  },
  write: (state) => {
    const ids = siteIdsOf(state);
    return ids.length > 0 ? [sitePart(ids)] : [];
  },
  changed: shareLinkChanged,
  restore: 'urlOnArrival',
});

/**
 * `layers=radon,floods`: the layers that are on, in panel order. The URL agrees when it names the same layers
 * in any order, so a link's own order (and an id this deployment does not offer) stays until a switch.
 */
const layersRow = oneKeyRow(LAYERS_URL_KEY, {
  name: 'layers',
  route: ROUTE_PATHS.mapview,
  read: (params, state) => {
    const wanted = layersFromQueryString(params.toString());
    return sameLayers(wanted, state.layers.on) ? [] : [layersRestored(wanted)];
  },
  write: (state) => {
    const on = knownLayerIds(state.layers.on);
    return on.length > 0 ? [listPart(LAYERS_URL_KEY, on)] : [];
  },
  changed: (current, previous) => current.layers.on !== previous.layers.on,
  agrees: (params, state) =>
    params.has(LAYERS_URL_KEY)
      ? sameLayers(layersFromQueryString(params.toString()), state.layers.on)
      : state.layers.on.length === 0,
  restore: 'urlElseWriteBack',
});

/**
 * `lang=de` on any route (spec §1): sets the interface language, which is then stored under
 * `user-language`. Read-only: the store never writes it, and a URL that has it keeps it.
 */
const languageRow = oneKeyRow(LANGUAGE_URL_KEY, {
  name: 'language',
  route: null,
  read: (params, state) => {
    const requested = languageFromSearch(params.toString());
    return requested && requested !== selectStoredLanguage(state) ? [setLanguage(requested)] : [];
  },
  write: () => null,
  changed: () => false,
  restore: 'url',
});

/**
 * Every query key that mirrors the store, a row each; the URL's keys are written in this order, then any key
 * no row owns, as it was written.
 */
export const URL_STATE_TABLE: readonly UrlStateRow[] = [
  searchRow,
  cameraRow,
  parcelRow,
  siteRow,
  layersRow,
  languageRow,
];

/**
 * The query keys whose only home is the URL: one screen reads them and a link builder writes them, and no
 * slice mirrors them, so the listener leaves them alone (back/forward restores them by being the URL).
 */
export const URL_ONLY_KEYS: readonly { key: string; route: string; what: string }[] = [
  {
    key: RETURN_PARAM,
    route: ROUTE_PATHS.login,
    what: 'where a login returns to: loginPathReturningTo writes it, returnPathAfterLogin reads it',
  },
  {
    key: EGRIDS_PARAM,
    route: ROUTE_PATHS.compare,
    what: 'the compared parcels: comparisonLink writes it, egridsOfQuery reads it',
  },
  // A literal: the settings screen's constant lives in its lazy chunk; test/unit/urlStateTable checks both agree.
  {
    key: 'tab',
    route: ROUTE_PATHS.settings,
    what: 'the open settings tab: SettingsScreen reads and writes it',
  },
];

/** The rows that apply at a path. */
export function rowsAt(pathname: string, table: readonly UrlStateRow[] = URL_STATE_TABLE): UrlStateRow[] {
  return table.filter((row) => row.route === null || row.route === pathname);
}

/** Whether the URL already shows the row's store value (see UrlStateRow.agrees). */
export function rowAgrees(row: UrlStateRow, query: string, state: RootState): boolean {
  if (row.agrees) return row.agrees(new URLSearchParams(query), state);
  const written = row.write(state);
  if (written === null) return false;
  const inUrl = queryParts(query).filter((part) => row.owns(partKey(part)));
  return inUrl.length === written.length && inUrl.every((part, i) => part === written[i]);
}

/**
 * The query string with these rows' parts replaced by the given ones: the rows' keys in table order, each
 * row not rewritten keeping its parts as written, then the keys no row owns, as written. A row's write thus
 * never drops another row's key, nor one the app does not know.
 */
export function composeQuery(
  query: string,
  rewrites: ReadonlyMap<UrlStateRow, readonly string[]>,
  table: readonly UrlStateRow[] = URL_STATE_TABLE,
): string {
  const parts = queryParts(query).map((part) => ({ part, key: partKey(part) }));
  const ownerOf = (key: string) => table.find((row) => row.owns(key));
  const placed = table.flatMap(
    (row) => rewrites.get(row) ?? parts.filter(({ key }) => ownerOf(key) === row).map(({ part }) => part),
  );
  const unowned = parts.filter(({ key }) => !ownerOf(key)).map(({ part }) => part);
  return [...placed, ...unowned].join('&');
}
