import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../src/app/rootReducer';
import type { RootState } from '../../src/store/storeTypes';
import { SEARCH_PARAMETERS } from '../../src/contract/SearchParameters';
import { searchRestored } from '../../src/features/search/searchSlice';
import { mapViewRestored } from '../../src/features/map/mapSlice';
import { parcelSelected } from '../../src/features/parcel/parcelSlice';
import { siteRestored } from '../../src/features/site/siteSlice';
import { layersRestored } from '../../src/features/layers/layersSlice';
import { TAB_PARAMETER } from '../../src/features/settings/SettingsScreen';
import {
  composeQuery,
  rowAgrees,
  rowsAt,
  URL_ONLY_KEYS,
  URL_STATE_TABLE,
  type UrlStateRow,
} from '../../src/features/urlState/urlStateTable';

const initial = (): RootState => rootReducer(undefined, { type: 'test/init' });
const after = (...actions: UnknownAction[]): RootState => actions.reduce(rootReducer, initial());
const row = (name: string): UrlStateRow => URL_STATE_TABLE.find((r) => r.name === name)!;

/** A store with a value in every row that the store writes. */
const everyRowSet = after(
  searchRestored({
    criteria: { CANTON: 'ZG', LOCNAME: ['Zug', 'Baar'], PRC_SUR_from: 500 },
    paging: { page: 2, size: 24 },
  }),
  mapViewRestored({ center: [8.51, 47.17], zoom: 15.5, pitch: 45, bearing: 10 }),
  parcelSelected({ id: 'CH000000000001' }),
  siteRestored(['CH000000000007', 'CH000000000008']),
  layersRestored(['floods', 'radon']),
);

/** The URL the table writes for a state: every writing row's parts, in table order. */
const urlOf = (state: RootState): string =>
  composeQuery('', new Map(URL_STATE_TABLE.flatMap((r) => (r.write(state) ? [[r, r.write(state)!]] : []))));

/** What a fresh store shows after reading a URL: every row's read, as the listener applies them. */
const readInto = (state: RootState, query: string): RootState => {
  const params = new URLSearchParams(query);
  const actions = URL_STATE_TABLE.flatMap((r) => (r.carried(params) ? r.read(params, state) : []));
  return actions.reduce(rootReducer, state);
};

describe('the URL ↔ state table', () => {
  it('writes every row in table order: the search first, then camera, parcel, site and layers', () => {
    expect(urlOf(everyRowSet)).toBe(
      'CANTON=ZG&LOCNAME=Zug&LOCNAME=Baar&PRC_SUR_from=500&PRC_SUR_to=99999999999&page=2&size=24' +
        '&map=8.51%2C47.17%2C15.5%2C45%2C10&parcel=CH000000000001&site=CH000000000007,CH000000000008' +
        '&layers=radon,floods',
    );
  });

  it.each(URL_STATE_TABLE.filter((r) => r.name !== 'language').map((r) => [r.name, r]))(
    'round-trips the %s row: written, read into a fresh store, written again the same, and then agreed',
    (_name, r) => {
      const query = composeQuery('', new Map([[r, r.write(everyRowSet)!]]));
      expect(query).not.toBe('');
      const restored = readInto(initial(), query);
      expect(r.write(restored)).toEqual(r.write(everyRowSet));
      // Agreed: the listener neither reads the URL again nor rewrites it.
      expect(rowAgrees(r, query, restored)).toBe(true);
      expect(rowAgrees(r, query, initial())).toBe(false);
    },
  );

  it('reads lang= into the stored language; a read-only row never writes and leaves lang= in the URL', () => {
    const language = row('language');
    const restored = readInto(initial(), 'lang=DE');
    expect(restored.language.chosen).toBe('de');
    expect(language.read(new URLSearchParams('lang=de'), restored)).toEqual([]);
    expect(language.read(new URLSearchParams('lang=es'), initial())).toEqual([]);
    expect(language.write(restored)).toBeNull();
    expect(composeQuery('lang=de', new Map([[row('search'), ['searchQuery=Zug']]]))).toBe(
      'searchQuery=Zug&lang=de',
    );
  });

  it('keeps the keys no row owns exactly as written, after the rows', () => {
    const query = 'utm_source=mail&map=1%2C2%2C3%2C0%2C0&odd=%ZZ&flag&layers=radon';
    expect(composeQuery(query, new Map([[row('camera'), ['map=8%2C47%2C9%2C0%2C0']]]))).toBe(
      'map=8%2C47%2C9%2C0%2C0&layers=radon&utm_source=mail&odd=%ZZ&flag',
    );
  });

  it.each(URL_STATE_TABLE.filter((r) => r.write(everyRowSet) !== null).map((r) => [r.name, r]))(
    "a write of the %s row keeps every other row's keys as they were written",
    (_name, r) => {
      // The others as a hand-written link has them: lists in their own order, values not canonical.
      const link =
        'searchQuery=Zug&map=8.5,47.1,12,0,0&parcel=CH9&site=CH1,CH2&layers=floods,radon,unknown&lang=de&x=1';
      const written = r.write(everyRowSet)!;
      const rewritten = composeQuery(link, new Map([[r, written]])).split('&');
      const others = link.split('&').filter((part) => !r.owns(part.split('=')[0]));
      expect(others.length).toBe(link.split('&').length - 1);
      expect(rewritten.filter((part) => !written.includes(part))).toEqual(others);
      expect(rewritten.filter((part) => written.includes(part))).toEqual(written);
    },
  );

  it('removes a row that has nothing to show (no open parcel, an empty site), and only that row', () => {
    const query = urlOf(everyRowSet);
    expect(composeQuery(query, new Map([[row('parcel'), []]]))).toBe(
      query.replace('&parcel=CH000000000001', ''),
    );
    expect(composeQuery(query, new Map([[row('site'), []]]))).toBe(
      query.replace('&site=CH000000000007,CH000000000008', ''),
    );
  });

  it('owns every query key of the app once: no key in two rows, none both mirrored and URL-only', () => {
    const keys = [
      ...SEARCH_PARAMETERS.flatMap((p) =>
        p.kind === 'range' || 'wireRange' in p ? [`${p.name}_from`, `${p.name}_to`] : [p.name],
      ),
      'page',
      'size',
      'map',
      'parcel',
      'site',
      'layers',
      'lang',
    ];
    for (const key of keys)
      expect([key, URL_STATE_TABLE.filter((r) => r.owns(key)).length]).toEqual([key, 1]);
    for (const { key } of URL_ONLY_KEYS) expect(URL_STATE_TABLE.some((r) => r.owns(key))).toBe(false);
    expect(URL_ONLY_KEYS.map(({ key }) => key)).toEqual(['next', 'egrids', TAB_PARAMETER]);
  });

  it('applies the map view rows on the map view only, the language row everywhere', () => {
    expect(rowsAt('/').map((r) => r.name)).toEqual([
      'search',
      'camera',
      'parcel',
      'site',
      'layers',
      'language',
    ]);
    expect(rowsAt('/login').map((r) => r.name)).toEqual(['language']);
  });

  it('agrees on layers in any order, and with an id this deployment does not know', () => {
    const layers = row('layers');
    expect(rowAgrees(layers, 'layers=floods,radon,unknown', everyRowSet)).toBe(true);
    expect(rowAgrees(layers, 'layers=radon', everyRowSet)).toBe(false);
    expect(rowAgrees(layers, '', initial())).toBe(true);
    expect(rowAgrees(row('search'), 'searchQuery=Zug', initial())).toBe(false);
  });
});
