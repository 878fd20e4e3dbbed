import type { PostgresConnection } from '../PostgresConnection';
import { DATASET_CHANNEL } from '../migrations/080-dataset-notifications';

/**
 * The stored dataset's version (its `meta` row) as this instance knows it, read again only when the
 * database said it changed (ADR 051): a NOTIFY from the meta trigger of migration 80, or a lost listening
 * connection (a notification may have been missed). Asking costs no round trip while nothing changed: the
 * notifications arrive on the listening connection by themselves. A change made by another instance is
 * seen as soon as its notification has arrived — on a local network within a millisecond or so of the commit.
 */
export type DatasetVersionWatch = () => Promise<string>;

export function watchDatasetVersion(db: PostgresConnection): DatasetVersionWatch {
  // Resolves false when PostgreSQL could not be reached: the version is then read every time until it can.
  const startListening = () =>
    db.listen(DATASET_CHANNEL).then(
      () => true,
      () => false,
    );
  let listening = startListening();
  let known: string | null = null;
  return async () => {
    const heard = await listening;
    if (!heard) listening = startListening();
    if (!heard || db.takeNotification(DATASET_CHANNEL) || known === null)
      known = (await db.one<{ value: string }>("SELECT value FROM meta WHERE key = 'dataset'"))?.value ?? '';
    return known;
  };
}
