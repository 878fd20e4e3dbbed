import { mainApi } from '../../api/mainApi';
import type { MapPrintRequest } from '../../contract/MapPrint';
import { dispositionFileName, saveFile } from '../../lib/browser/saveFile';

export const printEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** Prints the map view to scale; the PDF goes to the browser's downloads, its name to the caller. */
    downloadMapPrint: build.mutation<{ fileName: string }, MapPrintRequest>({
      query: (request) => ({
        url: 'maps/print',
        method: 'POST',
        body: request,
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          const fileName =
            dispositionFileName(response.headers.get('content-disposition')) ?? 'map-print.pdf';
          saveFile(await response.blob(), fileName);
          return { fileName };
        },
      }),
    }),
  }),
});

export const { useDownloadMapPrintMutation } = printEndpoints;
