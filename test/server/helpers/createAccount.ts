import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './createTestApp';
import type { UserRecord } from '../../../server/store/contract/users/UserStore';
/** An active account with a real (argon2id) password, as `npm run users -- create` makes one. */
export function createAccount(
  app: FastifyInstance,
  account: { username: string; password: string; name?: string; roles?: string[] },
): Promise<UserRecord> {
  return app.ctx.accounts.createUser(account);
}

/** The account the login-throttle tests guess at, with its right password. */
export const THROTTLED_OWNER = { username: 'owner@example.ch', password: 'Str0ng!Pass', name: 'Owner' };

/**
 * A fresh app per test with THROTTLED_OWNER's account; mocks restored and the app closed after each.
 * Returns a getter, since the app is made in `beforeEach`.
 */
export function appWithThrottledOwner(): () => TestApp {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await createAccount(t.app, THROTTLED_OWNER);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });
  return () => t;
}
