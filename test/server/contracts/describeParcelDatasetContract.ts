import type { Stores } from '../../../server/store/contract/Stores';
import { parcelFeature } from '../../../server/services/ogc/featureItems';
import { CRS84, LV95 } from '../../../server/services/ogc/ogcCrs';
import { PAGE_ROOM } from '../../../server/store/contract/parcels/parcelFeatureJson';
import type { ParcelQuery } from '../../../server/store/contract/parcels/ParcelQuery';
import type { Parcel } from '../../../src/contract/Parcel';
import { estimateBuildingReserve } from '../../../src/contract/BuildingReserve';
import type { TileFeatureBatch } from '../../../server/store/contract/parcels/tileFeatureBatch';
import { LAYER_TILE_MIN_ZOOM, type LayerTileName } from '../../../src/contract/MapLayers';
import { lonLatToMercator, tileAt, tileBox, type MercatorBox } from '../../../server/geo/projection';

/** The dataset's read side of one adapter, over the shared test dataset (three municipalities of Zug). */
export type DatasetStores = Pick<Stores, 'parcels' | 'layers' | 'priceLevels'>;

/** A tile batch as comparable rows: id, attribute values and the encoded geometry's bytes. */
function tileRows(batch: TileFeatureBatch): { id: number; values: string[]; geometry: string }[] {
  const fields = batch.keys.length + 1;
  const text = (start: number, end: number) => Buffer.from(batch.data.subarray(start, end));
  const rows = [];
  for (let f = 0; f < batch.count; f++) {
    const span = (k: number) => [batch.spans[(f * fields + k) * 2], batch.spans[(f * fields + k) * 2 + 1]];
    const values = batch.keys.map((_, k) => text(span(k)[0], span(k)[1]).toString('utf8'));
    rows.push({
      id: batch.ids[f],
      values,
      geometry: text(span(batch.keys.length)[0], span(batch.keys.length)[1]).toString('hex'),
    });
  }
  return rows.sort((a, b) => a.id - b.id);
}

const PAGE = { page: 1, size: 20 };

/**
 * The parcel, layer and price-level repositories as every adapter must answer them. `reference` (the
 * SQLite adapter over the same generated dataset) gives the expected answers where the rule is "the same
 * as SQLite"; for the SQLite run itself it is the adapter, and the suite checks the rules on their own.
 */
