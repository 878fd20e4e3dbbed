import {
  COUPON_CODE_PATTERN,
  type Coupon,
  type CouponCreateRequest,
  type CouponQuote,
} from '../../../src/contract/Coupons';
import type { CouponRecord, NewCoupon } from '../../store/contract/coupons/CouponRepository';

/** A coupon's code as stored and compared: trimmed, upper case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The price after a percent or amount off, in cents, never below zero (rounded to the cent). */
export function discountedCents(
  amountCents: number,
  coupon: { percentOff: number | null; amountOffCents: number | null },
): number {
  const off =
    coupon.percentOff !== null
      ? Math.round((amountCents * coupon.percentOff) / 100)
      : (coupon.amountOffCents ?? 0);
  return Math.max(0, amountCents - off);
}

/** What the plan summary shows for a plan price (cents) and a coupon. */
export function couponQuote(
  code: string,
  amountCents: number,
  coupon: { percentOff: number | null; amountOffCents: number | null },
): CouponQuote {
  const discounted = discountedCents(amountCents, coupon);
  return {
    code,
    originalAmount: amountCents / 100,
    discount: (amountCents - discounted) / 100,
    amount: discounted / 100,
    percentOff: coupon.percentOff,
  };
}

/** A stored coupon as the admin API lists it (CHF instead of cents). */
export function toCoupon(record: CouponRecord): Coupon {
  return {
    code: record.code,
    percentOff: record.percentOff,
    amountOff: record.amountOffCents === null ? null : record.amountOffCents / 100,
    expiresAt: record.expiresAt,
    maxRedemptions: record.maxRedemptions,
    redeemed: record.redeemed,
    active: record.active,
    createdAt: record.createdAt,
  };
}

const CODE = new RegExp(COUPON_CODE_PATTERN);

/**
 * A new coupon from the admin API or the CLI, checked: a code of 3–40 letters, digits, `-` or `_`; exactly
 * one of percent off (whole, 1–100) and amount off (CHF, more than 0, at most 2 decimals); an expiry in the
 * future; a cap of at least 1. Returns the coupon to store, or the message saying what is wrong.
 */
export function validateNewCoupon(input: CouponCreateRequest, now: Date): NewCoupon | string {
  const code = normaliseCouponCode(input.code ?? '');
  if (!CODE.test(code)) return 'The code must have 3 to 40 letters, digits, dashes or underscores';
  const { percentOff, amountOff, expiresAt, maxRedemptions } = input;
  if ((percentOff === undefined) === (amountOff === undefined))
    return 'Give either a percent off or an amount off';
  if (percentOff !== undefined && (!Number.isInteger(percentOff) || percentOff < 1 || percentOff > 100))
    return 'The percent off must be a whole number from 1 to 100';
  if (amountOff !== undefined && (!(amountOff > 0) || Math.round(amountOff * 100) !== amountOff * 100))
    return 'The amount off must be more than 0 with at most 2 decimals';
  let expiry: string | null = null;
  if (expiresAt !== undefined) {
    const date = new Date(expiresAt);
    if (Number.isNaN(date.getTime())) return 'The expiry must be a date';
    if (date <= now) return 'The expiry must be in the future';
    expiry = date.toISOString();
  }
  if (maxRedemptions !== undefined && (!Number.isInteger(maxRedemptions) || maxRedemptions < 1))
    return 'The usage cap must be a whole number of at least 1';
  return {
    code,
    percentOff: percentOff ?? null,
    amountOffCents: amountOff === undefined ? null : Math.round(amountOff * 100),
    expiresAt: expiry,
    maxRedemptions: maxRedemptions ?? null,
  };
}
