import type { EventEmitter } from 'node:events';
import {
  CADASTRE_IMPORT_PROGRESS_EVENT,
  type CadastreImportProgress,
  type CadastreImportResult,
} from '../../../src/contract/CadastreImport';

/** Runs one import of a file already on disk (the composition root wires the dataset importer in). */
export type ImportFile = (request: {
  file: string;
  sourceName: string;
  mappingJson?: string;
  onProgress: (progress: CadastreImportProgress) => void;
}) => Promise<CadastreImportResult>;

/** A refusal's reason as a catalogue key (translations/*.json) and its values, when it has one. */
export interface RefusalReason {
  key: string;
  values?: Record<string, string | number>;
}

/** The catalogue key of "Nothing imported. {reason}": every refused file is answered through it. */
export const NOTHING_IMPORTED_KEY = 'server.cadastre.nothingImported';

/**
 * Why an upload is refused before or while importing; the route answers it as 4xx {error, message}, in
 * the caller's language: `reason` translated when it has a key, else its English `detail`.
 */
export class CadastreImportRefused extends Error {
  constructor(
    readonly statusCode: 400 | 409,
    message: string,
    readonly detail?: { english: string; reason?: RefusalReason },
  ) {
    super(message);
  }
}

export interface CadastreImportService {
  /** Imports the file for an admin, pushing progress to their sockets; one import at a time. */
  importUpload(request: {
    userId: string;
    file: string;
    sourceName: string;
    mappingJson?: string;
  }): Promise<CadastreImportResult>;
  /** Whether an import is writing the dataset now (readiness). */
  isImporting(): boolean;
}

/** Progress pushes at most this often (the last one of each phase always goes). */
const PROGRESS_INTERVAL_MS = 250;

export function createCadastreImportService({
  importFile,
  events,
  isRefusal,
}: {
  importFile: ImportFile;
  events: EventEmitter;
  /** Tells a refused file (its message is for the user) from a fault. */
  isRefusal: (error: unknown) => boolean;
}): CadastreImportService {
  let running = false;
  return {
    isImporting: () => running,
    async importUpload({ userId, file, sourceName, mappingJson }) {
      // Imports write the whole dataset; two at once would interleave their municipalities.
      if (running)
        throw new CadastreImportRefused(
          409,
          'Another cadastre import is running. Try again when it has finished',
        );
      running = true;
      let lastPush = 0;
      let lastPhase = '';
      try {
        return await importFile({
          file,
          sourceName,
          mappingJson,
          onProgress(progress) {
            const now = Date.now();
            if (
              progress.phase === lastPhase &&
              progress.phase !== 'done' &&
              now - lastPush < PROGRESS_INTERVAL_MS
            )
              return;
            lastPush = now;
            lastPhase = progress.phase;
            events.emit(CADASTRE_IMPORT_PROGRESS_EVENT, { userId, ...progress });
          },
        });
      } catch (error) {
        if (isRefusal(error)) {
          const english = (error as Error).message;
          // The importer's errors carry their catalogue key as `translatable` (structurally: services do not import the dataset layer).
          const reason = (error as { translatable?: RefusalReason }).translatable;
          throw new CadastreImportRefused(400, `Nothing imported. ${english}`, { english, reason });
        }
        throw error;
      } finally {
        running = false;
      }
    },
  };
}
