import type { SubscriptionRecord } from '../../../server/store/contract/subscriptions/SubscriptionRepository';
import { inTurn, type MakeStores } from './ContractStores';

const subscription: SubscriptionRecord = {
  userId: 'user-1',
  planId: 'standard',
  product: 'Standard Plan',
  status: 'active',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  intervalMonths: 1,
  cancelAtPeriodEnd: false,
  limits: { advance_search: 350, full_view: 350, report_download: 50 },
  provider: 'stripe',
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_1',
};

/** Plans, subscriptions, usage counting and the payment records, as every adapter must keep them. */
export function describeSubscriptionContract(
  makeStores: MakeStores<
    'plans' | 'subscriptions' | 'usage' | 'checkoutSessions' | 'portalSessions' | 'paymentEvents'
  >,
): void {
  let stores: ReturnType<typeof makeStores>;
  beforeEach(async () => {
    stores = makeStores();
  });

  describe('plans', () => {
    it('lists the seeded catalogue in display order and finds a plan by id or lookup key', async () => {
      expect((await stores.plans.list()).map((plan) => [plan.id, plan.cost, plan.amount])).toEqual([
        ['basic', 'CHF 29.90 / month', 29.9],
        ['standard', 'CHF 59.90 / month', 59.9],
        ['premium', 'CHF 119.90 / month', 119.9],
      ]);
      expect(await stores.plans.byId('premium')).toMatchObject({
        taxPerc: 0,
        limits: { max_advance_search: 750, max_full_view: 750, max_report_download: 100 },
        interval: 'month',
        interval_count: 1,
        lookupKey: 'premium_monthly',
      });
      expect((await stores.plans.byLookupKey('basic_monthly'))?.id).toBe('basic');
      expect(await stores.plans.byId('gold')).toBeNull();
      expect(await stores.plans.byLookupKey('gold_monthly')).toBeNull();
    });
  });

  describe('subscriptions', () => {
    it('keeps one subscription per user, replaced by the next save', async () => {
      expect(await stores.subscriptions.byUser('user-1')).toBeNull();
      await stores.subscriptions.save(subscription);
      expect(await stores.subscriptions.byUser('user-1')).toEqual(subscription);
      const renewed = {
        ...subscription,
        planId: 'premium',
        cancelAtPeriodEnd: true,
        providerSubscriptionId: 'sub_2',
      };
      await stores.subscriptions.save(renewed);
      expect(await stores.subscriptions.byUser('user-1')).toEqual(renewed);
      expect(await stores.subscriptions.byProviderSubscriptionId('sub_2')).toEqual(renewed);
      expect(await stores.subscriptions.byProviderSubscriptionId('sub_1')).toBeNull();
    });

    it('keeps a trial allowance without plan or provider ids', async () => {
      const trial = {
        ...subscription,
        planId: null,
        provider: 'trial',
        intervalMonths: 0,
        providerCustomerId: null,
        providerSubscriptionId: null,
      };
      await stores.subscriptions.save(trial);
      expect(await stores.subscriptions.byUser('user-1')).toEqual(trial);
    });

    it('creates a first subscription once: a second creation (another instance) gets the first row back', async () => {
      const trial = { ...subscription, planId: null, provider: 'trial', intervalMonths: 0 };
      expect(await stores.subscriptions.createIfAbsent(trial)).toEqual(trial);
      const later = {
        ...trial,
        periodStart: '2026-11-01T00:00:05.000Z',
        periodEnd: '2026-11-15T00:00:05.000Z',
      };
      expect(await stores.subscriptions.createIfAbsent(later)).toEqual(trial);
      expect(await stores.subscriptions.byUser('user-1')).toEqual(trial);
    });
  });

  describe('usage', () => {
    const period = '2026-11-01T00:00:00.000Z';

    it('counts up to the limit and no further, per user, period and kind', async () => {
      expect(await inTurn(3, () => stores.usage.tryIncrement('user-1', period, 'full_view', 2))).toEqual([
        true,
        true,
        false,
      ]);
      expect(await stores.usage.tryIncrement('user-1', period, 'advance_search', 2)).toBe(true);
      expect(await stores.usage.tryIncrement('user-1', '2026-12-01T00:00:00.000Z', 'full_view', 2)).toBe(
        true,
      );
      expect(await stores.usage.read('user-1', period)).toEqual({
        advance_search: 1,
        full_view: 2,
        report_download: 0,
      });
      expect(await stores.usage.read('user-2', period)).toEqual({
        advance_search: 0,
        full_view: 0,
        report_download: 0,
      });
    });

    it('counts nothing under a limit of 0', async () => {
      expect(await stores.usage.tryIncrement('user-1', period, 'report_download', 0)).toBe(false);
      expect((await stores.usage.read('user-1', period)).report_download).toBe(0);
    });

    it('takes a count back with the unit of work that made it', async () => {
      await expect(
        stores.unitOfWork(async () => {
          await stores.usage.tryIncrement('user-1', period, 'full_view', 5);
          throw new Error('the answer could not be produced');
        }),
      ).rejects.toThrow();
      expect((await stores.usage.read('user-1', period)).full_view).toBe(0);
    });

    it('records a distinct request once per period until it is forgotten', async () => {
      expect(await stores.usage.recordDistinct('user-1', period, 'advance_search', 'filters-a')).toBe(true);
      expect(await stores.usage.recordDistinct('user-1', period, 'advance_search', 'filters-a')).toBe(false);
      expect(await stores.usage.recordDistinct('user-1', period, 'advance_search', 'filters-b')).toBe(true);
      expect(
        await stores.usage.recordDistinct(
          'user-1',
          '2026-12-01T00:00:00.000Z',
          'advance_search',
          'filters-a',
        ),
      ).toBe(true);
      await stores.usage.forgetDistinct('user-1', period, 'advance_search', 'filters-a');
      expect(await stores.usage.recordDistinct('user-1', period, 'advance_search', 'filters-a')).toBe(true);
    });
  });

  describe('payment records', () => {
    it('records a webhook event once: a redelivery is recognised', async () => {
      expect(await stores.paymentEvents.record('evt_1', 'checkout.session.completed')).toBe(true);
      expect(await stores.paymentEvents.record('evt_1', 'checkout.session.completed')).toBe(false);
      expect(await stores.paymentEvents.record('evt_2', 'invoice.paid')).toBe(true);
    });

    it('keeps a test checkout and closes it once', async () => {
      const checkout = {
        id: 'cs_1',
        userId: 'user-1',
        email: 'anna@example.ch',
        planId: 'basic',
        amountCents: 2990,
        status: 'open' as const,
        successUrl: 'https://atlas.test/ok',
        cancelUrl: 'https://atlas.test/cancel',
        createdAt: '2026-11-23T10:00:00.000Z',
      };
      await stores.checkoutSessions.create(checkout);
      expect(await stores.checkoutSessions.byId('cs_1')).toEqual({ ...checkout, couponCode: null });
      expect(await stores.checkoutSessions.close('cs_1', 'complete')).toBe(true);
      expect(await stores.checkoutSessions.close('cs_1', 'expired')).toBe(false);
      expect((await stores.checkoutSessions.byId('cs_1'))?.status).toBe('complete');
      expect(await stores.checkoutSessions.byId('cs_2')).toBeNull();
      await stores.checkoutSessions.create({
        ...checkout,
        id: 'cs_3',
        amountCents: 2000,
        couponCode: 'WELCOME',
      });
      expect((await stores.checkoutSessions.byId('cs_3'))?.couponCode).toBe('WELCOME');
    });

    it('opens a billing-portal visit only until it expires', async () => {
      const visit = {
        id: 'ps_1',
        userId: 'user-1',
        returnUrl: 'https://atlas.test/',
        expiresAt: '2026-11-23T10:30:00.000Z',
      };
      await stores.portalSessions.create(visit);
      expect(await stores.portalSessions.live('ps_1', new Date('2026-11-23T10:29:59.000Z'))).toEqual(visit);
      expect(await stores.portalSessions.live('ps_1', new Date('2026-11-23T10:30:00.000Z'))).toBeNull();
      expect(await stores.portalSessions.live('ps_2', new Date('2026-11-23T10:00:00.000Z'))).toBeNull();
    });
  });
}
