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

export interface ImportCadastreFileOptions {
  /** Where the parcels go (the SQLite or the PostgreSQL adapter's cadastre writer). */
  writer: AnyCadastreWriter;
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

/** GeoPackage, GeoJSON or Shapefile (zipped, or a .shp path), decided by the file's first bytes (an upload's name may say anything). */
async function openSource(file: string, mapping: CadastreMapping, maxVertices: number): Promise<CadastreSource> {
  const head = Buffer.alloc(64);
  const fd = fs.openSync(file, 'r');
  let length: number;
  try {
    length = fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
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

/** Imports a GeoPackage, GeoJSON or Shapefile through the writer (the CLI and the admin upload both call this). */
export async function importCadastreFile(options: ImportCadastreFileOptions): Promise<CadastreImportResult> {
  const mapping = options.mappingJson ? parseCadastreMapping(options.mappingJson) : CANTONAL_SURVEY_MAPPING;
  const source = await openSource(options.file, mapping, options.maxVertices ?? MAX_VERTICES_PER_PARCEL);
  return importCadastre({
    source,
    sourceName: options.sourceName ?? options.file,
    mapping,
    strictMapping: options.mappingJson !== undefined,
    writer: options.writer,
    geography: loadSwissGeography(),
    onProgress: options.onProgress,
    pause: options.pause,
    maxVertices: options.maxVertices,
  });
}
