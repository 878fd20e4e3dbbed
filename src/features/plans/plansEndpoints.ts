import { ssoApi } from '../../api/ssoApi';
import type { Plan } from '../../contract/Subscription';

/** `GET /api/plans`: the public plan catalogue (our addition; the Plans and Checkout screens are public). */
export const plansEndpoints = ssoApi.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => 'api/plans',
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useGetPlansQuery } = plansEndpoints;
