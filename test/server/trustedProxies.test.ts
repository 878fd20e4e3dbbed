/**
 * X-Forwarded-For is believed only from configured proxies (TRUST_PROXY), the server
 * sends a bounded number of account mails an hour, and argon2 hashing runs a bounded number at once.
 */
import argon2 from 'argon2';
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';
import { ConfigError, loadConfig } from '../../server/config';
import { ACCOUNT_RATE_LIMITS } from '../../server/services/accounts/rateLimits';

const verification = (t: TestApp, email: string, forwardedFor: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/email-verification',
    payload: { email },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

/** One more verification request than the per-IP limit allows, each with another X-Forwarded-For. */
async function rotatingForwardedFor(t: TestApp, prefix: string, remoteAddress?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= ACCOUNT_RATE_LIMITS.verificationPerIp.max; i++) {
    const res = await verification(t, `${prefix}${i}@example.ch`, `198.51.100.${i + 1}`, remoteAddress);
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('trusted proxies', () => {
  it('by default a rotating X-Forwarded-For does not escape the per-IP limit', async () => {
    const t = await createTestApp();
    try {
      const statuses = await rotatingForwardedFor(t, 'rot');
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY=1 believes the hop in front of us: clients behind it are told apart', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const statuses = await rotatingForwardedFor(t, 'hop', '10.0.0.2');
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY with a CIDR list believes only those proxies', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    try {
      // From an address outside the list, the header is ignored.
      expect((await rotatingForwardedFor(t, 'cidr')).at(-1)).toBe(429);
      // From the proxy, it is believed.
      expect((await verification(t, 'viaproxy@example.ch', '198.51.100.200', '10.1.2.3')).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a malformed TRUST_PROXY', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please', DATA_DIR: '/tmp' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99', DATA_DIR: '/tmp' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: '/tmp' }).trustProxy).toBe(false);
  });
});

describe('global budget of account mails', () => {
  it('ACCOUNT_MAILS_PER_HOUR caps verification and reset mails across all addresses', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1', ACCOUNT_MAILS_PER_HOUR: '4' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await verification(t, `budget${i}@example.ch`, `198.51.100.${i + 1}`)).statusCode);
      for (let i = 3; i < 6; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/request-reset-password',
          payload: { username: `budget${i}@example.ch` },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('password hashing concurrency', () => {
  it('PASSWORD_HASH_CONCURRENCY=1: parallel logins hash one at a time', async () => {
    const t = await createTestApp({ PASSWORD_HASH_CONCURRENCY: '1', TRUST_PROXY: '1' });
    const original = argon2.verify.bind(argon2);
    let running = 0;
    let most = 0;
    const spy = jest.spyOn(argon2, 'verify').mockImplementation(async (hash, password) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await original(hash, password);
      } finally {
        running -= 1;
      }
    });
    try {
      await createAccount(t.app, { username: 'flood@example.ch', password: 'Flood-Pass1!' });
      const logins = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/login',
            payload: {
              username: i % 2 ? 'flood@example.ch' : `nobody${i}@example.ch`,
              password: 'Flood-Pass1!',
            },
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          }),
        ),
      );
      expect(logins.map((res) => res.statusCode).filter((status) => status === 200).length).toBe(3);
      expect(spy).toHaveBeenCalledTimes(6);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
      await t.close();
    }
  });
});
