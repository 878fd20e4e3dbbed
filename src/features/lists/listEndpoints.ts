import { mainApi } from '../../api/mainApi';
import type {
  AddListItemsResponse,
  AddListNoteRequest,
  CreateParcelListRequest,
  ListExportFormat,
  ListItemHistory,
  ListNote,
  ListStatus,
  ParcelListDetail,
  ParcelListItem,
  ParcelListsResponse,
  ParcelListSummary,
  SiteStatusesResponse,
  UpdateListItemRequest,
  UpdateParcelListRequest,
  ListAlertsRequest,
} from '../../contract/ParcelLists';
import type { ExportJobStarted } from '../../contract/ExportJobs';
import { dispositionFileName, saveFile } from '../../lib/browser/saveFile';

const list = (id: string) => `lists/${encodeURIComponent(id)}`;
const item = (listId: string, prcId: string) => `${list(listId)}/items/${encodeURIComponent(prcId)}`;

/**
 * Parcel lists on the main server. Every list answer carries the `ParcelList` tag: a change anyone makes
 * (here, or a colleague's, announced over the socket) refetches what is on screen.
 */
export const listEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getParcelLists: build.query<ParcelListsResponse, void>({
      query: () => 'lists',
      providesTags: ['ParcelList'],
    }),
    getParcelList: build.query<ParcelListDetail, string>({
      query: (id) => list(id),
      providesTags: ['ParcelList'],
    }),
    getListItemHistory: build.query<ListItemHistory, { listId: string; prcId: string }>({
      query: ({ listId, prcId }) => `${item(listId, prcId)}/history`,
      providesTags: ['ParcelList'],
    }),
    createParcelList: build.mutation<ParcelListSummary, CreateParcelListRequest>({
      query: (body) => ({ url: 'lists', method: 'POST', body }),
      invalidatesTags: ['ParcelList'],
    }),
    updateParcelList: build.mutation<ParcelListSummary, { id: string } & UpdateParcelListRequest>({
      query: ({ id, ...body }) => ({ url: list(id), method: 'POST', body }),
      invalidatesTags: ['ParcelList'],
    }),
    /** The asking user's alerts of a list on or off (the list's detail says which: `alertsOn`). */
    setListAlerts: build.mutation<{ alertsOn: boolean }, { id: string } & ListAlertsRequest>({
      query: ({ id, ...body }) => ({ url: `${list(id)}/alerts`, method: 'POST', body }),
      invalidatesTags: ['ParcelList'],
    }),
    deleteParcelList: build.mutation<void, string>({
      query: (id) => ({ url: list(id), method: 'DELETE' }),
      invalidatesTags: ['ParcelList'],
    }),
    addListItem: build.mutation<ParcelListItem, { listId: string; prcId: string; listName: string }>({
      query: ({ listId, prcId }) => ({ url: `${list(listId)}/items`, method: 'POST', body: { prcId } }),
      invalidatesTags: ['ParcelList'],
    }),
    /**
     * A map selection's or a site's parcels in one request (at most MAX_BULK_LIST_ADD); `from` tells which,
     * so that only a selection ends once it is on the list.
     */
    addListItems: build.mutation<
      AddListItemsResponse,
      { listId: string; prcIds: string[]; listName: string; from: 'mapSelection' | 'site' }
    >({
      query: ({ listId, prcIds }) => ({
        url: `${list(listId)}/items/bulk`,
        method: 'POST',
        body: { prcIds },
      }),
      invalidatesTags: ['ParcelList'],
    }),
    removeListItem: build.mutation<void, { listId: string; prcId: string }>({
      query: ({ listId, prcId }) => ({ url: item(listId, prcId), method: 'DELETE' }),
      invalidatesTags: ['ParcelList'],
    }),
    updateListItem: build.mutation<ParcelListItem, { listId: string; prcId: string } & UpdateListItemRequest>(
      {
        query: ({ listId, prcId, ...body }) => ({ url: item(listId, prcId), method: 'POST', body }),
        invalidatesTags: ['ParcelList'],
      },
    ),
    addListNote: build.mutation<ListNote, { listId: string; prcId: string } & AddListNoteRequest>({
      query: ({ listId, prcId, text }) => ({
        url: `${item(listId, prcId)}/notes`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: ['ParcelList'],
    }),
    getSiteStatuses: build.query<SiteStatusesResponse, string>({
      query: (siteId) => `list-statuses/${encodeURIComponent(siteId)}`,
      providesTags: ['ParcelList'],
    }),
    renameListStatus: build.mutation<
      SiteStatusesResponse,
      { siteId: string; status: ListStatus; label: string | null }
    >({
      query: ({ siteId, status, label }) => ({
        url: `list-statuses/${encodeURIComponent(siteId)}/${status}`,
        method: 'POST',
        body: { label },
      }),
      invalidatesTags: ['ParcelList'],
    }),
    /** Downloads the list's export; the file goes to the browser's downloads, only its name to the store. */
    exportParcelList: build.mutation<
      { fileName: string } | ExportJobStarted,
      { listId: string; format: ListExportFormat }
    >({
      query: ({ listId, format }) => ({
        url: `${list(listId)}/export/${format}`,
        responseHandler: async (response) => {
          // Not ok: the refusal; 202: a large list's background job (exports/exportJobsSlice).
          if (!response.ok || response.status === 202) return response.json();
          const fileName =
            dispositionFileName(response.headers.get('content-disposition')) ?? `list.${format}`;
          saveFile(await response.blob(), fileName);
          return { fileName };
        },
      }),
      // A download adds to the plan's usage.
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useGetParcelListsQuery,
  useGetParcelListQuery,
  useGetListItemHistoryQuery,
  useCreateParcelListMutation,
  useUpdateParcelListMutation,
  useDeleteParcelListMutation,
  useSetListAlertsMutation,
  useAddListItemMutation,
  useAddListItemsMutation,
  useRemoveListItemMutation,
  useUpdateListItemMutation,
  useAddListNoteMutation,
  useGetSiteStatusesQuery,
  useRenameListStatusMutation,
  useExportParcelListMutation,
} = listEndpoints;
