import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';

describe('account settings in the configuration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-config-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('defaults the key lifetimes to 24 h (verification), 1 h (reset) and 7 days (invitation)', () => {
    expect(load({}).keyTtlSeconds).toEqual({ verification: 86400, reset: 3600, invite: 604800 });
  });

  it('reads VERIFICATION_KEY_TTL_SECONDS, RESET_KEY_TTL_SECONDS, INVITE_KEY_TTL_SECONDS and MAIL_FROM', () => {
    const config = load({
      VERIFICATION_KEY_TTL_SECONDS: '7200',
      RESET_KEY_TTL_SECONDS: '600',
      INVITE_KEY_TTL_SECONDS: '86400',
      MAIL_FROM: 'Atlas <no-reply@atlas.ch>',
    });
    expect(config.keyTtlSeconds).toEqual({ verification: 7200, reset: 600, invite: 86400 });
    expect(config.mailFrom).toBe('Atlas <no-reply@atlas.ch>');
  });

  it.each([
    [{ RESET_KEY_TTL_SECONDS: 'soon' }, /RESET_KEY_TTL_SECONDS must be a whole number/],
    [{ VERIFICATION_KEY_TTL_SECONDS: '5' }, /VERIFICATION_KEY_TTL_SECONDS must be a whole number from 60/],
    [{ MAIL_FROM: 'not an address' }, /MAIL_FROM must be an e-mail address/],
  ])('refuses %j with one clear line', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});
