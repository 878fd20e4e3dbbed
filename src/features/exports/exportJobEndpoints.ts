import { mainApi } from '../../api/mainApi';
import type { ExportJobStatus } from '../../contract/ExportJobs';
import { saveFile } from '../../lib/browser/saveFile';

const job = (jobId: string) => `exports/${encodeURIComponent(jobId)}`;

/** A background export's status (asked after the socket was away) and its finished file. */
export const exportJobEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getExportJobStatus: build.query<ExportJobStatus, string>({
      query: (jobId) => `${job(jobId)}/status`,
      keepUnusedDataFor: 0,
    }),
    downloadExportJob: build.mutation<{ fileName: string }, { jobId: string; fileName: string }>({
      query: ({ jobId, fileName }) => ({
        url: `${job(jobId)}/download`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          saveFile(await response.blob(), fileName);
          return { fileName };
        },
      }),
    }),
  }),
});

export const { useDownloadExportJobMutation } = exportJobEndpoints;
