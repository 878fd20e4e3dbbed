import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { SavedSearchAlerts } from './SavedSearchAlerts';
import type { ListFactAlerts } from '../lists/ListFactAlerts';

/** Emitted on ctx.events when this process changed the dataset (an import finished). */
export const DATASET_CHANGED_EVENT = 'dataset-changed';
/**
 * How often the saved searches are checked without being told: a rebuild by the command line or another
 * instance changes the build id, which the next check sees (also after a restart); digests fall due.
 */
export const ALERT_CHECK_INTERVAL_MS = 5 * 60 * 1000;

export interface AlertScheduler {
  start(): void;
  stop(): Promise<void>;
  /** Runs one check now (after an import) and resolves when it and any running one have finished. */
  runNow(): Promise<void>;
}

/**
 * Runs the alert rounds one at a time: on DATASET_CHANGED_EVENT at once, and on a timer. A round asked
 * for while one runs runs once after it, so an import that finishes mid-round is not missed. A round
 * matches the saved searches, compares the lists' parcels with the dataset (when given), then sends the
 * digests due.
 */
export function createAlertScheduler(
  alerts: SavedSearchAlerts,
  events: EventEmitter,
  log: FastifyBaseLogger,
  listFacts?: ListFactAlerts,
): AlertScheduler {
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const round = async () => {
    try {
      const matched = await alerts.matchDatasetChange();
      const listed = await listFacts?.compareWithDataset();
      const digests = await alerts.sendDueDigests();
      if (matched.matched > 0 || digests.delivered > 0 || (listed?.changed ?? 0) > 0)
        log.info({ matched, listed, digests }, 'saved-search and list alerts checked');
    } catch (error) {
      log.warn({ err: error }, 'saved-search alerts could not be checked');
    }
  };
  const runNow = () => {
    if (queued) return queued;
    queued = running.then(() => {
      queued = null;
      running = round();
      return running;
    });
    return queued;
  };
  const onChange = () => void runNow();
  return {
    start() {
      events.on(DATASET_CHANGED_EVENT, onChange);
      timer = setInterval(onChange, ALERT_CHECK_INTERVAL_MS);
      timer.unref();
      void runNow();
    },
    async stop() {
      events.off(DATASET_CHANGED_EVENT, onChange);
      if (timer) clearInterval(timer);
      await (queued ?? running);
    },
    runNow,
  };
}
