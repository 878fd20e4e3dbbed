import type { EventEmitter } from 'node:events';
import {
  CADASTRE_IMPORT_PROGRESS_EVENT,
  type CadastreImportProgress,
  type CadastreImportResult,
} from '../../../src/contract/CadastreImport';
import type { ServerLanguage, ServerTranslator } from '../i18n/ServerTranslator';

/**
 * Starts one import of a file already on disk (the composition root wires the dataset importer in):
 * its result, and a way to stop it early (at a point where nothing is half written).
 */
export type ImportFile = (request: {
  file: string;
  sourceName: string;
  mappingJson?: string;
  /** The buildings register's CSV extract, joined to the file's land-cover buildings. */
  registerFile?: string;
  onProgress: (progress: CadastreImportProgress) => void;
}) => { result: Promise<CadastreImportResult>; stop(): void };

/** How a stopped import ended: the municipalities written whole, of how many (null: still reading). */
export interface StoppedImport {
  municipalities: number;
  of: number | null;
}

/**
 * A refusal's reason as a catalogue key (translations/*.json) and its values, when it has one; a value may
 * be a reason itself (the feature's name and the per-feature reason inside "{feature}: {reason}").
 */
export interface RefusalReason {
  key: string;
  values?: Record<string, string | number | RefusalReason>;
}

/** A reason in `language`, its values that are reasons themselves translated first. */
export function formatReason(
  translator: Pick<ServerTranslator, 'format'>,
  language: ServerLanguage,
  { key, values }: RefusalReason,
): string {
  const formatted = values
    ? Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'object' ? formatReason(translator, language, value) : value,
        ]),
      )
    : undefined;
  return translator.format(language, key, formatted);
}

/** The catalogue key of "Nothing imported. {reason}": every refused file is answered through it. */
export const NOTHING_IMPORTED_KEY = 'server.cadastre.nothingImported';

/**
 * Why an upload is refused before or while importing; the route answers it as 4xx {error, message}, in
 * the caller's language: `reason` translated when it has a key, else its English `detail`.
 */
export class CadastreImportRefused extends Error {
  constructor(
    readonly statusCode: 400 | 409 | 503,
    message: string,
    readonly detail?: { english: string; reason?: RefusalReason },
    /** The whole message as a catalogue key, when it is not "Nothing imported. {reason}". */
    readonly whole?: RefusalReason,
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
    registerFile?: string;
  }): Promise<CadastreImportResult>;
  /** Whether an import is writing the dataset now (readiness). */
  isImporting(): boolean;
  /** Stops the running import, if any, and resolves once it has ended (the server is shutting down). */
  stop(): Promise<void>;
}

/** A stopped import's answer: 503 (the server is going away), saying what was written. */
function stoppedRefusal({ municipalities, of }: StoppedImport): CadastreImportRefused {
  if (of === null || municipalities === 0)
    return new CadastreImportRefused(
      503,
      'The server is shutting down: the import stopped before anything was written. Upload the file again when the server is back',
      undefined,
      { key: 'server.cadastre.importStoppedReading' },
    );
  return new CadastreImportRefused(
    503,
    `The server is shutting down: the import stopped after ${municipalities} of ${of} municipalities, ` +
      'each of them imported whole. Upload the file again when the server is back',
    undefined,
    { key: 'server.cadastre.importStopped', values: { municipalities, total: of } },
  );
}

/** Progress pushes at most this often (the last one of each phase always goes). */
const PROGRESS_INTERVAL_MS = 250;

export function createCadastreImportService({
  importFile,
  events,
  isRefusal,
  stoppedBy,
}: {
  importFile: ImportFile;
  events: EventEmitter;
  /** Tells a refused file (its message is for the user) from a fault. */
  isRefusal: (error: unknown) => boolean;
  /** How far a stopped import got, when the error says it was stopped. */
  stoppedBy: (error: unknown) => StoppedImport | null;
}): CadastreImportService {
  let running: { stop(): void; ended: Promise<unknown> } | null = null;
  return {
    isImporting: () => running !== null,
    async stop() {
      if (!running) return;
      running.stop();
      await running.ended;
    },
    async importUpload({ userId, file, sourceName, mappingJson, registerFile }) {
      // Imports write the whole dataset; two at once would interleave their municipalities.
      if (running)
        throw new CadastreImportRefused(
          409,
          'Another cadastre import is running. Try again when it has finished',
        );
      let lastPush = 0;
      let lastPhase = '';
      const started = importFile({
        file,
        sourceName,
        mappingJson,
        registerFile,
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
      running = { stop: started.stop, ended: started.result.catch(() => undefined) };
      try {
        return await started.result;
      } catch (error) {
        const stopped = stoppedBy(error);
        if (stopped) throw stoppedRefusal(stopped);
        if (isRefusal(error)) {
          const english = (error as Error).message;
          // The importer's errors carry their catalogue key as `translatable` (structurally: services do not import the dataset layer).
          const reason = (error as { translatable?: RefusalReason }).translatable;
          throw new CadastreImportRefused(400, `Nothing imported. ${english}`, { english, reason });
        }
        throw error;
      } finally {
        running = null;
      }
    },
  };
}
