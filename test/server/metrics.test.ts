/**
 * /metrics in the Prometheus text format, read back by an independent parser (parse-prometheus-text-format,
 * not prom-client): request durations by route pattern and status, tile cache hits and misses, search and
 * report timings, quota denials, database timings and pool use, event-loop lag and process metrics, each
 * seen moving under a small load. Served only with METRICS_TOKEN (bearer) or on METRICS_PORT.
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { REPORT_PATHS, reportTabQuery, type OneTimeTokenResponse } from '../../src/contract/Reports';
import { tileAt } from '../../server/geo/projection';
import { ConfigError, loadConfig } from '../../server/config';
import { buildTestDataset } from './helpers/buildTestDataset';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { freePort } from './helpers/freePort';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './helpers/testPostgres';

const TOKEN = 'scrape-me-7f3a91b2c4d5';
const P = 'parcel_atlas_';

type Labels = Record<string, string>;

/**
 * A scrape read back. The parser folds every labelled series of a histogram into one unlabelled sample, so
 * the text is also read without its histogram TYPE lines: a histogram's `_count` series then stand as
 * untyped samples of their own (one family per labelled series), labels kept.
 */
class Scrape {
  readonly families: PrometheusFamily[];
  private readonly series: PrometheusFamily[];
  constructor(text: string) {
    this.families = parsePrometheusTextFormat(text);
    this.series = parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, ''));
  }
  private samples(name: string) {
    return this.series.filter((family) => family.name === name).flatMap((family) => family.metrics);
  }
  family(name: string): PrometheusFamily | undefined {
    return this.families.find((family) => family.name === name);
  }
  /** The sum of a counter's or gauge's samples, or of a histogram's counts, with these labels (0: none). */
  value(name: string, labels: Labels = {}): number {
    const histogram = this.family(name)?.type === 'HISTOGRAM';
    const samples = this.samples(histogram ? `${name}_count` : name);
    return samples
      .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
      .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
  }
  /** The label values a histogram's series carry. */
  labelValues(name: string, label: string): string[] {
    return this.samples(`${name}_count`).map((sample) => sample.labels?.[label] ?? '');
  }
}

