import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type { LoginRequest, SaveProfileRequest, UpdatePasswordRequest } from '../../../src/contract/Accounts';
import { authUser, bearerToken, requireRole, tokenMessage } from '../../http/requireRole';
import { setDeviceCookie, trustedDeviceOf } from './deviceCookie';
import { stringFields } from './requestFields';
import { withCurrentPasskey } from './passkeySchemas';

/** Signing in and the signed-in account on the SSO host: login, the service login, profile, password change. */
export function signInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { accounts } = ctx;
  const signedInOrEnrolling = requireRole(ctx, null, 'sso', { duringTwoFactorSetup: true });
  /** POST /api/user/login: username, password → token (usernames ignore case; rate-limited). */
  app.post<{ Body: Partial<LoginRequest> }>(
    '/api/user/login',
    { schema: { body: stringFields({ username: 320, password: 1000 }) } },
    async (request, reply) => {
      const { username } = request.body;
      const device = trustedDeviceOf(request, username);
      const response = await accounts.login(request.body, request.ip, device);
      // A password alone does not make a browser trusted when a second factor is asked: the second step
      // gives the cookie.
      if (response.token) setDeviceCookie(reply, username ?? '', device, ctx.config);
      return response;
    },
  );

  /**
   * POST /api/user/logout (bearer: the SSO or the main token of a session): revokes that session, so both of
   * its tokens get 401 from now on and its open sockets close. Idempotent: a token whose session already
   * ended still answers 200; a missing, forged or expired token answers 401.
   */
  app.post('/api/user/logout', async (request, reply) => {
    let sessionId: string;
    try {
      sessionId = (await ctx.tokens.verify(['sso', 'main'], bearerToken(request))).sid;
    } catch (error) {
      return reply.code(401).send({ error: true, message: tokenMessage(error) });
    }
    await ctx.sessions.revoke(sessionId);
    return { error: false, message: 'Logged out' };
  });

  /** POST /api/ms-auth/login (SSO bearer) → `{token}` for the main server (the service-to-service login). */
  app.post('/api/ms-auth/login', { preHandler: signedInOrEnrolling }, async (request) => {
    const { id, sessionId } = authUser(request);
    const { token } = await accounts.authorize(id, sessionId);
    return { token };
  });

  /** GET /api/admin/profile (SSO bearer) → the session profile of spec §3, with the token it was asked with. */
  app.get('/api/admin/profile', { preHandler: signedInOrEnrolling }, (request) =>
    accounts.profile(authUser(request).id, bearerToken(request) ?? undefined),
  );

  /**
   * POST /profile (SSO bearer): saves the editable profile fields; roles and username are not editable here.
   * A new e-mail address needs `currentPassword` (or a sign-in within 15 minutes) and waits for confirmation.
   */
  app.post<{ Body: Partial<SaveProfileRequest> }>(
    '/profile',
    {
      preHandler: requireRole(ctx, null, 'sso'),
      schema: {
        body: withCurrentPasskey(
          stringFields({
            name: 200,
            email: 320,
            phone: 50,
            defaultLanguage: 10,
            companyName: 200,
            companyAddress: 1000,
            currentPassword: 1000,
            currentCode: 40,
          }),
        ),
      },
    },
    (request) => {
      const { id, sessionId } = authUser(request);
      return accounts.saveProfile(id, request.body, sessionId);
    },
  );

  /**
   * POST /api/admin/update-password (SSO bearer): needs `currentPassword` (or a sign-in within 15 minutes);
   * ends every other session; the reply's `token` keeps this one signed in.
   */
  app.post<{ Body: Partial<UpdatePasswordRequest> }>(
    '/api/admin/update-password',
    {
      preHandler: requireRole(ctx, null, 'sso'),
      schema: {
        body: withCurrentPasskey(
          stringFields({ password: 1000, confirmPassword: 1000, currentPassword: 1000, currentCode: 40 }),
        ),
      },
    },
    (request) => {
      const { id, sessionId } = authUser(request);
      return accounts.updatePassword(id, request.body, sessionId);
    },
  );
}
