/**
 * Coupons of the built-in provider — percent or amount off, expiry, usage cap — managed
 * by admins, quoted before paying, applied to the checkout and redeemed atomically when it is paid.
 */
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
});
afterAll(async () => t.close());

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const createCoupon = (body: Record<string, unknown>, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: '/v1/secure/admin/coupons', headers: who.headers, payload: body });

const quote = (code: string, who: SignedIn, lookupKey = 'standard_monthly', language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/secure/payment/coupon-quote',
    headers: { ...who.headers, ...(language ? { langcode: language } : {}) },
    payload: { code, lookup_key: lookupKey },
  });

/** Starts a checkout with the coupon; returns its test-checkout path and page cookie. */
async function checkout(who: SignedIn, coupon: string, lookupKey = 'standard_monthly') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/secure/payment/create-checkout-session',
    headers: formHeaders,
    payload: form({ lookup_key: lookupKey, token: who.mainToken, coupon }),
  });
  return {
    response,
    location: response.headers.location as string,
    cookie: String(response.headers['set-cookie'] ?? '').split(';')[0],
  };
}

const pay = (location: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `${location}/pay`,
    headers: { ...formHeaders, cookie },
    payload: form({ card_number: '4242424242424242' }),
  });

describe('coupon quotes (the discounted price before paying)', () => {
  it('takes a percent or an amount off the plan price, code in any case', async () => {
    expect((await createCoupon({ code: 'spring20', percentOff: 20 })).statusCode).toBe(200);
    expect((await createCoupon({ code: 'TENOFF', amountOff: 10 })).statusCode).toBe(200);
    const buyer = await signIn(t.app);
    expect((await quote('SPRING20', buyer)).json()).toEqual({
      code: 'SPRING20',
      originalAmount: 59.9,
      discount: 11.98,
      amount: 47.92,
      percentOff: 20,
    });
    expect((await quote(' tenoff ', buyer, 'basic_monthly')).json()).toMatchObject({
      code: 'TENOFF',
      amount: 19.9,
      percentOff: null,
    });
  });

  it.each([
    ['an unknown code', 'NOPE'],
    ['an expired code', 'OLD'],
    ['a used-up code', 'ONCE'],
    ['a disabled code', 'GONE'],
    ['a malformed code', 'x y'],
  ])('refuses %s with {error: true, message: "Invalid coupon code"}', async (_why, code) => {
    await createCoupon({
      code: 'OLD',
      percentOff: 10,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    t.db.prepare("UPDATE coupons SET expires_at = '2000-01-01T00:00:00.000Z' WHERE code = 'OLD'").run();
    await createCoupon({ code: 'ONCE', percentOff: 10, maxRedemptions: 1 });
    t.db.prepare("UPDATE coupons SET redeemed = 1 WHERE code = 'ONCE'").run();
    await createCoupon({ code: 'GONE', percentOff: 10 });
    await t.app.inject({ method: 'DELETE', url: '/v1/secure/admin/coupons/gone', headers: admin.headers });
    const response = await quote(code, await signIn(t.app));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Invalid coupon code',
    });
  });

  it('limits quotes per user and per address: guessing codes meets 429', async () => {
    const guesser = await signIn(t.app);
    const guess = (who: SignedIn, n: number, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/secure/payment/coupon-quote',
        headers: who.headers,
        payload: { code: `GUESS${n}`, lookup_key: 'standard_monthly' },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) statuses.push((await guess(guesser, n, '198.51.100.80')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const refused = await guess(guesser, 99, '198.51.100.80');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again$/);
    // Many accounts from one address meet the address's limit.
    const fromOneAddress: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const other = await signIn(t.app);
      for (let m = 0; m < 9; m += 1) fromOneAddress.push((await guess(other, m, '198.51.100.81')).statusCode);
    }
    expect(fromOneAddress.filter((status) => status === 429)).toHaveLength(36 - 30);
  });

  it('says it in the langcode language', async () => {
    const response = await quote('NOPE', await signIn(t.app), 'standard_monthly', 'de');
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Ungültiger Gutscheincode',
    });
  });
});

