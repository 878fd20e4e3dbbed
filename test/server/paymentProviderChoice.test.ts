/**
 * The built-in test checkout (free plans with card 4242…) is an explicit choice.
 * In production without a provider, checkout answers "payments are not configured".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function startCheckout(t: TestApp) {
  const who = await signIn(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/v1/secure/payment/create-checkout-session',
    headers: formHeaders,
    payload: new URLSearchParams({ lookup_key: 'standard_monthly', token: who.mainToken }).toString(),
  });
}

describe('payment provider choice', () => {
  it('NODE_ENV=production without Stripe keys: checkout and portal answer 503 "payments are not configured"', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', MAIL_OUTBOX: '1' });
    try {
      expect(t.config.paymentProvider).toBe('none');
      const res = await startCheckout(t);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: true,
        requestId: expect.any(String),
        message: 'Payments are not configured on this server. Please contact the operator',
      });
      const portal = await t.app.inject({
        method: 'POST',
        url: '/v1/secure/payment/create-portal-session',
        headers: formHeaders,
        payload: new URLSearchParams({
          session_id: 'cs_test_x',
          token: (await signIn(t.app)).mainToken,
        }).toString(),
      });
      expect(portal.statusCode).toBe(503);
      // The test pages are not there at all.
      const page = await t.app.inject({ url: '/v1/secure/payment/test-checkout/cs_test_x' });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('TEST PAYMENT');
    } finally {
      await t.close();
    }
  });

  it('PAYMENT_PROVIDER=test in production is honoured (an explicit choice) and every test page carries the TEST banner', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', MAIL_OUTBOX: '1', PAYMENT_PROVIDER: 'test' });
    try {
      const res = await startCheckout(t);
      expect(res.statusCode).toBe(303);
      const cookie = String(res.headers['set-cookie']).split(';')[0];
      const page = await t.app.inject({ url: res.headers.location as string, headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('TEST PAYMENT');
      const missing = await t.app.inject({ url: '/v1/secure/payment/test-portal/nope' });
      expect(missing.body).toContain('TEST PAYMENT');
    } finally {
      await t.close();
    }
  });

  it('outside production the test checkout stays the default', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.paymentProvider).toBe('test');
      expect((await startCheckout(t)).statusCode).toBe(303);
    } finally {
      await t.close();
    }
  });

  it('logs a warning line at start when the test checkout is active', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-warning-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'test' });
    const db = openDatabase(path.join(dir, 't.sqlite'));
    const app = await buildApp({ config, storage: sqliteStorage(db), logger: pino({ level: 'warn' }, sink) });
    try {
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ level: 40, msg: expect.stringContaining('TEST checkout') as string }),
        ]),
      );
    } finally {
      await app.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses PAYMENT_PROVIDER=stripe without keys and unknown providers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-config-'));
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'paypal' })).toThrow(ConfigError);
    expect(
      loadConfig({
        DATA_DIR: dir,
        NODE_ENV: 'production',
        MAIL_OUTBOX: '1',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).paymentProvider,
    ).toBe('stripe');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
