/**
 * Imports real cadastral parcels (GeoPackage, GeoJSON or Shapefile — zipped or a .shp beside its .dbf/.prj/.cpg —, LV95 or WGS84) over the dataset,
 * and the land cover's buildings (in the same GeoPackage or zip, or a file of its own; their EGIDs from
 * DM.01's Gebaeudenummer table when the file has it) with the buildings register's public CSV extract
 * (--register).
 *   npm run import -- <file> [--mapping mapping.json] [--register gwr.csv] [--db FILE]
 * Without --db it writes DATA_DIR/parcel-atlas.sqlite (the server's database); with DATABASE_URL set it
 * writes that PostgreSQL database (every instance on it sees the import at once). See docs/data-and-importing.md §
 * Importing real cadastral data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/store/sqlite/openDatabase';
import { importCadastreFile } from '../server/data/cadastre/importCadastreFile';
import { openCadastreWriterAt } from '../server/openCadastreWriterAt';
import { loadConfig, loadStorageConfig } from '../server/config';
import { CadastreImportError } from '../server/data/cadastre/CadastreSource';

interface Args {
  file: string;
  mapping?: string;
  /** The buildings register's public CSV extract (GWR), joined to the land cover's buildings. */
  register?: string;
  db: string;
  databaseUrl: string | null;
}

function parseArgs(argv: string[]): Args {
  let file: string | undefined;
  let mapping: string | undefined;
  let register: string | undefined;
  let db = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'parcel-atlas.sqlite');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--mapping') mapping = path.resolve(argv[++i] ?? '');
    else if (arg === '--register') register = path.resolve(argv[++i] ?? '');
    else if (arg === '--db') db = path.resolve(argv[++i] ?? '');
    else if (arg.startsWith('--'))
      throw new Error(
        `Unknown argument ${arg}. Use <file> [--mapping FILE] [--register GWR.csv] [--db FILE]`,
      );
    else if (file) throw new Error('Give one file to import');
    else file = path.resolve(arg);
  }
  if (!file)
    throw new Error(
      'Usage: npm run import -- <file.gpkg|file.geojson|file.zip|file.shp> [--mapping mapping.json] [--register gwr.csv] [--db FILE]',
    );
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const { databaseUrl } = loadStorageConfig();
  if (!databaseUrl && !fs.existsSync(db))
    throw new Error(`${db} does not exist: build the dataset first (npm run dataset)`);
  if (register && !fs.existsSync(register)) throw new Error(`${register} does not exist`);
  return { file, mapping, register, db, databaseUrl };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // The server's database itself (migrated by openDatabase first, as PostgreSQL's writer migrates its
  // database), or PostgreSQL on a pool of its own; the adapter is chosen in openConfiguredStorage.
  if (!args.databaseUrl) openDatabase(args.db).close();
  const { writer, buildings, close } = await openCadastreWriterAt(
    args.databaseUrl ? { databaseUrl: args.databaseUrl } : { sqliteFile: args.db },
  );
  try {
    const result = await importCadastreFile({
      writer,
      buildings,
      file: args.file,
      registerFile: args.register,
      sourceName: path.basename(args.file),
      maxVertices: loadConfig().cadastreMaxVertices,
      mappingJson: args.mapping ? fs.readFileSync(args.mapping, 'utf8') : undefined,
      onProgress({ phase, done, total }) {
        process.stdout.write(
          `\r${phase}: ${done.toLocaleString('en-US')}${total === null ? '' : ` / ${total.toLocaleString('en-US')}`}   `,
        );
      },
    });
    process.stdout.write(
      `\nImported ${result.parcels.toLocaleString('en-US')} parcels (${result.crs}) into ` +
        `${result.municipalities.map((m) => `${m.name} ${m.canton} (${m.parcels})`).join(', ')} in ${result.seconds} s\n`,
    );
    if (result.buildings)
      process.stdout.write(
        `Imported ${result.buildings.imported.toLocaleString('en-US')} buildings (${result.buildings.egidFromBuildingNumbers} with their EGID from the table Gebaeudenummer): ` +
          `${result.buildings.matchedByEgid} joined to the register by EGID, ` +
          `${result.buildings.matchedByPosition} by position; ${result.buildings.registerUnmatched} register rows matched no building\n`,
      );
    for (const warning of result.warnings) process.stdout.write(`warning: ${warning}\n`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  // A refused file is the user's to fix: one line, no stack.
  process.stderr.write(
    `\n${error instanceof CadastreImportError ? `Nothing imported. ${error.message}` : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
