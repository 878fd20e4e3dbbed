/**
 * What a request meets first: authentication before the body is validated on secure routes, security
 * headers even on a URL the router cannot decode, and a signed provider event that lacks its creation
 * time refused as bad input (400, so the provider stops retrying) instead of failing inside.
 */
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { seedPlans } from '../../server/store/sqlite/subscriptions/seedPlans';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  seedPlans(t.db);
});
afterAll(async () => t.close());

describe('order of checks', () => {
  it('POST /api/admin/sites without a token answers 401 before validating the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      payload: { nonsense: 1 },
    });
    expect(response.statusCode).toBe(401);
  });

  it('a secure main-server route without a token answers 401 before validating the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/settings/push-subscription',
      payload: { subscription: 'not an object' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('a malformed URL is answered 400 with the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/secure/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('a signed webhook event without `created` answers 400 and changes nothing', async () => {
    const who = await signIn(t.app);
    const secret = fs.readFileSync(path.join(t.dataDir, 'payment-webhook-secret'), 'utf8').trim();
    const payload = JSON.stringify({
      id: 'evt_no_created',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_no_created',
          payment_status: 'paid',
          client_reference_id: who.user.id,
          metadata: { userId: who.user.id, lookup_key: 'premium_monthly' },
        },
      },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/secure/payment/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(
      t.db.prepare('SELECT COUNT(*) FROM payment_events WHERE id = ?').pluck().get('evt_no_created'),
    ).toBe(0);
  });
});
