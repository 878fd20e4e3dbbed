import type { Parcel } from '../../../src/contract/Parcel';
import type { ListExportFormat, ParcelListDetail } from '../../../src/contract/ParcelLists';
import type { ParcelRepository } from '../../store/contract/parcels/ParcelRepository';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import { serverTranslator, type ServerLanguage } from '../i18n/ServerTranslator';
import type { BatchQuotaService, QuotaResult } from '../quota/QuotaService';
import type { ListViewer, ParcelListService } from '../lists/ParcelListService';
import { inBatches, type ExportProgress, type PreparedExport } from './ExportJobs';
import { listExportTable, type ExportTable, type ListExportRow } from './ListExportTable';
import { writeListCsv } from './writeListCsv';
import { writeListGeoJson } from './writeListGeoJson';
import { writeListGeoPackage } from './writeListGeoPackage';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const FORMATS: Record<ListExportFormat, { contentType: string; extension: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  gpkg: { contentType: 'application/geopackage+sqlite3', extension: 'gpkg' },
  geojson: { contentType: 'application/geo+json', extension: 'geojson' },
  dxf: { contentType: 'application/dxf', extension: 'dxf' },
};

/** An export counted and ready to be made (at once or in the background), or the plan's refusal. */
export type ExportOutcome<Extra = object> =
  | ({ ok: true; prepared: PreparedExport } & Extra)
  | { ok: false; denied: Exclude<QuotaResult, { ok: true }> };

/**
 * Bulk export of a list. The quota rule (docs/features.md, plan dialog): every parcel of the file counts once per
 * plan period as a full view, as opening it in full does; a parcel already viewed in full that period is
 * free. The parcels are counted first, in one transaction (all or none): a refusal counts nothing and
 * makes no file; a file that then fails to be made can be asked for again at no cost in the period.
 */
export interface ListExports {
  export(
    viewer: ListViewer,
    listId: string,
    format: ListExportFormat,
    language: ServerLanguage,
  ): Promise<ExportOutcome>;
}

export interface ListExportsOptions {
  lists: Pick<ParcelListService, 'detail'>;
  parcels: Pick<ParcelRepository, 'parcel'>;
  batchQuota: BatchQuotaService;
  unitOfWork: UnitOfWork;
  now?: () => Date;
}

/** A file name from the list's name: letters, digits and a few signs kept, the rest a hyphen. */
const fileStem = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'list';

async function exportRows(
  detail: ParcelListDetail,
  parcels: Pick<ParcelRepository, 'parcel'>,
  language: ServerLanguage,
  progress: ExportProgress,
): Promise<ListExportRow[]> {
  const t = serverTranslator(language).t;
  const labels = new Map(detail.statuses.map((s) => [s.key, s.label ?? t(`lists.status.${s.key}`)]));
  const rows: ListExportRow[] = [];
  await inBatches(
    detail.items,
    async (items) => {
      for (const item of items) await addRow(item);
    },
    progress,
  );
  return rows;

  async function addRow(item: ParcelListDetail['items'][number]) {
    // A parcel the dataset no longer has (a rebuild dropped it) keeps what the list knew of it.
    const found: Parcel | undefined = (await parcels.parcel(item.prcId))?.parcel;
    const parcel: Parcel =
      found ??
      ({
        PRC_ID: item.prcId,
        PRC_NO: item.prcNo,
        PRC_SUR: item.area,
        LOCNAME: item.locname,
        CANTON: item.canton,
      } as Parcel);
    rows.push({
      parcel,
      status: item.status,
      statusLabel: labels.get(item.status) ?? item.status,
      assignee: item.assignee?.name ?? '',
      addedBy: item.addedBy?.name ?? '',
      addedAt: item.addedAt,
      notes: item.noteCount,
    });
  }
}

/**
 * Writes an export table in a format (the title heads the DXF and names the GeoPackage's table). XLSX and
 * GeoPackage report their rows and yield between batches; the others are written at once (under half a
 * second for 10,000 parcels).
 */
export async function writeExport(
  table: ExportTable,
  format: ListExportFormat,
  title: string,
  progress?: ExportProgress,
): Promise<Buffer> {
  switch (format) {
    case 'csv':
      return writeListCsv(table);
    case 'xlsx': {
      // exceljs (~0.8 CPU s to load) only when a workbook is asked for, not in every process that exports.
      const { writeListXlsx } = await import('./writeListXlsx');
      return writeListXlsx(table, title, progress);
    }
    case 'gpkg':
      return writeListGeoPackage(table, title, progress);
    case 'geojson':
      return writeListGeoJson(table);
    default: {
      // The DXF library only when a drawing is asked for.
      const { writeListDxf } = await import('./writeListDxf');
      return writeListDxf(table, title);
    }
  }
}

/**
 * An export ready to be made: its file's type and a name from the title and the day
 * ("Baar-Nord-2026-11-27.xlsx"). Making it reads the rows (the first half of the progress), then writes
 * them (the second half).
 */
export function preparedExport({
  parcels,
  format,
  title,
  fileTitle = title,
  day,
  table,
}: {
  parcels: number;
  format: ListExportFormat;
  title: string;
  fileTitle?: string;
  day: Date;
  table: (progress: ExportProgress) => Promise<ExportTable>;
}): PreparedExport {
  const { contentType, extension } = FORMATS[format];
  const half = (done: number) => Math.floor(done / 2);
  return {
    parcels,
    contentType,
    fileName: `${fileStem(fileTitle)}-${day.toISOString().slice(0, 10)}.${extension}`,
    async build(progress) {
      const made = await table((done) => progress(half(done)));
      return writeExport(made, format, title, (done) => progress(half(parcels) + half(done)));
    },
  };
}

/** Makes a prepared export at once, for an answer that carries the file. */
export async function exportFileOf(prepared: PreparedExport): Promise<ExportFile> {
  return {
    body: await prepared.build(() => undefined),
    contentType: prepared.contentType,
    fileName: prepared.fileName,
  };
}

export function createListExports({
  lists,
  parcels,
  batchQuota,
  unitOfWork,
  now = () => new Date(),
}: ListExportsOptions): ListExports {
  return {
    async export(viewer, listId, format, language) {
      const detail = await lists.detail(viewer, listId);
      const counted = await unitOfWork(() =>
        batchQuota.consumeEach(
          viewer.id,
          'full_view',
          detail.items.map((item) => item.prcId),
        ),
      );
      if (!counted.ok) return { ok: false, denied: counted };
      return {
        ok: true,
        prepared: preparedExport({
          parcels: detail.items.length,
          format,
          title: detail.list.name,
          day: now(),
          table: async (progress) => listExportTable(await exportRows(detail, parcels, language, progress)),
        }),
      };
    },
  };
}
