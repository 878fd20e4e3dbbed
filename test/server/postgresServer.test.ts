import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { buildDatasetAsync } from '../../server/data/buildDataset';
import { tileAt } from '../../server/geo/projection';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { createPostgresDatasetWriter } from '../../server/store/postgres/parcels/createPostgresDatasetWriter';
import type { BasicParcelObjectsResponse, SearchResponse } from '../../src/contract/Parcel';
import { TEST_DATASET_OPTIONS } from './helpers/buildTestDataset';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

// The whole app on PostgreSQL (DATABASE_URL): the test dataset is written into the database by the
// PostgreSQL dataset writer, the SQLite file of the test app stays without parcels.
let database: TestPostgresDatabase;
let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  database = await createTestPostgresDatabase();
  t = await createTestApp({ DATABASE_URL: database.url });
  const writing = await connectPostgres(database.url);
  try {
    await buildDatasetAsync(createPostgresDatasetWriter(writing), TEST_DATASET_OPTIONS);
  } finally {
    await writing.close();
  }
  headers = (await signIn(t.app)).headers;
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('the app on PostgreSQL', () => {
  it('searches, opens a parcel with its buildings and serves its tile over HTTP', async () => {
    expect(t.db.prepare('SELECT count(*) FROM parcels').pluck().get()).toBe(0);
    const res = await t.app.inject({ url: '/v1/secure/maps/advance-search?a=1&searchQuery=hunenb', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body.hits.total.value).toBeGreaterThan(0);
    expect(body.aggregations.byLocation.buckets[0].key).toBe('Hünenberg');
    const hit = body.hits.hits.find((h) => (h._source.OBJ_COUNT ?? 0) > 0) ?? body.hits.hits[0];

    const detail = await t.app.inject({ url: `/v1/secure/maps/prcid/${hit._id}/objects`, headers });
    expect(detail.statusCode).toBe(200);
    const parcel = detail.json() as BasicParcelObjectsResponse;
    expect(parcel.feature.PRC_ID).toBe(hit._id);
    expect(parcel.objects).toHaveLength(parcel.feature.OBJ_COUNT ?? 0);

    const [lon, lat] = hit._source.centroid.coordinates;
    const { x, y } = tileAt(lon, lat, 15);
    const tile = await t.app.inject({ url: `/v1/secure/maps/all-around?x=${x}&y=${y}&z=15`, headers });
    expect(tile.statusCode).toBe(200);
    const layer = new VectorTile(new Pbf(tile.rawPayload)).layers.around;
    const ids = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.PRC_ID);
    expect(ids).toContain(hit._id);
  });
});
