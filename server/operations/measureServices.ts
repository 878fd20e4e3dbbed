import type { PlaceSearch } from '../services/search/PlaceSearch';
import type { ReportDocuments } from '../services/reports/ReportDocuments';
import type { BatchQuotaService, QuotaResult, QuotaService } from '../services/quota/QuotaService';
import type { ParcelDownloadQuota } from '../services/quota/ParcelDownloadQuota';
import type { UnitOfWork } from '../store/contract/unitOfWork/UnitOfWork';
import { timed, type AppMetrics } from './AppMetrics';

/*
 * Decorators the composition root puts around services so the metrics see them without the services
 * knowing: each keeps its service's interface and adds only a measurement.
 */

export function measureSearch(search: PlaceSearch, metrics: AppMetrics): PlaceSearch {
  return {
    ...search,
    search: (query, paging, language) =>
      timed(metrics.searchDuration, {}, () => search.search(query, paging, language)),
    searchReply: (query, paging, language, encoding) =>
      timed(metrics.searchDuration, {}, () => search.searchReply(query, paging, language, encoding)),
  };
}

export function measureReports(documents: ReportDocuments, metrics: AppMetrics): ReportDocuments {
  return {
    ...documents,
    file: (subject, format, language) =>
      timed(metrics.reportDuration, { format }, () => documents.file(subject, format, language)),
    assessmentPage(subject, language) {
      const stop = metrics.reportDuration.startTimer({ format: 'assessment' });
      try {
        const page = documents.assessmentPage(subject, language);
        stop({ outcome: 'ok' });
        return page;
      } catch (error) {
        stop({ outcome: 'error' });
        throw error;
      }
    },
  };
}

/** Counts a refusal under the quota's name. */
function countDenial(metrics: AppMetrics, quota: string, result: QuotaResult): QuotaResult {
  if (!result.ok) metrics.quotaDenials.inc({ quota });
  return result;
}

export function countQuotaDenials<Q extends QuotaService & BatchQuotaService>(
  quota: Q,
  metrics: AppMetrics,
): QuotaService & BatchQuotaService {
  return {
    consume: async (userId, kind, distinctKey) =>
      countDenial(metrics, kind, await quota.consume(userId, kind, distinctKey)),
    consumeEach: async (userId, kind, keys) =>
      countDenial(metrics, kind, await quota.consumeEach(userId, kind, keys)),
  };
}

export function countDownloadDenials(quota: ParcelDownloadQuota, metrics: AppMetrics): ParcelDownloadQuota {
  return {
    ...quota,
    consume: async (userId, prcId) =>
      countDenial(metrics, 'report_download', await quota.consume(userId, prcId)),
  };
}

export function measureUnitsOfWork(
  unitOfWork: UnitOfWork,
  metrics: AppMetrics,
  adapter: 'sqlite' | 'postgres',
): UnitOfWork {
  return async (work) => {
    const stop = metrics.databaseQueryDuration.startTimer({ adapter, kind: 'unit_of_work' });
    try {
      return await unitOfWork(work);
    } finally {
      stop();
    }
  };
}
