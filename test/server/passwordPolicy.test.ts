/**
 * One password policy on every path that sets a password (register, reset, invite,
 * update-password): the strong-password rule with the union of the spec's symbol sets, no common
 * password (a common word with digits or symbols round it included), and passwords trimmed everywhere.
 */
import { ACCOUNT_MESSAGES as M } from '../../server/services/accounts/AccountError';
import {
  isCommonPassword,
  isGuessablePassword,
  normalisedPassword,
} from '../../server/services/accounts/passwordPolicy';
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';
import { clearOutbox, keyFromLink, waitForMail } from './helpers/outbox';

const WEAK = ['nouppercase1!', 'NOLOWERCASE1!', 'NoDigits!!', 'NoSymbol123'];
const COMMON = ['Password1!', 'Qwerty123!', 'Welcome1!'];
const GOOD = 'Parcel-Atlas7';
/** Guessed in few tries although they pass the symbol rule: keyboard walks, local words, short repeats. */
const GUESSABLE = ['Qwertz123!', 'Gruezi123!', 'Yxcvbnm1!', 'Gipfeli#2026'];

describe('one password policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const pair = (password: string) => ({ password, confirmPassword: password });

  async function expectRefusals(
    send: (password: string) => Promise<{ statusCode: number; json(): { message: string } }>,
    weakMessage: string,
  ) {
    for (const password of [...WEAK, 'Sh0rt!a']) {
      const response = await send(password);
      expect([password, response.statusCode, response.json().message]).toEqual([password, 400, weakMessage]);
    }
    for (const password of [...COMMON, ` ${COMMON[0]} `, 'P@ssw0rd!', 'Summer2024!']) {
      const response = await send(password);
      expect([password, response.statusCode, response.json().message]).toEqual([
        password,
        400,
        M.commonPassword,
      ]);
    }
    for (const password of GUESSABLE) {
      const response = await send(password);
      expect([password, response.statusCode, response.json().message]).toEqual([
        password,
        400,
        M.guessablePassword,
      ]);
    }
    // Trivial patterns a per-path check can miss: refused on every path, whichever rule catches them.
    for (const password of ['Aa1!aaaa', 'Abc123!@#']) expect((await send(password)).statusCode).toBe(400);
  }

  it('register refuses a weak password (the activation form wording) and a common one', async () => {
    await post('/api/user/email-verification', { email: 'reg@example.ch' });
    const key = keyFromLink((await waitForMail(t.dataDir, 'reg@example.ch')).link);
    const form = (password: string) => ({
      email: 'reg@example.ch',
      name: 'Reg',
      phone: '1',
      defaultLanguage: 'en',
      companyName: 'Reg AG',
      companyAddress: 'Zug',
      username: 'reg@example.ch',
      activationKey: key,
      ...pair(password),
    });
    await expectRefusals((password) => post('/api/user/register', form(password)), M.weakPassword);
    expect((await post('/api/user/register', form(`${GOOD}!`))).statusCode).toBe(200);
  });

  it('reset refuses a weak and a common password with the spec message', async () => {
    await createAccount(t.app, { username: 'reset@example.ch', password: GOOD });
    clearOutbox(t.dataDir);
    await post('/api/admin/request-reset-password', { username: 'reset@example.ch' });
    const key = keyFromLink((await waitForMail(t.dataDir, 'reset@example.ch')).link);
    await expectRefusals(
      (password) => post('/api/admin/reset-password', { ...pair(password), key }),
      M.strongPasswordRule,
    );
    expect((await post('/api/admin/reset-password', { ...pair(`${GOOD}x`), key })).statusCode).toBe(200);
  });

  it('accept-invite refuses a weak and a common password with the spec message', async () => {
    const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    await post(
      '/api/admin/invite',
      { email: 'invitee@example.ch', name: 'Invitee', roles: [], sites: [], language: 'en' },
      { authorization: `Bearer ${admin.ssoToken}` },
    );
    const key = keyFromLink((await waitForMail(t.dataDir, 'invitee@example.ch')).link);
    await expectRefusals(
      (password) => post('/api/admin/accept-invite', { ...pair(password), key }),
      M.strongPasswordRule,
    );
    expect((await post('/api/admin/accept-invite', { ...pair(GOOD), key })).statusCode).toBe(200);
  });

  it('update-password refuses a weak and a common password with the spec message', async () => {
    const { ssoToken } = await signIn(t.app);
    const headers = { authorization: `Bearer ${ssoToken}` };
    await expectRefusals(
      (password) => post('/api/admin/update-password', pair(password), headers),
      M.strongPasswordRule,
    );
    expect((await post('/api/admin/update-password', pair(GOOD), headers)).statusCode).toBe(200);
  });

  it('the messages are the spec wording and a clear one for a common password', () => {
    expect(M.strongPasswordRule).toBe(
      'Password must have at least 8 characters with lower and upper letters and at least one symbol and one digit',
    );
    expect(M.commonPassword).toMatch(/too common/);
  });

  it('compares a normalised form against the common-password list', () => {
    expect(normalisedPassword('Password1!')).toBe('password');
    expect(normalisedPassword('!!Qwerty123')).toBe('qwerty');
    for (const password of COMMON) expect(isCommonPassword(password)).toBe(true);
    for (const password of [GOOD, 'Str0ng!Pass', 'Atlas#2026mapview', 'Zürich-See9']) {
      expect(isCommonPassword(password)).toBe(false);
    }
  });

  it('estimates strength with the German, French, Italian and English dictionaries and the qwertz keyboard', () => {
    for (const password of [...GUESSABLE, 'Aa1!aaaa', 'Bonjour123!', 'Ciao1234!', 'Sommer2024!', 'Asdfgh12!'])
      expect([password, isGuessablePassword(password)]).toEqual([password, true]);
    for (const password of [GOOD, 'Str0ng!Pass', 'Atlas#2026layers', 'Tr4m-Gleis!Basel', 'Kx9#mPq2vL'])
      expect([password, isGuessablePassword(password)]).toEqual([password, false]);
  });
});
