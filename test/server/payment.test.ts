import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { InjectOptions } from 'fastify';
import { createTestApp, signIn, type TestApp, type SignedIn } from './helpers/createTestApp';
import { createStripeProvider } from '../../server/services/billing/createStripeProvider';
import { createPlanRepository } from '../../server/store/sqlite/subscriptions/createPlanRepository';
import type { SubscriptionResponse } from '../../src/contract/Subscription';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The browser's cookies: the test checkout and portal pages open only for the browser that posted the form. */
const jar = new Map<string, string>();
async function inject(options: InjectOptions) {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await t.app.inject({
    ...options,
    headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
  });
  const setCookie = response.headers['set-cookie'];
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

function checkout(fields: Record<string, string>) {
  return inject({
    method: 'POST',
    url: '/v1/secure/payment/create-checkout-session',
    headers: formHeaders,
    payload: form(fields),
  });
}

async function subscriptionOf(who: SignedIn) {
  const response = await inject({
    method: 'GET',
    url: '/v1/secure/subscriptions',
    headers: who.headers,
  });
  return response.json<SubscriptionResponse>().subscription;
}

/** Starts a Standard checkout and returns the test checkout page path. */
async function startStandardCheckout(who: SignedIn, email = 'anna@example.ch'): Promise<string> {
  const response = await checkout({
    email,
    lookup_key: 'standard_monthly',
    amount: '59.90',
    token: who.mainToken,
  });
  expect(response.statusCode).toBe(303);
  return response.headers.location as string;
}

function webhookSecret(): string {
  return fs.readFileSync(path.join(t.dataDir, 'payment-webhook-secret'), 'utf8').trim();
}

function postWebhook(payload: string, signature: string) {
  return inject({
    method: 'POST',
    url: '/v1/secure/payment/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

function completedEvent(id: string, userId: string, lookupKey = 'premium_monthly') {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: userId,
        customer: 'cus_1',
        subscription: `sub_${id}`,
        metadata: { userId, lookup_key: lookupKey },
      },
    },
  });
}

