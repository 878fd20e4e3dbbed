import { serverErrorBody } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import { ROUTE_PATHS } from '../../routing/routePaths';
import { LIMIT_REACHED_CODES } from '../../contract/Subscription';
import { showSnackbar } from '../ui/uiSlice';
import { reportApi } from './reportEndpoints';
import { reportRequested, reportSettled } from './reportSlice';
import { openInNewTab, reportTabUrl } from './reportTab';

/**
 * A requested report: fetch a one-time token (the quota is checked, not yet counted), open the document's
 * tab, and say what happens. At the plan's limit (402 LIMIT_REACHED_REPORT_DOWNLOAD) the snackbar shows
 * the server's message, 'Check your Plan and upgrade…' and an Upgrade action (spec §8).
 */
export function addReportListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: reportRequested,
    effect: async ({ payload }, listenerApi) => {
      const endpoint =
        payload.document === 'assessment'
          ? reportApi.endpoints.issueAiReportToken
          : reportApi.endpoints.issueExportToken;
      const result = await listenerApi.dispatch(endpoint.initiate(payload.prcId, { track: false }));
      listenerApi.dispatch(reportSettled());
      if ('error' in result) {
        const status = (result.error as { status?: unknown }).status;
        // 401/403 belong to the session listeners (re-authorise, or access denied and logout).
        if (status === 401 || status === 403) return;
        const body = serverErrorBody(result.error);
        const message = body.errorMessage ?? body.message;
        if (body.errorCode === LIMIT_REACHED_CODES.report_download && message) {
          listenerApi.dispatch(
            showSnackbar(
              'error',
              { id: 'parcel.detail.failed', values: { message } },
              { labelId: 'plan.dialog.upgrade', to: ROUTE_PATHS.plans },
            ),
          );
        } else {
          listenerApi.dispatch(showSnackbar('error', message ? { text: message } : { id: 'reports.failed' }));
        }
        return;
      }
      if (!openInNewTab(reportTabUrl(payload, result.data.token))) {
        listenerApi.dispatch(showSnackbar('warning', { id: 'reports.popupBlocked' }));
        return;
      }
      listenerApi.dispatch(showSnackbar('info', { id: `reports.opening.${payload.document}` }));
    },
  });
}
