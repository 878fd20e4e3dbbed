import { mainApi } from '../../api/mainApi';
import type { ParcelFullResponse } from '../../contract/Parcel';
import { isOkBody } from '../search/isOkBody';

/** The parcel's full details (spec §7 objects-full: counted as a full view by the plan). */
export const parcelApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getParcelFull: build.query<ParcelFullResponse, string>({
      query: (id) => ({ url: `maps/prcid/${encodeURIComponent(id)}/objects-full`, validateStatus: isOkBody }),
    }),
  }),
});

export const { useGetParcelFullQuery } = parcelApi;
