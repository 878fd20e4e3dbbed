import { importCadastreFile } from '../../server/data/cadastre/importCadastreFile';
import { createSqliteCadastreWriter } from '../../server/store/sqlite/parcels/createSqliteCadastreWriter';
import { createDatasetTestApp } from './helpers/buildTestDataset';
import type { TestApp } from './helpers/createTestApp';
import { describeMultiPartParcel } from './helpers/multiPartParcelScenario';

// Multi-part parcels kept whole (drawn, searched, exported) on the SQLite adapter; the same
// scenario runs on PostgreSQL in postgresMultiPartParcels.test.ts.

let t: TestApp | undefined;
afterAll(async () => t?.close());

describeMultiPartParcel('SQLite', async () => {
  const app = await createDatasetTestApp();
  t = app.t;
  return {
    t: app.t,
    user: app.headers,
    importFile: (file) => importCadastreFile({ writer: createSqliteCadastreWriter(app.t.db), file }),
  };
});
