/**
 * A municipality-name match ranks its own parcels first, a known place in a canton
 * without data says so, and exonyms find the same place.
 */
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createPlaceNames } from '../../server/services/search/placeNames';
import type { SearchResponse } from '../../src/contract/Parcel';

let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  // Every municipality of Zug and Ticino, a few parcels each: Zug beside Baar's Zugerweg, Lugano beside
  // the Via Lugano of its neighbours.
  buildTestDataset(t.db, { cantons: ['ZG', 'TI'], maxMunicipalities: 400, maxParcelsPerMunicipality: 60 });
  me = await signIn(t.app);
}, 300_000);
afterAll(async () => t.close());

async function search(text: string, language?: string, page = 1): Promise<SearchResponse> {
  const response = await t.app.inject({
    url: `/v1/secure/maps/search?searchQuery=${encodeURIComponent(text)}&page=${page}&size=12`,
    headers: { ...me.headers, ...(language ? { langcode: language } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SearchResponse>();
}

const municipalitiesOf = (response: SearchResponse) => response.hits.hits.map((hit) => hit._source.LOCNAME);

const isRoad = (hit: SearchResponse['hits']['hits'][number]) => hit._source.PRC_IND === 'Road';

async function allPages(path: string): Promise<SearchResponse['hits']['hits']> {
  const all: SearchResponse['hits']['hits'] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.app.inject({ url: `${path}&page=${page}&size=12`, headers: me.headers });
    expect(response.statusCode).toBe(200);
    const { hits } = response.json<SearchResponse>();
    all.push(...hits.hits);
    if (page * 12 >= hits.total.value) {
      expect(all).toHaveLength(hits.total.value);
      return all;
    }
  }
}

describe('a municipality name ranks its own parcels first, roads last', () => {
  it.each([
    ['Zug', 'Zug'],
    ['Lugano', 'Lugano'],
    ['zug', 'Zug'],
  ])('"%s" lists the parcels of %s before streets named after it elsewhere', async (text, municipality) => {
    const first = await search(text);
    expect(new Set(municipalitiesOf(first))).toEqual(new Set([municipality]));
    expect(first.hits.hits.some(isRoad)).toBe(false);
    // The other matches (Zugerweg in Baar, Via Lugano in Capriasca …) still follow, then every road.
    const all = await allPages(`/v1/secure/maps/search?searchQuery=${encodeURIComponent(text)}`);
    const firstRoad = all.findIndex(isRoad);
    expect(firstRoad).toBeGreaterThan(0);
    expect(all.slice(firstRoad).every(isRoad)).toBe(true);
    const others = all.slice(0, firstRoad).map((hit) => hit._source.LOCNAME);
    const own = others.filter((name) => name === municipality).length;
    expect(others.slice(0, own)).toEqual(Array(own).fill(municipality));
    expect(others.length).toBeGreaterThan(own);
  });

  it('lists roads last for filters alone (a canton from a link), and none with PRC_IND=Standard', async () => {
    const all = await allPages('/v1/secure/maps/advance-search?a=1&CANTON=ZG&PRC_SUR_to=400');
    const firstRoad = all.findIndex(isRoad);
    expect(firstRoad).toBeGreaterThan(0);
    expect(all.slice(firstRoad).every(isRoad)).toBe(true);
    // Roads or not, the list is the whole set once: same ids as the unranked filter would give.
    expect(new Set(all.map((hit) => hit._source.PRC_ID)).size).toBe(all.length);
    const withoutRoads = await allPages(
      '/v1/secure/maps/advance-search?a=1&CANTON=ZG&PRC_SUR_to=400&PRC_IND=Standard',
    );
    expect(withoutRoads.map((hit) => hit._source.PRC_ID)).toEqual(
      all.slice(0, firstRoad).map((hit) => hit._source.PRC_ID),
    );
  });
});

describe('exonyms find the same place', () => {
  it.each(['Zoug', 'Zugo'])('"%s" lists the parcels of Zug', async (text) => {
    const response = await search(text);
    expect(response.hits.total.value).toBeGreaterThan(0);
    expect(new Set(municipalitiesOf(response))).toEqual(new Set(['Zug']));
  });

  it('knows Genf, Genève, Ginevra and Geneva as one place, Luzern and Lucerne as another', () => {
    const places = createPlaceNames();
    for (const name of ['Genf', 'Genève', 'Geneve', 'Ginevra', 'Geneva'])
      expect(places.match(name)).toContainEqual({ kind: 'municipality', name: 'Genève', cantonCode: 'GE' });
    for (const name of ['Luzern', 'Lucerne', 'lucerna'])
      expect(places.match(name)).toContainEqual({ kind: 'municipality', name: 'Luzern', cantonCode: 'LU' });
    expect(places.match('Tessin')).toEqual([{ kind: 'canton', name: 'Ticino', cantonCode: 'TI' }]);
    expect(places.match('Zugerweg')).toEqual([]);
  });
});

describe('a known place in a canton without data', () => {
  it.each([
    ['Zürich', 'ZH'],
    ['Genf', 'GE'],
    ['Ginevra', 'GE'],
    ['Lucerne', 'LU'],
  ])('"%s" says "No data for canton %s in this dataset"', async (text, canton) => {
    const response = await search(text);
    expect(response.hits.total.value).toBe(0);
    expect(response.errorMessage).toBe(`No data for canton ${canton} in this dataset`);
  });

  it('says it in the langcode language', async () => {
    expect((await search('Zürich', 'de')).errorMessage).toBe(
      'Keine Daten für den Kanton ZH in diesem Datensatz',
    );
    expect((await search('Genf', 'fr')).errorMessage).toBe(
      'Aucune donnée pour le canton GE dans ce jeu de données',
    );
  });

  it('leaves an unknown text with no hits to the plain "No results found"', async () => {
    const response = await search('Xylophonweg');
    expect(response.hits.total.value).toBe(0);
    expect(response.errorMessage).toBeUndefined();
  });
});
