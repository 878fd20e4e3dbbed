import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { seedPlans } from '../../server/store/sqlite/subscriptions/seedPlans';
import type { Plan, SubscriptionResponse } from '../../src/contract/Subscription';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('plans', () => {
  it('seeds the three plans of the spec: monthly, tax 0 %, CHF prices and limits, lookup keys and provider ids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const plans = response.json<Plan[]>();
    expect(
      plans.map((p) => [
        p.name,
        p.amount,
        p.limits.max_advance_search,
        p.limits.max_full_view,
        p.limits.max_report_download,
      ]),
    ).toEqual([
      ['Basic Plan', 29.9, 150, 150, 20],
      ['Standard Plan', 59.9, 350, 350, 50],
      ['Premium Plan', 119.9, 750, 750, 100],
    ]);
    for (const plan of plans) {
      expect(plan).toMatchObject({ interval: 'month', interval_count: 1, taxPerc: 0 });
      expect(plan.lookupKey).toMatch(/^(basic|standard|premium)_monthly$/);
      expect(plan.providerPlanId).toMatch(/^price_/);
    }
    expect(plans[1].cost).toBe('CHF 59.90 / month');
  });

  it('lists plans publicly, without a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/plans',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('seeding again (at every start) keeps exactly three plans', async () => {
    seedPlans(t.db);
    seedPlans(t.db);
    expect(t.db.prepare('SELECT COUNT(*) FROM plans').pluck().get()).toBe(3);
  });
});

describe('GET /v1/secure/subscriptions', () => {
  it('refuses a request without a main-server token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/secure/subscriptions' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: true });
  });

  it('refuses a user without the MAPUSER role', async () => {
    const { headers } = await signIn(t.app, { roles: ['DEALER'] });
    const response = await t.app.inject({ method: 'GET', url: '/v1/secure/subscriptions', headers });
    expect(response.statusCode).toBe(403);
  });

  it('gives a new account a 14-day trial: 10 advanced searches, 10 full views, 2 report downloads, nothing used', async () => {
    const { headers } = await signIn(t.app);
    const before = Date.now();
    const response = await t.app.inject({ method: 'GET', url: '/v1/secure/subscriptions', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { subscription } = response.json<SubscriptionResponse>();
    expect(subscription).toMatchObject({
      status: 'trialing',
      plan: {
        product: 'Trial',
        limits: { max_advance_search: 10, max_full_view: 10, max_report_download: 2 },
      },
      usage: { advance_search: 0, full_view: 0, report_download: 0 },
    });
    const days = (Date.parse(subscription!.end) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
  });

  it('answers subscription null once the trial has ended (no plan details)', async () => {
    const { headers, user } = await signIn(t.app);
    await t.app.inject({ method: 'GET', url: '/v1/secure/subscriptions', headers });
    t.db
      .prepare('UPDATE subscriptions SET period_end = ? WHERE user_id = ?')
      .run('2020-01-01T00:00:00.000Z', user.id);
    const response = await t.app.inject({ method: 'GET', url: '/v1/secure/subscriptions', headers });
    expect(response.json()).toEqual({ subscription: null });
  });
});
