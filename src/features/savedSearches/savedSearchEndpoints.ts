import { mainApi } from '../../api/mainApi';
import type {
  CreateSavedSearchRequest,
  SavedSearch,
  SavedSearchesResponse,
  UpdateSavedSearchRequest,
} from '../../contract/SavedSearches';

const one = (id: string) => `saved-searches/${encodeURIComponent(id)}`;

/**
 * Saved searches on the main server. Every answer carries the `SavedSearch` tag: a change anyone makes
 * (here, or a colleague's, announced over the socket) refetches the panel.
 */
export const savedSearchEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getSavedSearches: build.query<SavedSearchesResponse, void>({
      query: () => 'saved-searches',
      providesTags: ['SavedSearch'],
    }),
    createSavedSearch: build.mutation<SavedSearch, CreateSavedSearchRequest>({
      query: (body) => ({ url: 'saved-searches', method: 'POST', body }),
      invalidatesTags: ['SavedSearch'],
    }),
    updateSavedSearch: build.mutation<SavedSearch, { id: string } & UpdateSavedSearchRequest>({
      query: ({ id, ...body }) => ({ url: one(id), method: 'POST', body }),
      invalidatesTags: ['SavedSearch'],
    }),
    deleteSavedSearch: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: ['SavedSearch'],
    }),
  }),
});

export const {
  useGetSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = savedSearchEndpoints;