const parse = (text: string) => new Scrape(text);

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let prcId: string;
  let tile: { x: number; y: number };
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    buildTestDataset(t.db);
    const parcel = t.db
      .prepare('SELECT prc_id, lon, lat FROM parcels WHERE obj_count > 0 ORDER BY id LIMIT 1')
      .get() as { prc_id: string; lon: number; lat: number };
    prcId = parcel.prc_id;
    tile = tileAt(parcel.lon, parcel.lat, 15);
  }, 60_000);
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.body);
  };

  it('refuses a scrape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain(`${P}http_request_duration_seconds`);
    }
  });

  it('has the process metrics, event-loop lag among them', async () => {
    const first = await scrape();
    for (const name of [
      `${P}process_cpu_user_seconds_total`,
      `${P}process_resident_memory_bytes`,
      `${P}nodejs_eventloop_lag_seconds`,
      `${P}nodejs_eventloop_lag_p99_seconds`,
      `${P}nodejs_heap_size_used_bytes`,
    ])
      expect(first.family(name)).toBeDefined();
    expect(first.value(`${P}process_resident_memory_bytes`)).toBeGreaterThan(0);
  });

  it('moves every named series under load', async () => {
    const before = await scrape();
    const user = await signIn(t.app);
    const secure = (path: string) => `/v1/secure/${path}`;
    const searches = 12;
    for (let i = 0; i < searches; i += 1) {
      const res = await t.app.inject({
        url: secure(`maps/search?searchQuery=baar&page=${(i % 3) + 1}`),
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    // The same tile twice: rendered once (miss), then from the cache (hit).
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        url: secure(`maps/all-around?x=${tile.x}&y=${tile.y}&z=15`),
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    // The trial plan's 10 advanced searches, then an 11th distinct one is refused (a quota denial).
    const advanced = [];
    for (let i = 0; i < 11; i += 1)
      advanced.push(
        (
          await t.app.inject({
            url: secure(`maps/advance-search?searchQuery=baar${i}`),
            headers: user.headers,
          })
        ).statusCode,
      );
    expect(advanced.filter((status) => status === 402)).toHaveLength(1);
    const detail = await t.app.inject({ url: secure(`maps/prcid/${prcId}/objects`), headers: user.headers });
    expect(detail.statusCode).toBe(200);
    const ott = (
      await t.app.inject({ url: secure(REPORT_PATHS.exportToken(prcId)), headers: user.headers })
    ).json<OneTimeTokenResponse>().token;
    const pdf = await t.app.inject({
      url: `${secure(REPORT_PATHS.file('pdf'))}?${reportTabQuery({ prcid: prcId, lang: 'en', ott_token: ott })}`,
    });
    expect(pdf.statusCode).toBe(200);

    const after = await scrape();
    const moved = (name: string, labels: Labels = {}) =>
      after.value(name, labels) - before.value(name, labels);
    const requests = `${P}http_request_duration_seconds`;
    expect(after.family(requests)?.type).toBe('HISTOGRAM');
    expect(moved(requests, { route: '/v1/secure/maps/search', method: 'GET', status_code: '200' })).toBe(
      searches,
    );
    expect(moved(requests, { route: '/v1/secure/maps/advance-search', status_code: '402' })).toBe(1);
    // The route pattern, never the raw URL with its ids and query.
    expect(moved(requests, { route: '/v1/secure/maps/prcid/:id/objects', status_code: '200' })).toBe(1);
    const routes = after.labelValues(requests, 'route');
    expect(routes).toContain('/v1/secure/maps/all-around');
    for (const route of routes) expect(route).not.toMatch(/\?|CH\d|\d{3,}/);

    expect(moved(`${P}tile_cache_lookups_total`, { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(moved(`${P}tile_cache_lookups_total`, { result: 'hit' })).toBeGreaterThanOrEqual(1);
    // The simple searches and the ten advanced ones the plan allowed.
    expect(moved(`${P}search_duration_seconds`, { outcome: 'ok' })).toBe(searches + 10);
    expect(moved(`${P}report_duration_seconds`, { format: 'pdf', outcome: 'ok' })).toBe(1);
    expect(moved(`${P}quota_denials_total`, { quota: 'advance_search' })).toBe(1);
    const database = `${P}db_query_duration_seconds`;
    expect(moved(database, { adapter: 'sqlite', kind: 'unit_of_work' })).toBeGreaterThan(0);
    // Every SQLite statement is timed (better-sqlite3 has no hook: openDatabase wraps prepare), labelled by
    // its verb and first table: the search's reads and the quota's writes moved.
    const sqlite = { adapter: 'sqlite', kind: 'statement' };
    expect(moved(database, sqlite)).toBeGreaterThan(searches);
    const labels = after
      .labelValues(database, 'statement')
      .filter((label) => label !== '')
      .sort();
    console.log(`SQLite statement labels: ${labels.join(', ')}`);
    for (const label of labels) expect(label).toMatch(/^[a-z]+( [a-z0-9_]+)?$/);
    expect(moved(database, { ...sqlite, statement: 'select parcels' })).toBeGreaterThan(0);
    expect(labels.filter((label) => /^(insert|update) /.test(label)).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('/metrics on METRICS_PORT, over PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let t: TestApp;
  let metricsPort: number;
  let appPort: number;
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    metricsPort = await freePort();
    t = await createTestApp({
      DATABASE_URL: database.url,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (t.app.server.address() as { port: number }).port;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('serves the metrics on its own port only, with statement timings and the pool', async () => {
    const onAppPort = await fetch(`http://127.0.0.1:${appPort}/metrics`);
    expect(onAppPort.status).toBe(404);
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      return parse(await res.text());
    };
    const before = await scrape();
    const user = await signIn(t.app);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await fetch(`http://127.0.0.1:${appPort}/v1/secure/subscriptions`, { headers: user.headers }))
          .status,
      ).toBe(200);
    const after = await scrape();
    const statements = { adapter: 'postgres', kind: 'statement' };
    expect(after.value(`${P}db_query_duration_seconds`, statements)).toBeGreaterThan(
      before.value(`${P}db_query_duration_seconds`, statements),
    );
    // The same labels as on SQLite: verb and first table.
    expect(after.labelValues(`${P}db_query_duration_seconds`, 'statement')).toContain('select subscriptions');
    expect(after.value(`${P}db_pool_connections`, { state: 'max' })).toBe(10);
    expect(after.value(`${P}db_pool_connections`, { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(
      after.value(`${P}http_request_duration_seconds`, {
        route: '/v1/secure/subscriptions',
        status_code: '200',
      }),
    ).toBe(5);
  });
});

describe('/metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('is not served', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('metrics settings', () => {
  const base = { DATA_DIR: '/tmp/parcel-atlas-metrics-config' };
  it('refuses a short or spaced METRICS_TOKEN and a METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'long enough but spaced' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT must differ/,
    );
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({
      token: null,
      port: 9464,
      host: '0.0.0.0',
    });
  });
});