export function describeParcelDatasetContract(
  make: () => DatasetStores,
  reference: () => DatasetStores,
): void {
  let stores: DatasetStores;
  let expected: DatasetStores;
  /** A parcel with a street address and a house number, a Zug postcode and its municipality. */
  let sample: {
    prcId: string;
    prcNo: string;
    street: string;
    houseNo: string;
    zip: string;
    locname: string;
    lon: number;
    lat: number;
  };
  beforeAll(async () => {
    stores = make();
    expected = reference();
    // Any numbered address will do: words start with these letters in every generated Zug dataset.
    let hit: Awaited<ReturnType<DatasetStores['parcels']['search']>>['hits'][number] | undefined;
    for (const text of ['s', 'b', 'h', 'k']) {
      const { hits } = await expected.parcels.search({ text }, { page: 1, size: 200 });
      hit = hits.find((p) => p.STREET_ADDRESS && /\d$/.test(p.STREET_ADDRESS));
      if (hit) break;
    }
    if (!hit) throw new Error('the test dataset has no parcel with a house number');
    const address = hit.STREET_ADDRESS as string;
    sample = {
      prcId: hit.PRC_ID,
      prcNo: hit.PRC_NO,
      street: address.replace(/ \S+$/, ''),
      houseNo: address.replace(/^.* /, ''),
      zip: hit.PRC_ZIP,
      locname: hit.LOCNAME,
      lon: hit.centroid.coordinates[0],
      lat: hit.centroid.coordinates[1],
    };
  });

  it('has a complete dataset with a version', async () => {
    expect(await stores.parcels.hasDataset()).toBe(true);
    expect(await stores.parcels.datasetVersion()).not.toBe('');
    expect(await stores.parcels.cantonsWithData()).toEqual(['ZG']);
  });

  const searches: [string, () => ParcelQuery, { page: number; size: number }?][] = [
    ['a word (prefix, accents folded)', () => ({ text: 'hunenb' })],
    ['a street word and a municipality', () => ({ text: `${sample.street.slice(0, 5)} ${sample.locname}` })],
    ['a one-letter prefix', () => ({ text: 'b' })],
    ['a one-letter prefix, second page', () => ({ text: 'B' }), { page: 2, size: 25 }],
    ['a postcode', () => ({ text: sample.zip })],
    ['a street and a house number', () => ({ text: `${sample.street} ${sample.houseNo}` })],
    ['an EGRID', () => ({ text: sample.prcId.toLowerCase() })],
    ['a parcel number filter', () => ({ prcNo: sample.prcNo })],
    ['filters only', () => ({ canton: 'ZG', objects: 'With', surface: { from: 300, to: 5000 } })],
    ['filters only, no roads, second page', () => ({ excludeRoads: true }), { page: 2, size: 50 }],
    ['text and filters', () => ({ text: 'b', objects: 'Without', locnames: [sample.locname] })],
    ['a word without letters (nothing)', () => ({ text: '.' })],
    ['a phrase inside one word', () => ({ text: `${sample.street.slice(0, 3)}.x` })],
    [
      'reserve and utilisation ranges, largest reserve first',
      () => ({
        reserve: { from: 200, to: 99999999999 },
        utilisation: { from: 0.4, to: 1.5 },
        sort: 'reserve',
      }),
    ],
    ['every parcel by reserve, third page', () => ({ sort: 'reserve' }), { page: 3, size: 50 }],
    ['text, largest area first', () => ({ text: 'b', sort: 'area' })],
  ];

  for (const [name, query, paging] of searches) {
    it(`searches ${name} with the same total, hits, order and municipalities`, async () => {
      const actual = await stores.parcels.search(query(), paging ?? PAGE);
      const wanted = await expected.parcels.search(query(), paging ?? PAGE);
      expect(actual.total).toBe(wanted.total);
      expect(actual.exact).toBe(wanted.exact);
      expect(actual.hits.map((p) => p.PRC_ID)).toEqual(wanted.hits.map((p) => p.PRC_ID));
      expect(actual.byMunicipality).toEqual(wanted.byMunicipality);
      expect(actual.hits).toEqual(wanted.hits);
    });
  }

  it('finds by word prefix, postcode and house number as the search rules say', async () => {
    const word = await stores.parcels.search(
      { text: sample.street.slice(0, 6).toLowerCase() },
      { page: 1, size: 100 },
    );
    expect(word.total).toBeGreaterThan(0);
    const postcode = await stores.parcels.search({ text: sample.zip }, { page: 1, size: 100 });
    expect(postcode.hits.every((p) => p.PRC_ZIP === sample.zip)).toBe(true);
    const address = await stores.parcels.search({ text: `${sample.street} ${sample.houseNo}` }, PAGE);
    expect(address.hits.map((p) => p.PRC_ID)).toContain(sample.prcId);
    expect((await stores.parcels.search({ text: 'b' }, PAGE)).total).toBeGreaterThan(
      (await stores.parcels.search({ text: 'ba' }, PAGE)).total,
    );
  });

  /** Every hit of a search, page by page. */
  const allHits = async (query: ParcelQuery) => {
    const hits: Parcel[] = [];
    for (let page = 1; ; page++) {
      const result = await stores.parcels.search(query, { page, size: 100 });
      hits.push(...result.hits);
      if (result.hits.length < 100) return { hits, total: result.total };
    }
  };

  it('filters by building reserve and sorts by it as the reserve rule computes it', async () => {
    const { hits, total } = await allHits({ reserve: { from: 400, to: 99999999999 }, sort: 'reserve' });
    expect(total).toBeGreaterThan(5);
    expect(hits).toHaveLength(total);
    const reserves = hits.map((p) => p.POT_RES as number);
    expect(reserves.every((r) => r >= 400)).toBe(true);
    expect(reserves).toEqual([...reserves].sort((a, b) => b - a));
    // The stored figure is the rule's, from the zone and the floor area of the parcel's buildings.
    for (const hit of [hits[0], hits[hits.length - 1]]) {
      const detail = await stores.parcels.parcel(hit.PRC_ID);
      const floorArea = (detail?.objects ?? []).reduce(
        (sum, o) => sum + (o.OBJ_SUR || 0) * (o.OBJ_FLO || 1),
        0,
      );
      const estimate = estimateBuildingReserve({
        canton: hit.CANTON,
        zone: hit.ALPHA_PRIS?.[0] ?? null,
        mainUse: hit.BRAVO_PRIS?.[0] ?? null,
        area: hit.PRC_SUR,
        existingFloorArea: floorArea,
      });
      expect([hit.POT_UTI, hit.POT_RES]).toEqual([estimate.utilisation, estimate.reserve]);
    }
    // Sorted without the filter, the same parcels come first, then the smaller reserves, then parcels
    // outside building zones (no reserve) last.
    const sorted = await stores.parcels.search({ sort: 'reserve' }, { page: 1, size: total + 10 });
    expect(sorted.hits.slice(0, total).map((p) => p.PRC_ID)).toEqual(hits.map((p) => p.PRC_ID));
    expect(sorted.hits.slice(total).every((p) => (p.POT_RES ?? 0) < 400)).toBe(true);
    const last = await stores.parcels.search(
      { sort: 'reserve' },
      { page: Math.ceil(sorted.total / 100), size: 100 },
    );
    expect(last.hits[last.hits.length - 1].POT_RES).toBeUndefined();
  });

  it("matches utilisation ranges in the figure's own units, parcels outside building zones never", async () => {
    const { hits, total } = await allHits({ utilisation: { from: 0.45, to: 0.45 } });
    expect(total).toBeGreaterThan(0);
    expect(hits.every((p) => p.POT_UTI === 0.45)).toBe(true);
    const none = await stores.parcels.search({ reserve: { from: 0, to: 99999999999 }, canton: 'ZG' }, PAGE);
    const all = await stores.parcels.search({ canton: 'ZG' }, PAGE);
    expect(none.total).toBeLessThan(all.total);
  });

  it('ranks a preferred municipality first', async () => {
    const ranking = { preferMunicipalities: [sample.locname] };
    const actual = await stores.parcels.search({ text: 'b' }, PAGE, ranking);
    expect(actual.hits[0].LOCNAME).toBe(sample.locname);
    expect(actual.hits.map((p) => p.PRC_ID)).toEqual(
      (await expected.parcels.search({ text: 'b' }, PAGE, ranking)).hits.map((p) => p.PRC_ID),
    );
  });

  it('gives the same parcel detail with buildings and canton', async () => {
    const detail = await stores.parcels.parcel(sample.prcId);
    expect(detail?.parcel.PRC_ID).toBe(sample.prcId);
    expect(detail).toEqual(await expected.parcels.parcel(sample.prcId));
    expect(await stores.parcels.parcel('CH000000000000')).toBeNull();
  });

  it('reads the parcels of a tile batch by row id, in the order asked, as the detail gives them', async () => {
    const [box] = tiles();
    const batch = await stores.parcels.tileParcels(box, null, 50);
    const ids = Array.from(batch.ids.subarray(0, batch.count)).reverse();
    const parcels = await stores.parcels.parcelsByRowIds([...ids, -1]);
    expect(parcels).toHaveLength(ids.length);
    expect(parcels).toEqual(await expected.parcels.parcelsByRowIds(ids));
    expect(parcels[0]).toEqual((await stores.parcels.parcel(parcels[0].PRC_ID))?.parcel);
    expect(await stores.parcels.parcelsByRowIds([])).toEqual([]);
  });

  it('reads the parcels of a page as GeoJSON feature text, byte for byte the JSON of the parcels as features', async () => {
    const [, neighbourhood] = tiles();
    const batch = await stores.parcels.tileParcels(neighbourhood, null, 300);
    const ids = Array.from(batch.ids.subarray(0, batch.count)).reverse();
    expect(ids.length).toBeGreaterThan(50);
    const parcels = await stores.parcels.parcelsByRowIds(ids);
    for (const [crs, ogc] of [
      ['wgs84', CRS84],
      ['lv95', LV95],
    ] as const) {
      const features = await stores.parcels.parcelFeatures([...ids, -1], crs);
      expect(features.prcIds).toEqual(parcels.map((parcel) => parcel.PRC_ID));
      // Byte for byte the text of the single items' feature objects.
      expect(features.json.bytes.toString('utf8')).toBe(
        JSON.stringify(parcels.map((parcel) => parcelFeature(parcel, ogc))).slice(1, -1),
      );
      // The same page as the reference store gives (its bytes and room; each page has its own release).
      const reference = await expected.parcels.parcelFeatures(ids, crs);
      expect(features.prcIds).toEqual(reference.prcIds);
      expect(features.json.bytes.equals(reference.json.bytes)).toBe(true);
      expect(features.json.room).toEqual(reference.json.room);
    }
    // Parcels with and without a building reserve, an address, zones: every optional attribute is met.
    const keys = new Set(parcels.flatMap((parcel) => Object.keys(parcelFeature(parcel, CRS84).properties)));
    expect([...keys]).toEqual(expect.arrayContaining(['STREET_ADDRESS', 'POT_RES', 'POT_UTI', 'HAZ_WAT']));
    expect(parcels.some((parcel) => parcel.POT_RES === undefined)).toBe(true);
    const empty = await stores.parcels.parcelFeatures([], 'wgs84');
    expect(empty.prcIds).toEqual([]);
    expect(empty.json.bytes).toEqual(Buffer.alloc(0));
    expect(empty.json.room).toEqual(PAGE_ROOM);
  });

  it("gives a search's page as row ids, with the exact count also beyond the cap for filters", async () => {
    for (const [query, paging] of [
      [{ canton: 'ZG' }, { page: 2, size: 50 }],
      [
        { text: 'b', objects: 'With' },
        { page: 1, size: 30 },
      ],
      [{ sort: 'reserve' }, { page: 3, size: 40 }],
    ] as [ParcelQuery, { page: number; size: number }][]) {
      const page = await stores.parcels.searchRowIds(query, paging);
      const search = await stores.parcels.search(query, paging);
      expect([page.total, page.exact]).toEqual([search.total, search.exact]);
      const parcels = await stores.parcels.parcelsByRowIds(page.ids);
      expect(parcels.map((p) => p.PRC_ID)).toEqual(search.hits.map((p) => p.PRC_ID));
      if (search.exact) expect(page.matched).toBe(search.total);
      expect(page).toEqual(await expected.parcels.searchRowIds(query, paging));
    }
  });

  it('answers the lookups alike', async () => {
    expect(await stores.parcels.cantons()).toEqual(await expected.parcels.cantons());
    expect(await stores.parcels.cantons()).toHaveLength(26);
    expect(await stores.parcels.cantonByCode('ZG')).toEqual(await expected.parcels.cantonByCode('ZG'));
    expect(await stores.parcels.findCantons('zur', 5)).toEqual(await expected.parcels.findCantons('zur', 5));
    expect((await stores.parcels.findCantons('genf', 5)).map((c) => c.code)).toEqual(['GE']);
    expect(await stores.parcels.thermals('', 'ZG', 8)).toEqual(await expected.parcels.thermals('', 'ZG', 8));
    expect(await stores.parcels.locationNames('hunen', undefined, 5)).toEqual([
      { code: 'Hünenberg', canton: 'ZG' },
    ]);
    expect(await stores.parcels.locationNames('', 'ZG', 10)).toEqual(
      await expected.parcels.locationNames('', 'ZG', 10),
    );
    expect(await stores.parcels.alphas('w', 'ALPHA_PRI', 'ZG', 10)).toEqual(
      await expected.parcels.alphas('w', 'ALPHA_PRI', 'ZG', 10),
    );
    const streets = await stores.parcels.streets(sample.street.slice(0, 4), 'ZG', [sample.locname], 10);
    expect(streets.length).toBeGreaterThan(0);
    expect(streets).toEqual(
      await expected.parcels.streets(sample.street.slice(0, 4), 'ZG', [sample.locname], 10),
    );
    expect(await stores.parcels.streets('', 'ZG', [], 30)).toEqual(
      await expected.parcels.streets('', 'ZG', [], 30),
    );
    expect(await stores.parcels.dataQuality()).toEqual(await expected.parcels.dataQuality());
  });

  /** Tiles around the sample parcel: a city block (z16), a neighbourhood (z14) and the region (z12). */
  const tiles = (): MercatorBox[] =>
    [16, 14, 12].map((z) => {
      const { x, y } = tileAt(sample.lon, sample.lat, z);
      return tileBox(z, x, y);
    });

  it('gives the same parcel and building features for a tile, filtered or not', async () => {
    for (const box of tiles()) {
      const parcels = tileRows(await stores.parcels.tileParcels(box, null, 20_000));
      expect(parcels.length).toBeGreaterThan(0);
      expect(parcels).toEqual(tileRows(await expected.parcels.tileParcels(box, null, 20_000)));
      const query: ParcelQuery = { text: 'b', objects: 'With' };
      expect(tileRows(await stores.parcels.tileParcels(box, query, 20_000))).toEqual(
        tileRows(await expected.parcels.tileParcels(box, query, 20_000)),
      );
      expect(tileRows(await stores.parcels.tileBuildings(box, 20_000))).toEqual(
        tileRows(await expected.parcels.tileBuildings(box, 20_000)),
      );
    }
    const [block] = tiles();
    expect((await stores.parcels.tileParcels(block, null, 3)).count).toBe(3);
  });

  it('gives the same map-layer features for a tile', async () => {
    const [x, y] = lonLatToMercator(sample.lon, sample.lat);
    const box = { minX: x - 3000, minY: y - 3000, maxX: x + 3000, maxY: y + 3000 };
    let seen = 0;
    for (const layer of Object.keys(LAYER_TILE_MIN_ZOOM) as LayerTileName[]) {
      const byId = (rows: { id: number }[]) => [...rows].sort((a, b) => a.id - b.id);
      const actual = byId(await stores.layers.features(layer, box, 50_000));
      expect(actual).toEqual(byId(await expected.layers.features(layer, box, 50_000)));
      seen += actual.length;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('finds one building by OBJ_ID and one layer feature by id, as the box reads give them', async () => {
    const [block] = tiles();
    const buildings = tileRows(await stores.parcels.tileBuildings(block, 20_000));
    expect(buildings.length).toBeGreaterThan(0);
    for (const building of [buildings[0], buildings[buildings.length - 1]]) {
      const found = tileRows(await stores.parcels.buildingByObjectId(building.values[0]));
      expect(found).toEqual([building]);
      expect(found).toEqual(tileRows(await expected.parcels.buildingByObjectId(building.values[0])));
    }
    expect((await stores.parcels.buildingByObjectId('99999999999')).count).toBe(0);

    const [x, y] = lonLatToMercator(sample.lon, sample.lat);
    const box = { minX: x - 3000, minY: y - 3000, maxX: x + 3000, maxY: y + 3000 };
    const layers = Object.keys(LAYER_TILE_MIN_ZOOM) as LayerTileName[];
    let seen = 0;
    for (const layer of layers) {
      const [row] = await stores.layers.features(layer, box, 1);
      if (!row) continue;
      seen++;
      expect(await stores.layers.feature(layer, row.id)).toEqual(row);
      expect(await stores.layers.feature(layer, row.id)).toEqual(
        await expected.layers.feature(layer, row.id),
      );
      const other = layers.find((name) => name !== layer) as LayerTileName;
      expect(await stores.layers.feature(other, row.id)).toBeNull();
    }
    expect(seen).toBeGreaterThan(2);
    expect(await stores.layers.feature(layers[0], 2_147_483_647)).toBeNull();
  });

  it('gives each municipality its price level', async () => {
    const bfs = (await expected.parcels.search({ locnames: [sample.locname] }, PAGE)).hits[0].PRC_MUN;
    expect(await stores.priceLevels.chfPerM2(bfs)).toBeGreaterThan(0);
    expect(await stores.priceLevels.chfPerM2(bfs)).toBe(await expected.priceLevels.chfPerM2(bfs));
    expect(await stores.priceLevels.chfPerM2(99_999)).toBeNull();
  });
}
