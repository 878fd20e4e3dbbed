import type { Parcel } from '../../../src/contract/Parcel';
import type { ListExportFormat, ParcelListDetail } from '../../../src/contract/ParcelLists';
import type { ParcelRepository } from '../../store/parcels/ParcelRepository';
import type { UnitOfWork } from '../../store/unitOfWork/UnitOfWork';
import { serverTranslator, type ServerLanguage } from '../i18n/ServerTranslator';
import type { BatchQuotaService, QuotaResult } from '../quota/QuotaService';
import type { ListViewer, ParcelListService } from '../lists/ParcelListService';
import { listExportTable, type ExportTable, type ListExportRow } from './ListExportTable';
import { writeListCsv } from './writeListCsv';
import { writeListDxf } from './writeListDxf';
import { writeListGeoJson } from './writeListGeoJson';
import { writeListGeoPackage } from './writeListGeoPackage';
import { writeListXlsx } from './writeListXlsx';

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

/**
 * Bulk export of a list. The quota rule (README, plan dialog): every parcel of the file counts once per
 * plan period as a full view, as opening it in full does; a parcel already viewed in full that period is
 * free. The file is made first, then counted (all or none): a refusal counts nothing.
 */
export interface ListExports {
  export(
    viewer: ListViewer,
    listId: string,
    format: ListExportFormat,
    language: ServerLanguage,
  ): Promise<{ ok: true; file: ExportFile } | { ok: false; denied: Exclude<QuotaResult, { ok: true }> }>;
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
): Promise<ListExportRow[]> {
  const t = serverTranslator(language).t;
  const labels = new Map(detail.statuses.map((s) => [s.key, s.label ?? t(`lists.status.${s.key}`)]));
  const rows: ListExportRow[] = [];
  for (const item of detail.items) {
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
  return rows;
}

/** Writes an export table in a format (the title heads the DXF and names the GeoPackage's table). */
export async function writeExport(
  table: ExportTable,
  format: ListExportFormat,
  title: string,
): Promise<Buffer> {
  switch (format) {
    case 'csv':
      return writeListCsv(table);
    case 'xlsx':
      return writeListXlsx(table, title);
    case 'gpkg':
      return writeListGeoPackage(table, title);
    case 'geojson':
      return writeListGeoJson(table);
    default:
      return writeListDxf(table, title);
  }
}

/** The downloaded file: its type and a name from the title and the day ("Baar-Nord-2026-11-27.xlsx"). */
export function exportFile(body: Buffer, format: ListExportFormat, title: string, day: Date): ExportFile {
  const { contentType, extension } = FORMATS[format];
  return { body, contentType, fileName: `${fileStem(title)}-${day.toISOString().slice(0, 10)}.${extension}` };
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
      const table = listExportTable(await exportRows(detail, parcels, language));
      const title = detail.list.name;
      const body = await writeExport(table, format, title);
      const counted = await unitOfWork(() =>
        batchQuota.consumeEach(
          viewer.id,
          'full_view',
          detail.items.map((item) => item.prcId),
        ),
      );
      if (!counted.ok) return { ok: false, denied: counted };
      return { ok: true, file: exportFile(body, format, title, now()) };
    },
  };
}
