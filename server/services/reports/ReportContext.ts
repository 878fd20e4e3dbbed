import type { EventEmitter } from 'node:events';
import type { Stores } from '../../store/contract/Stores';
import { createParcelDownloadQuota, type ParcelDownloadQuota } from '../quota/ParcelDownloadQuota';
import { createOneTimeTokens, type OneTimeTokens } from './OneTimeTokens';
import { createReportDocuments, type ReportDocuments } from './ReportDocuments';

/** What the report routes use: the documents, the once-per-parcel download quota and one-time tokens. */
export interface ReportContext {
  documents: ReportDocuments;
  quota: ParcelDownloadQuota;
  tokens: OneTimeTokens;
}

export function createReportContext(stores: Stores & { events: EventEmitter }): ReportContext {
  return {
    // Every dataset this server builds is synthetic (server/data): reports say so on every page.
    documents: createReportDocuments({
      parcels: stores.parcels,
      priceLevels: stores.priceLevels,
      demoData: true,
    }),
    quota: createParcelDownloadQuota(stores),
    tokens: createOneTimeTokens(stores.oneTimeTokens),
  };
}
