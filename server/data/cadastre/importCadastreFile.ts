import fs from 'node:fs';
import { MAX_VERTICES_PER_PARCEL } from '../../config';
import type { CadastreImportProgress, CadastreImportResult } from '../../../src/contract/CadastreImport';
import type { AnyCadastreWriter } from '../../store/contract/parcels/CadastreWriter';
import { loadSwissGeography } from '../geography/loadSwissGeography';
import { CANTONAL_SURVEY_MAPPING, parseCadastreMapping } from './CadastreMapping';
import { fileRefusal, type CadastreSource } from './CadastreSource';
import { isShp, isZip, readShapefile } from './readShapefile';
import { importCadastre } from './importCadastre';
import { readGeoJsonFile } from './readGeoJsonStream';
import { readGeoPackage } from './readGeoPackage';
import type { CadastreMapping } from './CadastreMapping';
import type { AnyBuildingsWriter } from '../../store/contract/parcels/BuildingsWriter';
import { openSurveySources } from './buildings/openSurveySources';
import { importSurveyFile } from './buildings/importSurveyFile';

export interface ImportCadastreFileOptions {
  /** Where the parcels go (the SQLite or the PostgreSQL adapter's cadastre writer). */
  writer: AnyCadastreWriter;
  /** Where a land-cover layer's buildings go (openCadastreWriter gives it beside `writer`). */
  buildings?: AnyBuildingsWriter;
  /** The buildings register's public CSV extract, joined to the land cover's buildings. */
  registerFile?: string;
  file: string;
  /** The name the import is recorded under (the uploaded file's name; default: the path). */
  sourceName?: string;
  /** A mapping file's JSON text; without it the cantonal survey mapping applies. */
  mappingJson?: string;
  onProgress?: (progress: CadastreImportProgress) => void;
  pause?: () => Promise<void>;
  /** Most vertices per parcel (default MAX_VERTICES_PER_PARCEL). */
  maxVertices?: number;
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** A file's first bytes, which say its format. */
function fileHead(file: string): { head: Buffer; length: number } {
  const head = Buffer.alloc(64);
  const fd = fs.openSync(file, 'r');
  try {
    return { head, length: fs.readSync(fd, head, 0, head.length, 0) };
  } finally {
    fs.closeSync(fd);
  }
}

/** GeoPackage, GeoJSON or Shapefile (zipped, or a .shp path), decided by the file's first bytes (an upload's name may say anything). */
async function openSource(file: string, mapping: CadastreMapping, maxVertices: number): Promise<CadastreSource> {
  const { head, length } = fileHead(file);
  if (head.subarray(0, 16).toString('latin1') === SQLITE_MAGIC)
    return readGeoPackage(file, mapping.layer, { maxVertices });
  if (isZip(head)) return readShapefile(file, mapping.layer, true);
  if (isShp(head)) return readShapefile(file, mapping.layer, false);
  const start = head.subarray(0, length).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return readGeoJsonFile(file, maxVertices);
  throw fileRefusal(
    'unknownFormat',
    'The file is neither a GeoPackage, a GeoJSON FeatureCollection nor a zipped Shapefile',
  );
}

/**
 * Imports a GeoPackage, GeoJSON or Shapefile through the writer (the CLI and the admin upload both call
 * this): its parcels, its land cover's buildings (importSurveyFile), or both.
 */
export async function importCadastreFile(options: ImportCadastreFileOptions): Promise<CadastreImportResult> {
  const mapping = options.mappingJson ? parseCadastreMapping(options.mappingJson) : CANTONAL_SURVEY_MAPPING;
  const maxVertices = options.maxVertices ?? MAX_VERTICES_PER_PARCEL;
  const sources = await openSurveySources(options.file, fileHead(options.file).head, mapping, maxVertices, () =>
    openSource(options.file, mapping, maxVertices),
  );
  const geography = loadSwissGeography();
  return importSurveyFile({
    sources,
    mapping,
    geography,
    buildingsWriter: options.buildings,
    registerFile: options.registerFile,
    sourceName: options.sourceName ?? options.file,
    onProgress: options.onProgress,
    pause: options.pause,
    maxVertices,
    importParcels: (source, onProgress) =>
      importCadastre({
        source,
        sourceName: options.sourceName ?? options.file,
        mapping,
        strictMapping: options.mappingJson !== undefined,
        writer: options.writer,
        geography,
        onProgress,
        pause: options.pause,
        maxVertices,
      }),
  });
}
