import crypto from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * Device cookies (OWASP, "Slow brute-force attacks: device cookies"): a browser that signed in to an
 * account gets a signed cookie naming the account and a random device id. When it signs in to that
 * account again, its guesses are throttled under the device alone, so an office whose address is
 * throttled by someone else's failures still lets its colleagues in.
 */
export const DEVICE_COOKIE = 'pa_device';
/** The cookie is only ever sent to the login call. */
const COOKIE_PATH = '/api/user/login';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const accountOf = (username: string) => username.trim().toLowerCase();
const encode = (account: string) => Buffer.from(account).toString('base64url');

/** Registers cookie parsing and signing in `app`, keyed by a secret derived from the JWT secret. */
export async function registerDeviceCookies(app: FastifyInstance, config: Pick<Config, 'jwtSecret'>) {
  const secret = crypto.createHmac('sha256', config.jwtSecret).update('device cookie').digest('hex');
  await app.register(fastifyCookie, { secret });
}

/** The device id of this browser's cookie when it is genuine and names `username`'s account. */
export function trustedDeviceOf(request: FastifyRequest, username: string | undefined): string | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw || !username) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  const [account, device] = value.split('.');
  return account === encode(accountOf(username)) && /^[A-Za-z0-9_-]{22}$/.test(device ?? '')
    ? (device as string)
    : null;
}

/** Gives the browser the account's device cookie (the same device id when it had one). */
export function setDeviceCookie(
  reply: FastifyReply,
  username: string,
  device: string | null,
  config: Pick<Config, 'publicUrl'>,
): void {
  const id = device ?? crypto.randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${encode(accountOf(username))}.${id}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    path: COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}
