/**
 * Coupons of the checkout (spec §8 'Invalid coupon code'). With Stripe they are Stripe
 * promotion codes; with the built-in provider they are kept in the database and managed with
 * `npm run users -- coupon-…` and the admin API below. Shared by server and browser.
 */

/** The message of every refused code (unknown, expired, used up, disabled): never says which. */
export const INVALID_COUPON_MESSAGE = 'Invalid coupon code';

/** Codes are compared in upper case; letters, digits, dash and underscore, 3–40 characters. */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]{3,40}$';

/** `POST /v1/secure/payment/coupon-quote` (bearer). */
export interface CouponQuoteRequest {
  code: string;
  lookup_key: string;
}

/** The plan's price with the coupon applied, shown in the summary before paying. Amounts in CHF. */
export interface CouponQuote {
  code: string;
  originalAmount: number;
  discount: number;
  amount: number;
  /** Percent off, when the coupon is a percentage; otherwise the discount is a fixed amount. */
  percentOff: number | null;
}

/** A coupon of the built-in provider, as the admin API lists it. */
export interface Coupon {
  code: string;
  /** 1–100, or null for an amount-off coupon. */
  percentOff: number | null;
  /** CHF off, or null for a percent-off coupon. */
  amountOff: number | null;
  /** ISO date-time after which the code is refused, or null. */
  expiresAt: string | null;
  /** How many checkouts may use it, or null for no cap. */
  maxRedemptions: number | null;
  redeemed: number;
  active: boolean;
  createdAt: string;
}

/** `POST /v1/secure/admin/coupons` (ADMIN): exactly one of percentOff and amountOff. */
export interface CouponCreateRequest {
  code: string;
  percentOff?: number;
  amountOff?: number;
  expiresAt?: string;
  maxRedemptions?: number;
}

export interface CouponListResponse {
  coupons: Coupon[];
}
