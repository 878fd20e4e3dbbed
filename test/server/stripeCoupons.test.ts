/**
 * Coupons with Stripe: a coupon code is a Stripe promotion code; the quote reads its coupon and the
 * checkout session applies it as a discount. Stripe's client is replaced by a recording stub (no network).
 */
import type Stripe from 'stripe';
import { createStripeProvider } from '../../server/services/billing/createStripeProvider';
import type { Plan } from '../../src/contract/Subscription';

const STANDARD: Plan = {
  id: 'standard',
  name: 'Standard Plan',
  details: '',
  cost: 'CHF 59.90 / month',
  amount: 59.9,
  taxPerc: 0,
  limits: { max_advance_search: 350, max_full_view: 350, max_report_download: 50 },
  interval: 'month',
  interval_count: 1,
  providerPlanId: 'price_standard',
  lookupKey: 'standard_monthly',
};

type Coupon = {
  valid: boolean;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
};

function stubStripe(promotions: Record<string, Coupon>) {
  const created: Record<string, unknown>[] = [];
  const listed: Record<string, unknown>[] = [];
  const stripe = {
    promotionCodes: {
      list: async (params: { code: string }) => {
        listed.push(params);
        const coupon = promotions[params.code];
        return {
          data: coupon
            ? [{ id: `promo_${params.code}`, code: params.code, promotion: { type: 'coupon', coupon } }]
            : [],
        };
      },
    },
    prices: { list: async () => ({ data: [{ id: 'price_standard' }] }) },
    checkout: {
      sessions: {
        create: async (params: Record<string, unknown>) => {
          created.push(params);
          return { url: 'https://checkout.stripe.test/c/1' };
        },
      },
    },
  };
  return { stripe: stripe as unknown as Stripe, created, listed };
}

describe('Stripe promotion codes as coupons', () => {
  it('quotes a percent-off promotion code and applies it to the checkout session', async () => {
    const { stripe, created, listed } = stubStripe({
      SPRING20: { valid: true, percent_off: 20, amount_off: null, currency: null },
    });
    const provider = createStripeProvider(stripe, 'whsec_test');
    expect(await provider.quoteCoupon(' SPRING20 ', STANDARD)).toEqual({
      code: 'SPRING20',
      originalAmount: 59.9,
      discount: 11.98,
      amount: 47.92,
      percentOff: 20,
      providerId: 'promo_SPRING20',
    });
    expect(listed[0]).toMatchObject({ code: 'SPRING20', active: true });
    await provider.createCheckoutSession({
      plan: STANDARD,
      userId: 'u1',
      email: 'a@example.ch',
      successUrl: 'https://atlas.test/ok',
      cancelUrl: 'https://atlas.test/no',
      couponCode: 'SPRING20',
    });
    expect(created[0]).toMatchObject({ discounts: [{ promotion_code: 'promo_SPRING20' }] });
  });

  it('refuses an unknown code, an invalid coupon and an amount off in another currency', async () => {
    const { stripe, created } = stubStripe({
      OLD: { valid: false, percent_off: 10, amount_off: null, currency: null },
      EURO: { valid: true, percent_off: null, amount_off: 500, currency: 'eur' },
      FRANC: { valid: true, percent_off: null, amount_off: 500, currency: 'chf' },
    });
    const provider = createStripeProvider(stripe, 'whsec_test');
    expect(await provider.quoteCoupon('NOPE', STANDARD)).toBeNull();
    expect(await provider.quoteCoupon('OLD', STANDARD)).toBeNull();
    expect(await provider.quoteCoupon('EURO', STANDARD)).toBeNull();
    expect(await provider.quoteCoupon('FRANC', STANDARD)).toMatchObject({ amount: 54.9, discount: 5 });
    await provider.createCheckoutSession({
      plan: STANDARD,
      userId: 'u1',
      email: '',
      successUrl: 'https://atlas.test/ok',
      cancelUrl: 'https://atlas.test/no',
    });
    expect(created[0]).not.toHaveProperty('discounts');
  });
});
