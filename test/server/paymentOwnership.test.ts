/**
 * The billing portal and the test checkout pages belong to the buyer. Holding a
 * checkout session id (it is in the success URL) no longer lets anyone cancel the buyer's plan or read
 * the payer's e-mail.
 */
import { createTestApp, signIn, type SignedIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['set-cookie'] ?? '').split(';')[0];

/** The buyer pays a Standard plan; returns the checkout session id and the buyer's page cookie. */
async function buy(buyer: SignedIn): Promise<{ sessionId: string; location: string; cookie: string }> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/v1/secure/payment/create-checkout-session',
    headers: formHeaders,
    payload: form({ email: 'buyer@example.ch', lookup_key: 'standard_monthly', token: buyer.mainToken }),
  });
  expect(started.statusCode).toBe(303);
  const location = started.headers.location as string;
  const cookie = cookieOf(started);
  const paid = await t.app.inject({
    method: 'POST',
    url: `${location}/pay`,
    headers: { ...formHeaders, cookie },
    payload: form({ card_number: '4242424242424242' }),
  });
  expect(paid.statusCode).toBe(303);
  return { sessionId: location.split('/').pop() as string, location, cookie };
}

/** The page shows `text` with the owner's cookie and answers 403 without it. */
async function expectOwnerOnly(url: string, cookie: string, text: string): Promise<void> {
  const own = await t.app.inject({ url, headers: { cookie } });
  expect(own.statusCode).toBe(200);
  expect(own.body).toContain(text);
  const stranger = await t.app.inject({ url });
  expect(stranger.statusCode).toBe(403);
  expect(stranger.body).not.toContain(text);
}

/** The success page's "Manage your billing information" form post, with or without the token field. */
const createPortal = (sessionId: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/secure/payment/create-portal-session',
    headers: formHeaders,
    payload: form(token ? { session_id: sessionId, token } : { session_id: sessionId }),
  });

describe('billing portal by session id', () => {
  it('create-portal-session without a token is refused', async () => {
    const { sessionId } = await buy(await signIn(t.app));
    const res = await createPortal(sessionId);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('another signed-in user holding the session id gets 404, not the buyer’s portal', async () => {
    const { sessionId } = await buy(await signIn(t.app));
    const attacker = await signIn(t.app);
    const res = await createPortal(sessionId, attacker.mainToken);
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('the buyer with their token gets the portal; its page opens only in the buyer’s browser', async () => {
    const buyer = await signIn(t.app);
    const { sessionId } = await buy(buyer);
    const res = await createPortal(sessionId, buyer.mainToken);
    expect(res.statusCode).toBe(303);
    const portal = res.headers.location as string;
    await expectOwnerOnly(portal, cookieOf(res), 'Standard Plan');
    const cancel = await t.app.inject({ method: 'POST', url: `${portal}/cancel` });
    expect(cancel.statusCode).toBe(403);
    const subscription = await t.app.ctx.payments.subscriptions.byUser(buyer.user.id);
    expect(subscription?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('test checkout page by session id', () => {
  it('shows the payer’s e-mail only to the browser that started the checkout', async () => {
    const buyer = await signIn(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/payment/create-checkout-session',
      headers: formHeaders,
      payload: form({ email: 'payer@example.ch', lookup_key: 'standard_monthly', token: buyer.mainToken }),
    });
    const location = started.headers.location as string;
    await expectOwnerOnly(location, cookieOf(started), 'payer@example.ch');
    const forged = await t.app.inject({ url: location, headers: { cookie: 'pa_test_checkout=forged' } });
    expect(forged.statusCode).toBe(403);
    // Nor can a stranger pay or cancel it.
    const pay = await t.app.inject({
      method: 'POST',
      url: `${location}/pay`,
      headers: formHeaders,
      payload: form({ card_number: '4242424242424242' }),
    });
    expect(pay.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${location}/cancel` })).statusCode).toBe(403);
  });
});

describe('the payment success page asks the server', () => {
  const status = (sessionId: string, headers?: { authorization: string }) =>
    t.app.inject({ url: `/v1/secure/payment/checkout-sessions/${encodeURIComponent(sessionId)}`, headers });

  it("tells the buyer the checkout is paid and names the plan's product", async () => {
    const buyer = await signIn(t.app);
    const { sessionId } = await buy(buyer);
    const answer = await status(sessionId, buyer.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'complete', product: 'Standard Plan' });
  });

  it('says open for a checkout not paid yet', async () => {
    const buyer = await signIn(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/payment/create-checkout-session',
      headers: formHeaders,
      payload: form({ lookup_key: 'basic_monthly', token: buyer.mainToken }),
    });
    const sessionId = (started.headers.location as string).split('/').pop() as string;
    expect((await status(sessionId, buyer.headers)).json()).toEqual({
      status: 'open',
      product: 'Basic Plan',
    });
  });

  it("answers 404 for someone else's checkout and for a made-up id, 401 without a token", async () => {
    const buyer = await signIn(t.app);
    const stranger = await signIn(t.app);
    const { sessionId } = await buy(buyer);
    expect((await status(sessionId, stranger.headers)).statusCode).toBe(404);
    const madeUp = await status('x', buyer.headers);
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toMatchObject({ error: true });
    expect((await status(sessionId)).statusCode).toBe(401);
  });
});
