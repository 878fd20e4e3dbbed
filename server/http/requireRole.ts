import type { FastifyInstance, FastifyRequest, FastifyReply, RouteOptions } from 'fastify';
import { hasAccess, type RoleRequirement } from '../../src/lib/accessCheck';
import type { AppContext } from '../AppContext';
import {
  TokenError,
  type AuthUser,
  type TokenAudience,
  type TokenClaims,
} from '../services/tokens/TokenService';

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the secure-route guard. */
    auth?: AuthUser;
  }
}

/** The user a guarded route runs for; throws if the route was registered without a guard. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new Error('route is missing its requireRole guard');
  return request.auth;
}

export const ACCESS_DENIED = 'Access denied. Please login with correct credentials to access the system';

/** The 401 message for a token that failed verification. */
export function tokenMessage(error: unknown): string {
  if (error instanceof TokenError && error.reason === 'expired')
    return 'Your session has expired. Please log in again';
  if (error instanceof TokenError && error.reason === 'missing') return 'Authorization token is missing';
  return 'Authorization token is invalid';
}

export const TWO_FACTOR_SETUP_REQUIRED =
  'Your company requires two-factor sign-in. Please set it up to continue';

export interface GuardOptions {
  /**
   * The route stays open to an account whose company requires a second factor it has not set up yet
   * (the profile, the enrolment routes): every other route answers 403 until it has.
   */
  duringTwoFactorSetup?: boolean;
}

/**
 * A preHandler that requires a valid token for the given host and a role that passes the access check
 * of spec §6. Answers 401 for a missing, invalid or expired token or an ended session, 403 for a
 * missing role, both as {error: true, message}; a failed session lookup goes to the error handler (503
 * while the database is unreachable).
 */
export function requireRole(
  ctx: AppContext,
  required: RoleRequirement = 'MAPUSER',
  audience: TokenAudience = 'main',
  options: GuardOptions = {},
) {
  return Object.assign(guard, { [AUTH_GUARD]: true });
  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let claims: TokenClaims;
    try {
      claims = await ctx.tokens.verify(audience, bearerToken(request));
    } catch (error) {
      return reply.code(401).send({ error: true, message: tokenMessage(error) });
    }
    // Outside the token's catch: a session lookup that fails (the database is unreachable: 503) must not
    // answer 401, which the browser takes for "log out".
    const user = await ctx.resolveSession(claims);
    if (!user) {
      return reply.code(401).send({ error: true, message: 'Your session has ended. Please log in again' });
    }
    if (!hasAccess(user.roles, required)) {
      return reply.code(403).send({ error: true, message: ACCESS_DENIED });
    }
    if (!options.duringTwoFactorSetup && (await ctx.accounts.twoFactorSetupRequired(user.id))) {
      return reply
        .code(403)
        .send({ error: true, message: TWO_FACTOR_SETUP_REQUIRED, twoFactorSetupRequired: true });
    }
    request.auth = user;
  }
}

/** Marks the hooks `requireRole` makes, so `authenticateBeforeValidation` can find them. */
const AUTH_GUARD = Symbol('authGuard');

type RouteHook = RouteOptions['preHandler'];
const isGuard = (hook: unknown) => typeof hook === 'function' && AUTH_GUARD in hook;

/**
 * Routes list their guard as a preHandler, which fastify runs after the schema validation: a caller
 * without a token would learn the body's schema from a 400. This moves every guard to preValidation, so
 * authentication answers (401/403) before the body is looked at. Register before the routes.
 */
export function authenticateBeforeValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handlers: RouteHook[] = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    const guards = handlers.filter(isGuard);
    if (guards.length === 0) return;
    const others = handlers.filter((hook) => hook !== undefined && !isGuard(hook));
    const validation = route.preValidation;
    route.preValidation = [
      ...guards,
      ...(Array.isArray(validation) ? validation : validation ? [validation] : []),
    ] as RouteOptions['preValidation'];
    route.preHandler = others as RouteOptions['preHandler'];
  });
}
