/**
 * A token is verified once and then remembered by its exact text until it expires, so the tiles
 * of a map view do not each pay for an HS256 verification. Remembering must not weaken the checks: an
 * expired token is still refused as expired, a changed token or another audience is verified on its own.
 */
import { createTokenService, TokenError } from '../../server/services/tokens/TokenService';

const SECRET = 'token-verification-secret-0123456789abcdef';
const claims = { sub: '42', username: 'anna@example.ch', roles: ['MAPUSER'], sid: 'session-1' };

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof TokenError ? error.reason : String(error);
  }
}

describe('remembered token verification', () => {
  afterEach(() => jest.useRealTimers());

  it('accepts a remembered token until it expires, then refuses it as expired', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z') });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign('main', claims);
    expect(await tokens.verify('main', token)).toEqual(claims);
    jest.setSystemTime(new Date('2026-11-23T08:00:59Z'));
    expect(await tokens.verify('main', token)).toEqual(claims);
    jest.setSystemTime(new Date('2026-11-23T08:01:01Z'));
    expect(await reasonOf(tokens.verify('main', token))).toBe('expired');
    expect(await reasonOf(tokens.verify('main', token))).toBe('expired');
  });

  it('verifies a changed token on its own, whatever was remembered', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign('main', claims);
    await tokens.verify('main', token);
    const [header, payload, signature] = token.split('.');
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await reasonOf(tokens.verify('main', `${header}.${payload}.${otherSignature}`))).toBe('invalid');
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['SUPER'] })).toString('base64url');
    expect(await reasonOf(tokens.verify('main', `${header}.${forged}.${signature}`))).toBe('invalid');
  });

  it('remembers a token per audience: a main token stays refused for the single-sign-on host', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign('main', claims);
    await tokens.verify('main', token);
    expect(await reasonOf(tokens.verify('sso', token))).toBe('invalid');
    expect(await tokens.verify(['sso', 'main'], token)).toEqual(claims);
  });

  it('hands out a copy: a caller changing the roles does not change what is remembered', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign('main', claims);
    (await tokens.verify('main', token)).roles.push('SUPER');
    expect((await tokens.verify('main', token)).roles).toEqual(['MAPUSER']);
  });

  it('does not accept a token signed with another secret', async () => {
    const other = await createTokenService(`${SECRET}-other`, 60).sign('main', claims);
    expect(await reasonOf(createTokenService(SECRET, 60).verify('main', other))).toBe('invalid');
  });
});
