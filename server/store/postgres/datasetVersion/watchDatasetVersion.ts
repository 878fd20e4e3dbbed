import type { PostgresConnection } from '../PostgresConnection';
import { DATASET_CHANNEL } from '../migrations/080-dataset-notifications';

/**
 * The stored dataset's version (its `meta` row) as this instance knows it, read again only when the
 * database said it changed (ADR 021f): a NOTIFY from the meta trigger of migration 80, or a reconnect
 * (a notification may have been missed). Asking costs no round trip: the connection only looks at what the
 * server already sent. A change made by another instance is seen as soon as its notification has arrived —
 * on a local network within a millisecond or so of the commit.
 */
export type DatasetVersionWatch = () => string;

export function watchDatasetVersion(db: PostgresConnection): DatasetVersionWatch {
  db.listen(DATASET_CHANNEL);
  let known: string | null = null;
  return () => {
    if (db.takeNotification(DATASET_CHANNEL) || known === null)
      known = db.one<{ value: string }>("SELECT value FROM meta WHERE key = 'dataset'")?.value ?? '';
    return known;
  };
}
