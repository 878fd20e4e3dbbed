import type { Parcel } from '../../../src/contract/Parcel';
import type { ListExportFormat } from '../../../src/contract/ParcelLists';
import { MAX_PAGE_SIZE } from '../../../src/contract/SearchParameters';
import type { ParcelQuery } from '../../store/contract/parcels/ParcelQuery';
import type { UnitOfWork } from '../../store/contract/unitOfWork/UnitOfWork';
import type { ServerLanguage } from '../i18n/ServerTranslator';
import type { BatchQuotaService, QuotaService } from '../quota/QuotaService';
import { isAdvancedQuery } from '../search/parseSearchQuery';
import type { PlaceSearch } from '../search/PlaceSearch';
import { searchFingerprint } from '../search/searchFingerprint';
import { searchExportTable } from './ListExportTable';
import { preparedExport, type ExportOutcome } from './ListExports';

/**
 * The most parcels a search's export holds: the first ones in the search's order. Made while the request
 * waits (about a second for 2,000 parcels in any format); a larger selection goes through a list.
 */
export const SEARCH_EXPORT_CAP = 2000;

export interface SearchExportCounts {
  /** Matches the search has in all (capped at the search's own count limit). */
  total: number;
  /** Parcels in the file (at most SEARCH_EXPORT_CAP). */
  exported: number;
}

/**
 * Bulk export of a search result (all its pages, up to SEARCH_EXPORT_CAP). The quota rule is the lists'
 * (docs/features.md, plan dialog): every parcel of the file counts once per plan period as a full view; a search
 * with advanced filters counts as that advanced search, once per period, as running it does. The parcels
 * are counted before the file is made (all or none): a refusal counts nothing and makes no file.
 */
export interface SearchExports {
  export(
    userId: string,
    query: ParcelQuery,
    format: ListExportFormat,
    language: ServerLanguage,
  ): Promise<ExportOutcome<SearchExportCounts>>;
}

export interface SearchExportsOptions {
  placeSearch: Pick<PlaceSearch, 'search'>;
  quota: QuotaService;
  batchQuota: BatchQuotaService;
  unitOfWork: UnitOfWork;
  now?: () => Date;
}

export function createSearchExports({
  placeSearch,
  quota,
  batchQuota,
  unitOfWork,
  now = () => new Date(),
}: SearchExportsOptions): SearchExports {
  /** The search's hits page by page, as the result list shows them, up to the cap. */
  async function searchHits(
    query: ParcelQuery,
    language: ServerLanguage,
  ): Promise<{ hits: Parcel[]; total: number }> {
    const hits: Parcel[] = [];
    let total = 0;
    for (let page = 1; hits.length < SEARCH_EXPORT_CAP; page++) {
      const found = await placeSearch.search(query, { page, size: MAX_PAGE_SIZE }, language);
      total = found.total;
      hits.push(...found.hits.slice(0, SEARCH_EXPORT_CAP - hits.length));
      if (found.hits.length < MAX_PAGE_SIZE) break;
    }
    return { hits, total };
  }

  return {
    async export(userId, query, format, language) {
      const { hits, total } = await searchHits(query, language);
      const counted = await unitOfWork(async () => {
        if (isAdvancedQuery(query)) {
          const search = await quota.consume(userId, 'advance_search', searchFingerprint(query));
          if (!search.ok) return search;
        }
        return batchQuota.consumeEach(
          userId,
          'full_view',
          hits.map((parcel) => parcel.PRC_ID),
        );
      });
      if (!counted.ok) return { ok: false, denied: counted };
      return {
        ok: true,
        total,
        exported: hits.length,
        prepared: preparedExport({
          parcels: hits.length,
          format,
          title: 'Parcel Atlas search',
          fileTitle: 'search',
          day: now(),
          table: async (progress) => {
            const table = searchExportTable(hits);
            progress(hits.length);
            return table;
          },
        }),
      };
    },
  };
}
