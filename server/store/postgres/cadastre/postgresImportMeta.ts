import type { ImportRecord } from '../../contract/parcels/CadastreWriter';
import { NO_DATASET_TO_IMPORT_INTO, withImport } from '../../contract/parcels/cadastreWriting';
import type { DatasetInfo } from '../../contract/parcels/DatasetWriter';
import type { PostgresConnection } from '../PostgresConnection';

const META_KEY = 'dataset';

/**
 * The import writers' meta update (inside their transaction): new counts, the import's record and a new
 * build id; the meta row's trigger (migration 80) tells every instance at commit.
 */
export async function markImportChanged(db: PostgresConnection, record: ImportRecord): Promise<void> {
  const stored = await db.one<{ value: string }>('SELECT value FROM meta WHERE key = $1', [META_KEY]);
  if (!stored) throw new Error(NO_DATASET_TO_IMPORT_INTO);
  const counts = (await db.one<{ parcels: number; buildings: number }>(
    'SELECT (SELECT count(*) FROM parcels) AS parcels, (SELECT count(*) FROM buildings) AS buildings',
  )) ?? { parcels: 0, buildings: 0 };
  const next = withImport(JSON.parse(stored.value) as DatasetInfo, record, counts);
  await db.run('UPDATE meta SET value = $2 WHERE key = $1', [META_KEY, JSON.stringify(next)]);
}
