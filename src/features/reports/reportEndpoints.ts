import { mainApi } from '../../api/mainApi';
import { REPORT_PATHS, type OneTimeTokenResponse } from '../../contract/Reports';

/**
 * One-time tokens for the tabs a report opens in (spec §7 ai-report-token). Mutations, not queries:
 * each token is used once, so nothing may be cached or shared between two clicks.
 */
export const reportApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    issueAiReportToken: build.mutation<OneTimeTokenResponse, string>({
      query: (prcId) => ({ url: REPORT_PATHS.aiReportToken(prcId), method: 'GET' }),
    }),
    issueExportToken: build.mutation<OneTimeTokenResponse, string>({
      query: (prcId) => ({ url: REPORT_PATHS.exportToken(prcId), method: 'GET' }),
    }),
  }),
});
