import { createAction } from '@reduxjs/toolkit';
import { reportableRefusal } from '../../api/responses';
import type { AppStartListening } from '../../store/storeTypes';
import { refusalSnackbar } from '../plans/limitReachedSnackbar';
import { showSnackbar } from '../ui/uiSlice';
import { exportJobEndpoints } from './exportJobEndpoints';
import { exportJobInterrupted, exportJobUpdated, selectExportJobs } from './exportJobsSlice';

/** The socket is back after a drop: the running jobs are asked after (the server may have restarted). */
export const exportJobsRecheck = createAction('exportJobs/recheck');

/**
 * Background exports: after a socket drop each running job is asked after (jobs are kept in the database,
 * ADR 040: a job whose instance died is answered failed after a silence); one the server no longer knows
 * (404: expired, or made before jobs were kept) is shown as interrupted. A download saved or refused is told.
 */
export function addExportJobListeners(startListening: AppStartListening): void {
  const { getExportJobStatus, downloadExportJob } = exportJobEndpoints.endpoints;
  startListening({
    actionCreator: exportJobsRecheck,
    effect: async (_action, api) => {
      const running = selectExportJobs(api.getState()).filter((job) => job.state === 'running');
      await Promise.all(
        running.map(async ({ jobId }) => {
          const asked = await api.dispatch(
            getExportJobStatus.initiate(jobId, { subscribe: false, forceRefetch: true }),
          );
          if (asked.data) api.dispatch(exportJobUpdated(asked.data));
          else if ((asked.error as { status?: unknown } | undefined)?.status === 404)
            api.dispatch(exportJobInterrupted(jobId));
        }),
      );
    },
  });
  startListening({
    matcher: downloadExportJob.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(
        showSnackbar('success', { id: 'lists.export.saved', values: { file: action.payload.fileName } }),
      );
    },
  });
  startListening({
    matcher: downloadExportJob.matchRejected,
    effect: (action, api) => {
      const refusal = reportableRefusal(action);
      if (refusal) api.dispatch(refusalSnackbar(refusal, 'exports.job.downloadFailed'));
    },
  });
}
