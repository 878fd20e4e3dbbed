import client from 'prom-client';
import type { PoolUse } from '../store/contract/StorageHealth';

/** Seconds: from a cached tile (sub-millisecond) to a large report (seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds of one database statement or unit of work. */
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/**
 * The app's Prometheus metrics on a registry of its own (several apps in one process, as in tests, do
 * not mix their series): the process's default metrics (CPU, memory, event-loop lag, handles, GC), request
 * durations, tile cache lookups, search and report timings, quota denials, database timings and pool use.
 */
export interface AppMetrics {
  registry: client.Registry;
  httpRequestDuration: client.Histogram<'method' | 'route' | 'status_code'>;
  tileCacheLookups: client.Counter<'result'>;
  searchDuration: client.Histogram<'outcome'>;
  reportDuration: client.Histogram<'format' | 'outcome'>;
  quotaDenials: client.Counter<'quota'>;
  databaseQueryDuration: client.Histogram<'adapter' | 'kind' | 'statement'>;
  /**
   * The observation function of one statement label's series (kind `statement`), made once per label:
   * prom-client hashes the labels on every lookup, which a statement run by the thousand should not pay.
   */
  statementTimer(adapter: 'sqlite' | 'postgres', statement: string): (seconds: number) => void;
  /** Where the pool's use is read at each scrape (PostgreSQL); unset, no pool series are written. */
  watchPool(read: () => PoolUse | null): void;
}

export const METRIC_PREFIX = 'parcel_atlas_';

export function createAppMetrics(): AppMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  let readPool: () => PoolUse | null = () => null;
  new client.Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections by state (total open, idle, waiting callers, max)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = readPool();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });
  const databaseQueryDuration = new client.Histogram({
    name: `${METRIC_PREFIX}db_query_duration_seconds`,
    help: 'Database timings: statements (labelled by verb and first table) and units of work',
    labelNames: ['adapter', 'kind', 'statement'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const statementTimers = new Map<string, (seconds: number) => void>();
  return {
    registry,
    databaseQueryDuration,
    statementTimer(adapter, statement) {
      const key = `${adapter} ${statement}`;
      let timer = statementTimers.get(key);
      if (!timer) {
        const series = databaseQueryDuration.labels({ adapter, kind: 'statement', statement });
        timer = (seconds) => series.observe(seconds);
        statementTimers.set(key, timer);
      }
      return timer;
    },
    httpRequestDuration: new client.Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request duration by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    tileCacheLookups: new client.Counter({
      name: `${METRIC_PREFIX}tile_cache_lookups_total`,
      help: 'Tile cache lookups: hit (memory or stored) or miss (rendered)',
      labelNames: ['result'],
      registers: [registry],
    }),
    searchDuration: new client.Histogram({
      name: `${METRIC_PREFIX}search_duration_seconds`,
      help: 'Parcel searches, from the query to the answer (place names included)',
      labelNames: ['outcome'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    reportDuration: new client.Histogram({
      name: `${METRIC_PREFIX}report_duration_seconds`,
      help: 'Report documents generated (PDF, DXF, IFC, assessment page)',
      labelNames: ['format', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    quotaDenials: new client.Counter({
      name: `${METRIC_PREFIX}quota_denials_total`,
      help: 'Requests refused because a plan quota was used up or no plan is active',
      labelNames: ['quota'],
      registers: [registry],
    }),
    watchPool(read) {
      readPool = read;
    },
  };
}

/** Runs `work` and observes its duration under `labels` plus `outcome` (ok or error). */
export async function timed<T, L extends string>(
  histogram: client.Histogram<L | 'outcome'>,
  labels: Partial<Record<L, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const stop = histogram.startTimer(labels as Partial<Record<L | 'outcome', string>>);
  try {
    const result = await work();
    stop({ outcome: 'ok' } as Partial<Record<L | 'outcome', string>>);
    return result;
  } catch (error) {
    stop({ outcome: 'error' } as Partial<Record<L | 'outcome', string>>);
    throw error;
  }
}
