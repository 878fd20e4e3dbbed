import { buildPostgresDataset } from '../../server/data/buildPostgresDataset';
import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { openPostgresCadastreWriter } from '../../server/store/postgres/cadastre/openPostgresCadastreWriter';
import { lv95ToLonLat } from '../../server/geo/projection';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { BAAR, describeMultiPartParcel, EGRID, LARGER, SMALLER } from './helpers/multiPartParcelScenario';
import {
  createTestPostgresDatabase,
  SMALL_ZUG_DATASET,
  type TestPostgresDatabase,
} from './helpers/testPostgres';

// Multi-part parcels kept whole on PostgreSQL/PostGIS (the whole app on DATABASE_URL, the import
// through the PostgreSQL cadastre writer); multiPartParcels.test.ts runs the same scenario on SQLite.

let database: TestPostgresDatabase | undefined;
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describeMultiPartParcel('PostgreSQL', async () => {
  database = await createTestPostgresDatabase();
  await buildPostgresDataset(database.url, SMALL_ZUG_DATASET);
  t = await createTestApp({ DATABASE_URL: database.url });
  const { headers } = await signIn(t.app);
  t.app.ctx.quota = { consume: async () => ({ ok: true }) };
  const url = database.url;
  return {
    t,
    user: headers,
    async importFile(file) {
      const { writer, close } = await openPostgresCadastreWriter(url);
      try {
        return await importCadastreFile({ writer, file });
      } finally {
        await close();
      }
    },
  };
});

describe('the PostGIS shape of a parcel of two parts', () => {
  it('is a MultiPolygon of both parts, holding a point of the smaller one (ST_Contains)', async () => {
    const db = await connectPostgres(database!.url);
    try {
      const [e, n] = SMALLER[0][0];
      const [lon, lat] = lv95ToLonLat(e + 10, n + 7);
      const row = await db.one<{ type: string; parts: number; holes: number; inside: boolean; bfs: number }>(
        `SELECT GeometryType(shape) AS type, ST_NumGeometries(shape) AS parts,
           ST_NumInteriorRings(ST_GeometryN(shape, 1)) AS holes, mun_bfs AS bfs,
           ST_Contains(shape, ST_Transform(ST_SetSRID(ST_MakePoint($2, $3), 4326), 3857)) AS inside
         FROM parcels WHERE prc_id = $1`,
        [EGRID, lon, lat],
      );
      expect(row).toEqual({
        type: 'MULTIPOLYGON',
        parts: 2,
        holes: LARGER.length - 1,
        inside: true,
        bfs: BAAR,
      });
    } finally {
      await db.close();
    }
  });
});
