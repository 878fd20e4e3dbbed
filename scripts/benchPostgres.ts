/**
 * `npm run bench -- --postgres [--cantons ZG]`: the same dataset in SQLite and in PostgreSQL/PostGIS,
 * search and tile figures side by side, and PostGIS's ST_AsMVT against our encoder on the same rows.
 * PostgreSQL: DATABASE_URL when set (its dataset is rebuilt when the cantons differ), else a throwaway
 * cluster in a temporary directory (the test suite's, needs Debian's postgresql and postgis).
 */
import { withoutUnits } from '../server/store/sqlite/unitOfWork/serialiseUnits';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { line, percentiles, time } from './benchFigures';
import { buildDataset, buildDatasetAsync } from '../server/data/buildDataset';
import { tileAt, tileBox } from '../server/geo/projection';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { createSqliteDatasetWriter } from '../server/store/sqlite/parcels/createSqliteDatasetWriter';
import { createSqliteParcelRepository } from '../server/store/sqlite/parcels/createSqliteParcelRepository';
import type { ParcelRepository } from '../server/store/contract/parcels/ParcelRepository';
import type { ParcelQuery } from '../server/store/contract/parcels/ParcelQuery';
import { connectPostgres, type PostgresConnection } from '../server/store/postgres/PostgresConnection';
import { postgresMigrations } from '../server/store/postgres/migrations';
import { migratePostgres } from '../server/store/postgres/migrations/migratePostgres';
import { createPostgresDatasetWriter } from '../server/store/postgres/parcels/createPostgresDatasetWriter';
import { createPostgresParcelRepository } from '../server/store/postgres/parcels/createPostgresParcelRepository';
import { renderTile } from '../server/services/tiles/TileService';
import { TILE_BUFFER, TILE_EXTENT } from '../server/services/tiles/writeMvt';
import { TILE_SOURCE_LAYERS } from '../src/contract/VectorTiles';
import { startPostgresCluster } from '../test/server/helpers/postgresCluster';
import { loadStorageConfig } from '../server/config';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export async function postgresDataset(url: string, cantons: string[]): Promise<PostgresConnection> {
  const db = await connectPostgres(url, { statementTimeoutMs: 0 });
  await migratePostgres(db, postgresMigrations);
  const writer = createPostgresDatasetWriter(db);
  const info = await writer.readInfo();
  if (!info || info.cantons.join(',') !== cantons.join(',')) {
    const started = Date.now();
    const built = await buildDatasetAsync(writer, { cantons });
    console.log(
      `PostgreSQL dataset ${cantons.join(',')}: ${built.parcels.toLocaleString('en-US')} parcels written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return db;
}

export function sqliteDataset(file: string, cantons: string[]) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = openDatabase(file);
  const writer = createSqliteDatasetWriter(db);
  const info = writer.readInfo();
  if (!info || info.cantons.join(',') !== cantons.join(',')) buildDataset(writer, { cantons });
  return db;
}

/** ST_AsMVT over the same parcels (box && tile, same LIMIT) with the same attributes, extent and buffer. */
async function stAsMvt(db: PostgresConnection, z: number, x: number, y: number): Promise<Buffer> {
  const row = await db.one<{ tile: Buffer }>(
    `SELECT ST_AsMVT(t, 'around', ${TILE_EXTENT}, 'geom', 'id') AS tile FROM (
       SELECT p.id, p.prc_id AS "PRC_ID", p.prc_no AS "PRC_NO", p.typ AS "PRC_TYP", p.ind AS "PRC_IND",
         ST_AsMVTGeom(p.shape, ST_TileEnvelope($1, $2, $3), ${TILE_EXTENT}, ${TILE_BUFFER}, true) AS geom
       FROM parcels p WHERE p.box && ST_TileEnvelope($1, $2, $3) LIMIT 20000) t`,
    [z, x, y],
  );
  return row?.tile ?? Buffer.alloc(0);
}

export async function postgresBenchmark(cantons: string[], sqliteFile: string): Promise<void> {
  let cluster: ReturnType<typeof startPostgresCluster> | null = null;
  let url = loadStorageConfig().databaseUrl;
  if (!url) {
    cluster = startPostgresCluster(await freePort());
    const admin = await connectPostgres(cluster.url('postgres'));
    await admin.exec('CREATE DATABASE bench');
    await admin.close();
    url = cluster.url('bench');
  }
  try {
    const sqlite = withoutUnits<ParcelRepository>(
      createSqliteParcelRepository(sqliteDataset(sqliteFile, cantons)),
    );
    const pgDb = await postgresDataset(url, cantons);
    const postgres = createPostgresParcelRepository(pgDb);
    const adapters: [string, ParcelRepository][] = [
      ['SQLite', sqlite],
      ['PostgreSQL', postgres],
    ];
    const sample = (await sqlite.search({ text: 'bahnhofstrasse' }, { page: 1, size: 1 })).hits[0];
    const searches: [string, ParcelQuery][] = [
      ['word "bahnhofstr"', { text: 'bahnhofstr' }],
      ['one letter "b"', { text: 'b' }],
      ['postcode', { text: sample?.PRC_ZIP ?? '6300' }],
      ['street + house number', { text: 'bahnhofstrasse 1' }],
      ['filters only (built, 500–2000 m²)', { objects: 'With', surface: { from: 500, to: 2000 } }],
      ['text + filter ("b", no roads)', { text: 'b', excludeRoads: true }],
    ];
    console.log('\nSearch (first page of 12, totals capped as served), SQLite vs PostgreSQL');
    for (const [name, query] of searches) {
      for (const [, repo] of adapters) await repo.search(query, { page: 1, size: 12 }); // warm up
      for (const [adapter, repo] of adapters)
        line(`  ${name} — ${adapter}`, await time(30, () => () => repo.search(query, { page: 1, size: 12 })));
    }
    // City-centre tiles around the municipalities' parcels.
    const centres = (await sqlite.search({}, { page: 1, size: 1 })).byMunicipality
      .slice(0, 40)
      .map((m) => [m.lon, m.lat] as const);
    for (const z of [14, 15]) {
      const tiles = centres.map(([lon, lat]) => ({ z, ...tileAt(lon, lat, z) }));
      console.log(`\nTiles z${z} (${tiles.length} city-centre tiles, every parcel, encoded, not gzipped)`);
      for (const [adapter, repo] of adapters) {
        const samples = await time(
          tiles.length,
          (i) => () => renderTile(repo, { kind: TILE_SOURCE_LAYERS.allAround, ...tiles[i], query: null }),
        );
        line(`  our encoder over ${adapter} rows`, samples);
      }
      const ours = await time(
        tiles.length,
        (i) => () => renderTile(postgres, { kind: TILE_SOURCE_LAYERS.allAround, ...tiles[i], query: null }),
      );
      const sizes = { ours: 0, st: 0, features: 0 };
      const st = await time(tiles.length, (i) => async () => {
        sizes.st += (await stAsMvt(pgDb, tiles[i].z, tiles[i].x, tiles[i].y)).length;
      });
      for (const tile of tiles) {
        sizes.ours +=
          (await renderTile(postgres, { kind: TILE_SOURCE_LAYERS.allAround, ...tile, query: null }))
            ?.length ?? 0;
        sizes.features += (await postgres.tileParcels(tileBox(tile.z, tile.x, tile.y), null, 20000)).count;
      }
      line(
        '  ST_AsMVT over the same PostGIS rows',
        st,
        `(${(sizes.st / tiles.length / 1024).toFixed(1)} KB/tile)`,
      );
      line(
        '  our encoder over PostGIS rows (again)',
        ours,
        `(${(sizes.ours / tiles.length / 1024).toFixed(1)} KB/tile, ${Math.round(sizes.features / tiles.length)} features/tile)`,
      );
      const ratio = percentiles(st).p50 / percentiles(ours).p50;
      console.log(
        `  → our encoder is ${ratio.toFixed(1)}× ${ratio >= 1 ? 'faster' : 'slower'} than ST_AsMVT at p50`,
      );
    }
    await pgDb.close();
  } finally {
    cluster?.stop();
  }
}
