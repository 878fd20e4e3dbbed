import type { CadastreImportProgress, CadastreImportResult } from '../../../../src/contract/CadastreImport';
import type { AnyBuildingsWriter } from '../../../store/contract/parcels/BuildingsWriter';
import type { SwissGeography } from '../../geography/SwissGeography';
import type { CadastreMapping } from '../CadastreMapping';
import { fileRefusal, type CadastreSource } from '../CadastreSource';
import { prepareLandCover, writeLandCoverBuildings } from './importLandCoverBuildings';
import type { SurveySources } from './openSurveySources';

/**
 * Imports what a survey file holds: its parcels (importCadastre), its land cover's buildings, or both. The
 * land cover and the register extract are read and checked first, so a bad one stops the import before
 * any parcel is written; then the parcels are written, then the buildings onto the parcels they lie on
 * (ADR 045).
 */
export async function importSurveyFile(options: {
  sources: SurveySources;
  mapping: CadastreMapping;
  geography: SwissGeography;
  buildingsWriter?: AnyBuildingsWriter;
  registerFile?: string;
  sourceName: string;
  maxVertices: number;
  onProgress?: (progress: CadastreImportProgress) => void;
  pause?: () => Promise<void>;
  importParcels: (
    source: CadastreSource,
    onProgress?: (progress: CadastreImportProgress) => void,
  ) => Promise<CadastreImportResult>;
}): Promise<CadastreImportResult> {
  const started = Date.now();
  const { sources, onProgress } = options;
  const { parcels, landCover } = sources;
  if (!landCover) {
    if (options.registerFile) {
      parcels?.close();
      throw fileRefusal(
        'registerWithoutLandCover',
        "The buildings register extract is joined to the survey's buildings, but the file holds no land-cover layer (DM.01 Bodenbedeckung, MOpublic lcsf)",
      );
    }
    return options.importParcels(parcels!, onProgress);
  }
  const writer = options.buildingsWriter;
  let prepared;
  try {
    if (!writer) throw new Error('The file holds the land cover, but the import was given no buildings writer');
    prepared = await prepareLandCover({
      source: landCover.source,
      layer: landCover.layer,
      crs: options.mapping.crs,
      maxVertices: options.maxVertices,
      registerFile: options.registerFile,
      buildingNumbers: landCover.buildingNumbers,
      onProgress,
      pause: options.pause,
    });
  } catch (error) {
    landCover.source.close();
    parcels?.close();
    throw error;
  }
  // The parcels' own 'done' would end the progress the buildings still add to.
  const parcelResult = parcels
    ? await options.importParcels(parcels, (p) => (p.phase === 'done' ? undefined : onProgress?.(p)))
    : null;
  const byBfs = new Map(options.geography.municipalities.map((m) => [m.bfs, m]));
  const written = await writeLandCoverBuildings({
    prepared,
    writer: writer!,
    sourceName: options.sourceName,
    municipalityName: (bfs) => byBfs.get(bfs)?.name ?? `BFS ${bfs}`,
    onProgress,
    pause: options.pause,
  });
  const municipalities = (parcelResult?.municipalities ?? []).map((m) => ({
    ...m,
    buildings: written.byMunicipality.get(m.bfs) ?? 0,
  }));
  for (const [bfs, buildings] of written.byMunicipality)
    if (!municipalities.some((m) => m.bfs === bfs))
      municipalities.push({
        bfs,
        name: byBfs.get(bfs)?.name ?? `BFS ${bfs}`,
        canton: byBfs.get(bfs)?.cantonCode ?? '',
        parcels: 0,
        buildings,
      });
  onProgress?.({ phase: 'done', done: written.summary.imported, total: written.summary.imported });
  return {
    parcels: parcelResult?.parcels ?? 0,
    municipalities: municipalities.sort((a, b) => a.bfs - b.bfs),
    crs: parcelResult?.crs ?? prepared.crs,
    warnings: [...(parcelResult?.warnings ?? []), ...written.warnings],
    seconds: Math.round((Date.now() - started) / 100) / 10,
    buildings: written.summary,
  };
}
