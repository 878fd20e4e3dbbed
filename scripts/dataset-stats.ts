/**
 * Prints how the built dataset compares with the real Swiss figures (docs/data-and-importing.md § Dataset realism).
 *   npm run dataset:stats [-- --db FILE] [--markdown]
 * Without --db it reads DATA_DIR/parcel-atlas.sqlite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadSwissGeography } from '../server/data/geography/loadSwissGeography';
import { coveredLandShare } from '../server/data/stats/coveredLand';
import {
  compareCantons,
  compareWithSwitzerland,
  formatComparison,
} from '../server/data/stats/compareWithSwitzerland';
import { measureDataset } from '../server/store/sqlite/parcels/measureDataset';
import { openSqliteFile } from '../server/store/sqlite/sqliteFile/openSqliteFile';

const args = process.argv.slice(2);
const dbIndex = args.indexOf('--db');
const file =
  dbIndex >= 0
    ? path.resolve(args[dbIndex + 1] ?? '')
    : path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'parcel-atlas.sqlite');
if (!fs.existsSync(file)) {
  process.stderr.write(`${file} does not exist: build the dataset first (npm run dataset)\n`);
  process.exit(1);
}
const started = Date.now();
const db = openSqliteFile(file, { readonly: true });
const stats = measureDataset(db);
db.close();
const geography = loadSwissGeography();
const share = coveredLandShare(geography, stats.cantons);
process.stdout.write(
  `Dataset ${file}: ${stats.cantons.join(', ')} — ${(share * 100).toFixed(1)} % of Switzerland's land. ` +
    `National figures only for the whole country (construction periods: the national shares the generator ` +
    `draws), parcel medians against the generator's targets; "–": no reference held for these cantons.\n\n`,
);
const markdown = args.includes('--markdown');
process.stdout.write(`${formatComparison(compareWithSwitzerland(stats, share), markdown)}\n`);
const cantons = compareCantons(stats);
process.stdout.write(
  cantons.length === 0
    ? '\nPer canton: no published figure held for the cantons built.\n'
    : `\nPer canton, against each canton's own published figure (counts and hectares; ratio = dataset ÷ reference):\n\n` +
        `${formatComparison(cantons, markdown)}\n`,
);
process.stdout.write(
  `\nMeasured in ${((Date.now() - started) / 1000).toFixed(1)} s. Sources: docs/data-and-importing.md § Dataset realism.\n`,
);
