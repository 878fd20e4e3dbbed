import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_PREFIX } from '../../services/billing/testProvider';

/**
 * Binds the built-in test checkout and portal pages to the browser whose token opened them: the form
 * post that verified the token (create-checkout-session, create-portal-session) sets an HttpOnly cookie
 * holding a MAC of the page's id, and the pages answer only with that cookie. Whoever else learns a
 * checkout or portal id (it is in the success URL, in history, in logs) gets 403, not the payer's
 * e-mail or the buyer's plan.
 */
const COOKIE = { checkout: 'pa_test_checkout', portal: 'pa_test_portal' } as const;
export type TestPage = keyof typeof COOKIE;

const TEST_PAGE = new RegExp(`^${PAYMENT_PREFIX}/test-(checkout|portal)/([^/?]+)$`);

export interface TestPageGrants {
  /** After a verified form post: when `url` is a test page, lets this browser open it. */
  grant(reply: FastifyReply, url: string): void;
  /** True when the request carries this browser's grant for that page. */
  allows(request: FastifyRequest, page: TestPage, id: string): boolean;
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

export function createTestPageGrants(jwtSecret: string, secure: boolean): TestPageGrants {
  const key = crypto.createHash('sha256').update(`test-payment-pages:${jwtSecret}`).digest();
  const mac = (page: TestPage, id: string) =>
    crypto.createHmac('sha256', key).update(`${page}:${id}`).digest('base64url');
  return {
    grant(reply, url) {
      const match = TEST_PAGE.exec(url);
      if (!match) return;
      const page = match[1] as TestPage;
      const attributes = [`Path=${PAYMENT_PREFIX}`, 'HttpOnly', 'SameSite=Lax', 'Max-Age=3600'];
      if (secure) attributes.push('Secure');
      reply.header(
        'set-cookie',
        `${COOKIE[page]}=${mac(page, decodeURIComponent(match[2]))}; ${attributes.join('; ')}`,
      );
    },
    allows(request, page, id) {
      const given = cookieValue(request, COOKIE[page]);
      if (!given) return false;
      const expected = Buffer.from(mac(page, id));
      const actual = Buffer.from(given);
      return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
    },
  };
}