describe('create-checkout-session', () => {
  it('refuses an unknown lookup key', async () => {
    const who = await signIn(t.app);
    const response = await checkout({
      email: 'a@b.ch',
      lookup_key: 'gold_monthly',
      amount: '10',
      token: who.mainToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Unknown plan: gold_monthly',
    });
  });

  it('refuses an invalid token', async () => {
    const response = await checkout({
      email: 'a@b.ch',
      lookup_key: 'basic_monthly',
      amount: '29.90',
      token: 'forged',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: true });
  });

  it('refuses an amount that is not the plan price', async () => {
    const who = await signIn(t.app);
    const response = await checkout({
      email: 'a@b.ch',
      lookup_key: 'basic_monthly',
      amount: '1.00',
      token: who.mainToken,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a form without a token', async () => {
    const response = await checkout({ email: 'a@b.ch', lookup_key: 'basic_monthly' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true, message: expect.stringContaining('token') });
  });

  it('redirects (303) to the hosted test checkout, which says TEST PAYMENT and shows plan, amount and the test card', async () => {
    const who = await signIn(t.app);
    const location = await startStandardCheckout(who, 'anna<b>@example.ch');
    expect(location).toMatch(/^\/v1\/secure\/payment\/test-checkout\/cs_test_[\w-]+$/);
    const page = await inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST PAYMENT');
    expect(page.body).toContain('Standard Plan');
    expect(page.body).toContain('CHF 59.90');
    expect(page.body).toContain('value="4242 4242 4242 4242"');
    expect(page.body).toContain('anna&lt;b&gt;@example.ch');
    expect(page.body).not.toContain('anna<b>');
  });
});

describe('built-in test checkout', () => {
  it('Pay fulfils the subscription and redirects like Stripe to /payment/success/{id}?product=…', async () => {
    const who = await signIn(t.app);
    const planChanged = new Promise((resolve) => t.app.ctx.events.once('plan-changed', resolve));
    const location = await startStandardCheckout(who);
    const sessionId = location.split('/').pop();
    const paid = await inject({
      method: 'POST',
      url: `${location}/pay`,
      headers: formHeaders,
      payload: form({ card_number: '4242 4242 4242 4242' }),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://atlas.test/payment/success/${sessionId}?product=Standard%20Plan`,
    );
    await expect(planChanged).resolves.toEqual({ userId: who.user.id });
    expect(await subscriptionOf(who)).toMatchObject({
      status: 'active',
      plan: {
        product: 'Standard Plan',
        limits: { max_advance_search: 350, max_full_view: 350, max_report_download: 50 },
      },
      usage: { advance_search: 0, full_view: 0, report_download: 0 },
    });
  });

  it('a declined test card changes nothing and shows the error on the page', async () => {
    const who = await signIn(t.app);
    const location = await startStandardCheckout(who);
    const declined = await inject({
      method: 'POST',
      url: `${location}/pay`,
      headers: formHeaders,
      payload: form({ card_number: '4000 0000 0000 0002' }),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect((await subscriptionOf(who))?.plan.product).toBe('Trial');
  });

  it('Cancel redirects to /payment/canceled and the checkout can no longer be paid', async () => {
    const who = await signIn(t.app);
    const location = await startStandardCheckout(who);
    const cancelled = await inject({ method: 'POST', url: `${location}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('http://atlas.test/payment/canceled');
    const late = await inject({
      method: 'POST',
      url: `${location}/pay`,
      headers: formHeaders,
      payload: form({ card_number: '4242424242424242' }),
    });
    expect(late.statusCode).toBe(410);
    expect((await subscriptionOf(who))?.plan.product).toBe('Trial');
  });

  it('the billing portal shows the subscription and cancels it at period end', async () => {
    const who = await signIn(t.app);
    const location = await startStandardCheckout(who);
    await inject({
      method: 'POST',
      url: `${location}/pay`,
      headers: formHeaders,
      payload: form({ card_number: '4242424242424242' }),
    });
    const portal = await inject({
      method: 'POST',
      url: '/v1/secure/payment/create-portal-session',
      headers: formHeaders,
      payload: form({ session_id: location.split('/').pop()!, token: who.mainToken }),
    });
    expect(portal.statusCode).toBe(303);
    const page = await inject({ method: 'GET', url: portal.headers.location as string });
    expect(page.body).toContain('TEST PAYMENT');
    expect(page.body).toContain('Standard Plan');
    expect(page.body).toContain('Cancel at period end');
    const cancel = await inject({ method: 'POST', url: `${portal.headers.location}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(await subscriptionOf(who)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await inject({ method: 'GET', url: portal.headers.location as string })).body).toContain(
      'Ends on',
    );
  });

  it('refuses a portal session for an unknown checkout', async () => {
    const who = await signIn(t.app);
    const response = await inject({
      method: 'POST',
      url: '/v1/secure/payment/create-portal-session',
      headers: formHeaders,
      payload: form({ session_id: 'cs_test_nope', token: who.mainToken }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: true });
  });
});

describe('webhook', () => {
  it('rejects a wrong signature and changes nothing', async () => {
    const who = await signIn(t.app);
    const payload = completedEvent('evt_forged', who.user.id);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const response = await postWebhook(payload, forged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: true,
      requestId: expect.any(String),
      message: 'Webhook signature verification failed',
    });
    expect((await subscriptionOf(who))?.plan.product).toBe('Trial');
  });

  it('rejects a body changed after signing (the signature covers the raw bytes)', async () => {
    const who = await signIn(t.app);
    const payload = completedEvent('evt_tampered', who.user.id);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
    const response = await postWebhook(payload.replace('premium_monthly', 'basic_monthly'), signature);
    expect(response.statusCode).toBe(400);
  });

  it('fulfils the same event delivered twice only once', async () => {
    const who = await signIn(t.app);
    const payload = completedEvent('evt_twice', who.user.id);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
    const first = await postWebhook(payload, signature);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const afterFirst = await subscriptionOf(who);
    expect(afterFirst?.plan.product).toBe('Premium Plan');
    await t.app.ctx.quota.consume(who.user.id, 'full_view');

    const second = await postWebhook(payload, signature);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const afterSecond = await subscriptionOf(who);
    // A second fulfilment would have started a new period and reset the count.
    expect(afterSecond?.end).toBe(afterFirst?.end);
    expect(afterSecond?.usage.full_view).toBe(1);
    expect(t.db.prepare('SELECT COUNT(*) FROM payment_events WHERE id = ?').pluck().get('evt_twice')).toBe(1);
  });

  it('applies renewals (invoice.paid) and ends the subscription on customer.subscription.deleted', async () => {
    const who = await signIn(t.app);
    const secret = webhookSecret();
    const send = (body: object) => {
      const payload = JSON.stringify(body);
      return postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    };
    await postWebhook(
      completedEvent('evt_start', who.user.id, 'basic_monthly'),
      Stripe.webhooks.generateTestHeaderString({
        payload: completedEvent('evt_start', who.user.id, 'basic_monthly'),
        secret,
      }),
    );
    const start = Math.floor(Date.now() / 1000) + 10;
    const end = start + 31 * 86400;
    await send({
      id: 'evt_invoice',
      type: 'invoice.paid',
      created: start,
      data: {
        object: {
          parent: { subscription_details: { subscription: 'sub_evt_start' } },
          lines: { data: [{ period: { start, end } }] },
        },
      },
    });
    expect((await subscriptionOf(who))?.end).toBe(new Date(end * 1000).toISOString());
    await send({
      id: 'evt_deleted',
      type: 'customer.subscription.deleted',
      created: start,
      data: { object: { id: 'sub_evt_start', ended_at: start - 20 } },
    });
    expect(await subscriptionOf(who)).toBeNull();
  });
});

describe('Stripe adapter', () => {
  it('creates a subscription-mode Checkout Session with the spec success and cancel URLs', async () => {
    const created: Record<string, unknown>[] = [];
    const fakeStripe = {
      prices: { list: async () => ({ data: [{ id: 'price_live_standard' }] }) },
      checkout: {
        sessions: {
          create: async (params: Record<string, unknown>) => {
            created.push(params);
            return { url: 'https://checkout.stripe.com/c/pay/cs_live_1' };
          },
        },
      },
    } as unknown as Stripe; // only the calls the adapter makes are faked
    const plan = createPlanRepository(t.db).byLookupKey('standard_monthly')!;
    const url = await createStripeProvider(fakeStripe, 'whsec_x').createCheckoutSession({
      plan,
      userId: 'u1',
      email: 'a@b.ch',
      successUrl: 'http://atlas.test/payment/success/{CHECKOUT_SESSION_ID}?product=Standard%20Plan',
      cancelUrl: 'http://atlas.test/payment/canceled',
    });
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_live_1');
    expect(created[0]).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_live_standard', quantity: 1 }],
      client_reference_id: 'u1',
      customer_email: 'a@b.ch',
      metadata: { userId: 'u1', lookup_key: 'standard_monthly' },
      success_url: 'http://atlas.test/payment/success/{CHECKOUT_SESSION_ID}?product=Standard%20Plan',
      cancel_url: 'http://atlas.test/payment/canceled',
    });
  });

  it('is used instead of the test checkout when Stripe keys are configured', async () => {
    const withStripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_dummy',
      STRIPE_WEBHOOK_SECRET: 'whsec_dummy',
    });
    try {
      const page = await withStripe.app.inject({
        method: 'GET',
        url: '/v1/secure/payment/test-checkout/cs_test_x',
      });
      expect(page.statusCode).toBe(404);
      const payload = JSON.stringify({ id: 'evt_s', type: 'ping', created: 1, data: { object: {} } });
      const ok = await withStripe.app.inject({
        method: 'POST',
        url: '/v1/secure/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_dummy' }),
        },
        payload,
      });
      expect(ok.json()).toEqual({ received: true, duplicate: false });
    } finally {
      await withStripe.close();
    }
  });
});
