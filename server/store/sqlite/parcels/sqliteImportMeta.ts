import type { Database } from 'better-sqlite3';
import type { ImportRecord } from '../../contract/parcels/CadastreWriter';
import { NO_DATASET_TO_IMPORT_INTO, withImport } from '../../contract/parcels/cadastreWriting';
import type { DatasetInfo } from '../../contract/parcels/DatasetWriter';

const META_KEY = 'dataset';

/**
 * Prepares the import writers' meta update (call it inside their transaction): new counts, the import's
 * record and a new build id (`importedAt`), which changes the string the repository and the tile cache key on.
 */
export function prepareMarkChanged(db: Database): (record: ImportRecord) => void {
  const readMeta = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  const writeMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const countParcels = db.prepare('SELECT COUNT(*) FROM parcels').pluck();
  const countBuildings = db.prepare('SELECT COUNT(*) FROM buildings').pluck();
  return (record) => {
    const stored = readMeta.get(META_KEY) as string | undefined;
    if (!stored) throw new Error(NO_DATASET_TO_IMPORT_INTO);
    const next = withImport(JSON.parse(stored) as DatasetInfo, record, {
      parcels: countParcels.get() as number,
      buildings: countBuildings.get() as number,
    });
    writeMeta.run(META_KEY, JSON.stringify(next));
  };
}
