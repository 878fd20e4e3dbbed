import { mainApi } from '../../api/mainApi';
import type { ParcelComparison } from '../../contract/Comparison';
import { dispositionFileName, saveFile } from '../../lib/browser/saveFile';

const comparisonQuery = (egrids: string[]) =>
  egrids.map((egrid) => `egrids=${encodeURIComponent(egrid)}`).join('&');

export const comparisonEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** The aligned rows of 2–5 parcels (a full view of each, as the drawer counts). */
    getComparison: build.query<ParcelComparison, string[]>({
      query: (egrids) => `compare?${comparisonQuery(egrids)}`,
      // The full views it counted show in the plan dialog.
      onQueryStarted: async (_, { dispatch, queryFulfilled }) => {
        await queryFulfilled.catch(() => undefined);
        dispatch(mainApi.util.invalidateTags(['Subscription']));
      },
    }),
    /** Downloads the comparison PDF; the file goes to the browser's downloads, its name to the store. */
    downloadComparisonPdf: build.mutation<{ fileName: string }, string[]>({
      query: (egrids) => ({
        url: `compare/pdf?${comparisonQuery(egrids)}`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          const fileName =
            dispositionFileName(response.headers.get('content-disposition')) ?? 'parcel-comparison.pdf';
          saveFile(await response.blob(), fileName);
          return { fileName };
        },
      }),
      // A download adds to the plan's usage.
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetComparisonQuery, useDownloadComparisonPdfMutation } = comparisonEndpoints;
