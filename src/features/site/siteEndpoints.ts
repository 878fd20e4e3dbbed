import { mainApi } from '../../api/mainApi';
import { SITE_PATHS, siteQuery, type LandSite } from '../../contract/Sites';
import { dispositionFileName, saveFile } from '../../lib/browser/saveFile';

export type SiteFileFormat = 'pdf' | 'dxf';

export const siteEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** The site of 2–20 neighbouring parcels (a full view of each, as the comparison counts). */
    getSite: build.query<LandSite, string[]>({
      query: (egrids) => `${SITE_PATHS.figures}?${siteQuery(egrids)}`,
      // The full views it counted show in the plan dialog.
      onQueryStarted: async (_, { dispatch, queryFulfilled }) => {
        await queryFulfilled.catch(() => undefined);
        dispatch(mainApi.util.invalidateTags(['Subscription']));
      },
    }),
    /** Downloads the site PDF or DXF; the file goes to the browser's downloads, its name to the store. */
    downloadSiteFile: build.mutation<{ fileName: string }, { egrids: string[]; format: SiteFileFormat }>({
      query: ({ egrids, format }) => ({
        url: `${SITE_PATHS[format]}?${siteQuery(egrids)}`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          const fileName =
            dispositionFileName(response.headers.get('content-disposition')) ?? `site.${format}`;
          saveFile(await response.blob(), fileName);
          return { fileName };
        },
      }),
      // A download adds to the plan's usage.
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSiteQuery, useDownloadSiteFileMutation } = siteEndpoints;
