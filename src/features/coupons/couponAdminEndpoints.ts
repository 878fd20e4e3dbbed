import { mainApi } from '../../api/mainApi';
import { isOkBody } from '../../api/responses';
import type { CouponCreateRequest, CouponListResponse } from '../../contract/Coupons';

/** A confirmation of the admin coupon calls. */
interface AdminReply {
  error: boolean;
  message: string;
}

/** The admin coupon API on the main server (`admin/coupons`, ADMIN only). */
export const couponAdminEndpoints = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listCoupons: build.query<CouponListResponse, void>({ query: () => 'admin/coupons' }),
    createCoupon: build.mutation<AdminReply, CouponCreateRequest>({
      query: (body) => ({ url: 'admin/coupons', method: 'POST', body, validateStatus: isOkBody }),
    }),
    disableCoupon: build.mutation<AdminReply, string>({
      query: (code) => ({
        url: `admin/coupons/${encodeURIComponent(code)}`,
        method: 'DELETE',
        validateStatus: isOkBody,
      }),
    }),
  }),
});

export const { useListCouponsQuery, useCreateCouponMutation, useDisableCouponMutation } =
  couponAdminEndpoints;
