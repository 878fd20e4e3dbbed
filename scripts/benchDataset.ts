/** The benchmarks' dataset: a SQLite file of the given cantons, built on first use and reused after. */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { buildDataset } from '../server/data/buildDataset';
import { openDatabase } from '../server/store/openDatabase';
import { createSqliteDatasetWriter } from '../server/store/parcels/createSqliteDatasetWriter';

/** Opens `file`, building the cantons' dataset into it unless it already holds exactly them; prints its size. */
export function openBenchDataset(file: string, cantons: string[]): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = openDatabase(file);
  const writer = createSqliteDatasetWriter(db);
  let info = writer.readInfo();
  if (!info || info.cantons.join(',') !== cantons.join(',')) {
    console.log(`Building dataset ${cantons.join(',')} into ${file} …`);
    info = buildDataset(writer, {
      cantons,
      onProgress: (text, done, total) => {
        if (done % 25 === 0 || done === total) process.stdout.write(`\r${text}   `);
      },
    });
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log('');
  }
  const size = fs.statSync(file).size / 1024 / 1024;
  console.log(
    `Dataset ${info.cantons.join(',')}: ${info.parcels.toLocaleString('en-US')} parcels, ` +
      `${info.buildings.toLocaleString('en-US')} buildings; built in ${info.buildSeconds} s; file ${size.toFixed(0)} MB`,
  );
  return db;
}
