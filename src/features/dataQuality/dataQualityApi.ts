import { mainApi } from '../../api/mainApi';
import { isOkBody } from '../../api/responses';
import type { DataQualitySummary } from '../../contract/CadastreImport';

/** How much of the dataset is demo data (`GET /v1/secure/maps/data-quality`), for the map's badge. */
export const dataQualityApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getDataQuality: build.query<DataQualitySummary, void>({
      query: () => ({ url: 'maps/data-quality', validateStatus: isOkBody }),
    }),
  }),
});

export const { useGetDataQualityQuery } = dataQualityApi;
