import { paymentApi } from '../../api/paymentApi';
import { isOkBody } from '../../api/responses';
import type { CouponQuote, CouponQuoteRequest } from '../../contract/Coupons';

/** `POST coupon-quote` on the payment host: the plan's price with a coupon, before paying. */
export const couponEndpoints = paymentApi.injectEndpoints({
  endpoints: (build) => ({
    quoteCoupon: build.mutation<CouponQuote, CouponQuoteRequest>({
      query: (body) => ({ url: 'coupon-quote', method: 'POST', body, validateStatus: isOkBody }),
    }),
  }),
});

export const { useQuoteCouponMutation } = couponEndpoints;
