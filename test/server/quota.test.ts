import { EventEmitter } from 'node:events';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { requireRole, authUser } from '../../server/http/requireRole';
import { createQuotaService, readSubscription } from '../../server/services/quota/QuotaService';
import { createSqliteStores } from '../../server/store/sqlite/createSqliteStores';
import { subscribeToPlan } from './helpers/subscribeToPlan';
import type { QuotaKind, SubscriptionResponse } from '../../src/contract/Subscription';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A tiny quota-counted route, shaped like advanced search: count inside the request's transaction, 402 when refused.
  t.app.get<{ Params: { kind: QuotaKind } }>(
    '/test/quota/:kind',
    { preHandler: requireRole(t.app.ctx) },
    async (request, reply) => {
      const result = await t.app.ctx.unitOfWork(
        async () => await t.app.ctx.quota.consume(authUser(request).id, request.params.kind),
      );
      if (!result.ok)
        return reply
          .code(402)
          .send({ error: true, errorCode: result.errorCode, errorMessage: result.message });
      return { ok: true };
    },
  );
});
afterAll(async () => t.close());

async function usageOf(headers: { authorization: string }) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/secure/subscriptions', headers });
  return response.json<SubscriptionResponse>().subscription!.usage;
}

const subscribe = (userId: string, planId: string, start: Date) =>
  subscribeToPlan(t.db, userId, planId, start);

describe('quotas at their limits', () => {
  it.each([
    [
      'advance_search',
      10,
      'LIMIT_REACHED_ADVANCE_SEARCH',
      'You have reached the advanced search limit of your plan',
    ],
    ['full_view', 10, 'LIMIT_REACHED_FULL_VIEW', 'You have reached the full view limit of your plan'],
    [
      'report_download',
      2,
      'LIMIT_REACHED_REPORT_DOWNLOAD',
      'You have reached the report download limit of your plan',
    ],
  ] as const)('%s: allows %i uses in the trial, then refuses with %s', async (kind, limit, code, message) => {
    const { headers } = await signIn(t.app);
    for (let i = 0; i < limit; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/test/quota/${kind}`, headers })).statusCode).toBe(
        200,
      );
    }
    const refused = await t.app.inject({ method: 'GET', url: `/test/quota/${kind}`, headers });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      errorCode: code,
      errorMessage: message,
    });
    expect((await usageOf(headers))[kind]).toBe(limit);
  });

  it('counts each quota separately', async () => {
    const { headers } = await signIn(t.app);
    await t.app.inject({ method: 'GET', url: '/test/quota/full_view', headers });
    expect(await usageOf(headers)).toEqual({ advance_search: 0, full_view: 1, report_download: 0 });
  });

  it('uses the plan limits once subscribed (Standard: 350 advanced searches)', async () => {
    const { headers, user } = await signIn(t.app);
    subscribe(user.id, 'standard', new Date());
    for (let i = 0; i < 350; i += 1)
      expect(await t.app.ctx.quota.consume(user.id, 'advance_search')).toEqual({ ok: true });
    expect(await t.app.ctx.quota.consume(user.id, 'advance_search')).toMatchObject({
      ok: false,
      errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
    });
    expect((await usageOf(headers)).advance_search).toBe(350);
  });

  it('never goes above the limit under 40 parallel requests', async () => {
    const { headers } = await signIn(t.app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ method: 'GET', url: '/test/quota/advance_search', headers }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(30);
    expect((await usageOf(headers)).advance_search).toBe(10);
  });

  it('commits the count with the request: a request that fails after counting leaves the count unchanged', async () => {
    const { headers, user } = await signIn(t.app);
    await expect(
      t.app.ctx.unitOfWork(async () => {
        await t.app.ctx.quota.consume(user.id, 'full_view');
        throw new Error('the detail query failed');
      }),
    ).rejects.toThrow('the detail query failed');
    expect((await usageOf(headers)).full_view).toBe(0);
  });

  it('refuses with the LIMIT_REACHED code and a choose-a-plan message when the trial has ended', async () => {
    const { user } = await signIn(t.app);
    await t.app.ctx.quota.consume(user.id, 'advance_search');
    t.db
      .prepare('UPDATE subscriptions SET period_end = ? WHERE user_id = ?')
      .run('2020-01-01T00:00:00.000Z', user.id);
    expect(await t.app.ctx.quota.consume(user.id, 'advance_search')).toEqual({
      ok: false,
      errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
      message: 'You have no active plan. Please choose a plan to continue',
    });
  });

  it("tells the socket layer when a user's usage changed", async () => {
    const { user } = await signIn(t.app);
    const seen = new Promise((resolve) => t.app.ctx.events.once('usage-changed', resolve));
    await t.app.ctx.quota.consume(user.id, 'report_download');
    await expect(seen).resolves.toEqual({ userId: user.id });
  });
});

describe('period reset', () => {
  it('starts a fresh count when a monthly plan renews, and not before', async () => {
    const { user } = await signIn(t.app);
    let now = new Date('2026-01-31T10:00:00.000Z');
    const quota = createQuotaService({
      ...createSqliteStores(t.db),
      events: new EventEmitter(),
      clock: () => now,
    });
    subscribe(user.id, 'basic', now);
    for (let i = 0; i < 20; i += 1) await quota.consume(user.id, 'report_download');
    expect((await quota.consume(user.id, 'report_download')).ok).toBe(false);

    now = new Date('2026-02-28T09:59:59.000Z');
    expect((await quota.consume(user.id, 'report_download')).ok).toBe(false);

    now = new Date('2026-02-28T10:00:00.000Z');
    expect((await quota.consume(user.id, 'report_download')).ok).toBe(true);
    const renewed = (await readSubscription(createSqliteStores(t.db), user.id, () => now))!;
    expect(renewed.usage.report_download).toBe(1);
    expect(renewed.end).toBe('2026-03-31T10:00:00.000Z');
  });

  it('does not renew a subscription cancelled at period end', async () => {
    const { user } = await signIn(t.app);
    let now = new Date('2026-03-01T00:00:00.000Z');
    const quota = createQuotaService({
      ...createSqliteStores(t.db),
      events: new EventEmitter(),
      clock: () => now,
    });
    subscribe(user.id, 'basic', now);
    t.db.prepare('UPDATE subscriptions SET cancel_at_period_end = 1 WHERE user_id = ?').run(user.id);
    expect((await quota.consume(user.id, 'full_view')).ok).toBe(true);
    now = new Date('2026-04-02T00:00:00.000Z');
    expect(await quota.consume(user.id, 'full_view')).toMatchObject({
      ok: false,
      errorCode: 'LIMIT_REACHED_FULL_VIEW',
    });
    expect(await readSubscription(createSqliteStores(t.db), user.id, () => now)).toBeNull();
  });
});
