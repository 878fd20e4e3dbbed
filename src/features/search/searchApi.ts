import { mainApi } from '../../api/mainApi';
import type { SearchResponse } from '../../contract/Parcel';
import type { ActiveSearch } from './searchSlice';
import { searchRequestUrl } from './searchRequestUrl';
import { isOkBody } from './isOkBody';

/** The parcel search of spec §7 (simple or advanced by its filters), cached per search and page. */
export const searchApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    searchParcels: build.query<SearchResponse, ActiveSearch>({
      query: (search) => ({ url: searchRequestUrl(search), validateStatus: isOkBody }),
    }),
  }),
});

export const { useSearchParcelsQuery } = searchApi;
