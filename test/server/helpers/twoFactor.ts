import type { FastifyInstance } from 'fastify';
import { totpCodeAt } from '../../../server/services/accounts/totpCodes';

/** Fakes the clock only (Date), so 30-second TOTP steps can be stepped through while I/O runs for real. */
export function fakeClockOnly(start = Date.UTC(2026, 10, 26, 9, 0, 0)): void {
  jest.useFakeTimers({
    now: start,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
}

/** Moves the faked clock on by whole 30-second TOTP steps. */
export function nextTotpStep(steps = 1): void {
  jest.setSystemTime(Date.now() + steps * 30_000);
}

export const currentCode = (secret: string) => totpCodeAt(secret, Date.now());

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Enrols the account behind `ssoToken` with an authenticator app: start, confirm with the current code.
 * Returns the secret and the ten recovery codes.
 */
export async function enrolTotp(app: FastifyInstance, ssoToken: string) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/user/two-factor/totp/start',
    headers: bearer(ssoToken),
  });
  const { secret } = started.json() as { secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/user/two-factor/totp/confirm',
    headers: bearer(ssoToken),
    payload: { code: currentCode(secret) },
  });
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}