describe('checkout with a coupon', () => {
  it('charges the discounted price and counts the coupon when paid', async () => {
    await createCoupon({ code: 'HALF', percentOff: 50, maxRedemptions: 5 });
    const buyer = await signIn(t.app);
    const started = await checkout(buyer, 'half');
    expect(started.response.statusCode).toBe(303);
    const page = await t.app.inject({ url: started.location, headers: { cookie: started.cookie } });
    expect(page.body).toContain('CHF 29.95 (coupon HALF, instead of CHF 59.90)');
    expect((await pay(started.location, started.cookie)).statusCode).toBe(303);
    const row = t.db.prepare("SELECT redeemed FROM coupons WHERE code = 'HALF'").get() as {
      redeemed: number;
    };
    expect(row.redeemed).toBe(1);
    const subscription = await t.app.inject({ url: '/v1/secure/subscriptions', headers: buyer.headers });
    expect(subscription.json().subscription.plan.product).toBe('Standard Plan');
  });

  it('refuses a checkout with an invalid coupon, and an amount that ignores the coupon', async () => {
    const buyer = await signIn(t.app);
    const refused = await checkout(buyer, 'NOPE');
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Invalid coupon code',
    });
    await createCoupon({ code: 'FIVE', amountOff: 5 });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/payment/create-checkout-session',
      headers: formHeaders,
      payload: form({ lookup_key: 'basic_monthly', token: buyer.mainToken, coupon: 'FIVE', amount: '29.90' }),
    });
    expect(stale.statusCode).toBe(400);
  });

  it('lets only one of two buyers racing for the last use have it', async () => {
    await createCoupon({ code: 'LAST', percentOff: 30, maxRedemptions: 1 });
    const [first, second] = [await signIn(t.app), await signIn(t.app)];
    const a = await checkout(first, 'LAST');
    const b = await checkout(second, 'LAST');
    const paid = await Promise.all([pay(a.location, a.cookie), pay(b.location, b.cookie)]);
    expect(paid.map((r) => r.statusCode).sort()).toEqual([303, 402]);
    expect(paid.find((r) => r.statusCode === 402)!.body).toContain('Invalid coupon code');
    const row = t.db.prepare("SELECT redeemed FROM coupons WHERE code = 'LAST'").get() as {
      redeemed: number;
    };
    expect(row.redeemed).toBe(1);
  });
});

describe('coupon admin API', () => {
  it('lists, creates and disables coupons for admins only', async () => {
    const user = await signIn(t.app);
    expect((await createCoupon({ code: 'MINE', percentOff: 5 }, user)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/secure/admin/coupons', headers: user.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/v1/secure/admin/coupons' })).statusCode).toBe(401);
    expect((await createCoupon({ code: 'AUTUMN', amountOff: 12.5, maxRedemptions: 3 })).json()).toEqual({
      error: false,
      message: 'Coupon AUTUMN created',
    });
    const listed = await t.app.inject({ url: '/v1/secure/admin/coupons', headers: admin.headers });
    expect(listed.json().coupons).toContainEqual(
      expect.objectContaining({
        code: 'AUTUMN',
        amountOff: 12.5,
        percentOff: null,
        maxRedemptions: 3,
        redeemed: 0,
        active: true,
      }),
    );
    const disabled = await t.app.inject({
      method: 'DELETE',
      url: '/v1/secure/admin/coupons/AUTUMN',
      headers: admin.headers,
    });
    expect(disabled.json()).toEqual({ error: false, message: 'Coupon AUTUMN disabled' });
  });

  it.each([
    [{ code: 'A', percentOff: 10 }, 'The code must have 3 to 40 letters, digits, dashes or underscores'],
    [{ code: 'BOTH', percentOff: 10, amountOff: 5 }, 'Give either a percent off or an amount off'],
    [{ code: 'NONE' }, 'Give either a percent off or an amount off'],
    [{ code: 'TOOMUCH', percentOff: 101 }, 'The percent off must be a whole number from 1 to 100'],
    [{ code: 'CENTS', amountOff: 1.005 }, 'The amount off must be more than 0 with at most 2 decimals'],
    [{ code: 'PAST', percentOff: 5, expiresAt: '2001-01-01' }, 'The expiry must be in the future'],
    [{ code: 'WHEN', percentOff: 5, expiresAt: 'soon' }, 'The expiry must be a date'],
    [{ code: 'CAP', percentOff: 5, maxRedemptions: 0 }, 'The usage cap must be a whole number of at least 1'],
  ])('refuses %j: %s', async (body, message) => {
    const response = await createCoupon(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, requestId: expect.any(String), message });
  });

  it('refuses a second coupon with the same code (409) and disabling an unknown one (404)', async () => {
    await createCoupon({ code: 'TWICE', percentOff: 5 });
    expect((await createCoupon({ code: 'twice', percentOff: 7 })).statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/v1/secure/admin/coupons/NOSUCH',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
