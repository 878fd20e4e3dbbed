import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { ExportJobStarted, ExportJobState, ExportJobStatus } from '../../contract/ExportJobs';
import type { RootState } from '../../store/storeTypes';
import { listEndpoints } from '../lists/listEndpoints';
import { searchApi } from '../search/searchApi';

/**
 * A background export as the notice shows it: the server's status, or 'interrupted' when the server no
 * longer knows the job after the socket came back (a restart, ADR 040).
 */
export type ExportJobView = Omit<ExportJobStatus, 'state'> & { state: ExportJobState | 'interrupted' };

export interface ExportJobsState {
  /** Oldest first. */
  jobs: ExportJobView[];
}

export const initialExportJobsState: ExportJobsState = { jobs: [] };

const isBackground = (payload: unknown): payload is ExportJobStarted =>
  typeof payload === 'object' && payload !== null && (payload as ExportJobStarted).background === true;

export const exportJobsSlice = createSlice({
  name: 'exportJobs',
  initialState: initialExportJobsState,
  reducers: {
    /** A socket push or a status answer; a job this browser did not start (another tab) is added. */
    exportJobUpdated(state, action: PayloadAction<ExportJobStatus>) {
      const index = state.jobs.findIndex((job) => job.jobId === action.payload.jobId);
      if (index === -1) state.jobs.push(action.payload);
      // A late progress push never takes a finished job back to running.
      else if (state.jobs[index].state === 'running') state.jobs[index] = action.payload;
    },
    exportJobInterrupted(state, action: PayloadAction<string>) {
      const job = state.jobs.find((one) => one.jobId === action.payload);
      if (job?.state === 'running') job.state = 'interrupted';
    },
    exportJobDismissed(state, action: PayloadAction<string>) {
      state.jobs = state.jobs.filter((job) => job.jobId !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // The 202 of a large search or list export: the job is shown at once, before its first push.
    builder.addMatcher(
      isAnyOf(
        searchApi.endpoints.exportSearch.matchFulfilled,
        listEndpoints.endpoints.exportParcelList.matchFulfilled,
      ),
      (state, action) => {
        const started: unknown = action.payload;
        if (!isBackground(started) || state.jobs.some((job) => job.jobId === started.jobId)) return;
        state.jobs.push({
          jobId: started.jobId,
          state: 'running',
          fileName: started.fileName,
          parcels: started.parcels,
          done: 0,
          percent: 0,
          expiresAt: null,
        });
      },
    );
  },
});

export const { exportJobUpdated, exportJobInterrupted, exportJobDismissed } = exportJobsSlice.actions;

export const selectExportJobs = (state: RootState) => state.exportJobs.jobs;
