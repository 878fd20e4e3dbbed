import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type {
  DisableTotpRequest,
  PasskeyRegistrationRequest,
  PasskeySignInRequest,
  RenamePasskeyRequest,
  SecondFactorLoginRequest,
  SiteTwoFactorRequest,
  TotpCodeRequest,
} from '../../../src/contract/TwoFactor';
import { authUser, requireRole } from '../../http/requireRole';
import { setDeviceCookie, trustedDeviceOf } from './deviceCookie';
import { stringFields } from './requestFields';
import { authenticationResponse, base64url, registrationResponse } from './passkeySchemas';

const passkeyParams = {
  type: 'object',
  required: ['id'],
  properties: { id: base64url(1400) },
} as const;

const passkeyName = { type: 'object', properties: { name: { type: 'string', maxLength: 200 } } } as const;

/**
 * Two-factor sign-in on the SSO host: the second step of a login, the account's authenticator app and
 * passkeys in Settings, and the administrators' requirement per site. The enrolment routes stay open to an
 * account whose company requires a second factor it has not set up yet.
 */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { accounts } = ctx;
  const signedIn = requireRole(ctx, null, 'sso');
  const enrolling = requireRole(ctx, null, 'sso', { duringTwoFactorSetup: true });

  /** POST /api/user/login/second-factor: pendingLogin + code (TOTP or recovery) or passkey → token. */
  app.post<{ Body: Partial<SecondFactorLoginRequest> }>(
    '/api/user/login/second-factor',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            pendingLogin: { type: 'string', maxLength: 100 },
            code: { type: 'string', maxLength: 40 },
            passkey: authenticationResponse,
          },
        },
      },
    },
    async (request, reply) => {
      const { response, username } = await accounts.completeLogin(request.body);
      setDeviceCookie(reply, username, trustedDeviceOf(request, username), ctx.config);
      return response;
    },
  );

  /** POST /api/user/login/passkey/options → a challenge for signing in with a passkey instead of a password. */
  app.post('/api/user/login/passkey/options', (request) => accounts.passkeySignInOptions(request.ip));

  /** POST /api/user/login/passkey: the browser's signed answer → token (both factors in one). */
  app.post<{ Body: Partial<PasskeySignInRequest> }>(
    '/api/user/login/passkey',
    {
      schema: {
        body: { type: 'object', required: ['passkey'], properties: { passkey: authenticationResponse } },
      },
    },
    async (request, reply) => {
      const { response, username } = await accounts.passkeySignIn(request.body.passkey);
      setDeviceCookie(reply, username, trustedDeviceOf(request, username), ctx.config);
      return response;
    },
  );

  /** GET /api/user/two-factor → what the account has set up (never a secret). */
  app.get('/api/user/two-factor', { preHandler: enrolling }, (request) =>
    accounts.twoFactorStatus(authUser(request).id),
  );

  /** POST /api/user/two-factor/totp/start → a new secret with its QR code (until confirmed, replaceable). */
  app.post('/api/user/two-factor/totp/start', { preHandler: enrolling }, (request) =>
    accounts.startTotp(authUser(request).id),
  );

  /** POST /api/user/two-factor/totp/confirm: code → the ten recovery codes, shown once. */
  app.post<{ Body: Partial<TotpCodeRequest> }>(
    '/api/user/two-factor/totp/confirm',
    { preHandler: enrolling, schema: { body: stringFields({ code: 40 }) } },
    (request) => accounts.confirmTotp(authUser(request).id, request.body),
  );

  /** POST /api/user/two-factor/totp/disable: currentPassword + code. */
  app.post<{ Body: Partial<DisableTotpRequest> }>(
    '/api/user/two-factor/totp/disable',
    { preHandler: signedIn, schema: { body: stringFields({ currentPassword: 1000, code: 40 }) } },
    (request) => {
      const { id, sessionId } = authUser(request);
      return accounts.disableTotp(id, request.body, sessionId);
    },
  );

  /** POST /api/user/two-factor/recovery-codes: currentPassword + code → ten new recovery codes, shown once. */
  app.post<{ Body: Partial<DisableTotpRequest> }>(
    '/api/user/two-factor/recovery-codes',
    { preHandler: signedIn, schema: { body: stringFields({ currentPassword: 1000, code: 40 }) } },
    (request) => {
      const { id, sessionId } = authUser(request);
      return accounts.renewRecoveryCodes(id, request.body, sessionId);
    },
  );

  /** POST /api/user/two-factor/passkeys/confirm-options → a challenge for the account's passkeys (re-authentication). */
  app.post('/api/user/two-factor/passkeys/confirm-options', { preHandler: signedIn }, (request) =>
    accounts.passkeyConfirmationOptions(authUser(request).id),
  );

  /** POST /api/user/two-factor/passkeys/options → the browser's registration options. */
  app.post('/api/user/two-factor/passkeys/options', { preHandler: enrolling }, (request) =>
    accounts.passkeyRegistrationOptions(authUser(request).id),
  );

  /** POST /api/user/two-factor/passkeys: name + the browser's registration answer. */
  app.post<{ Body: Partial<PasskeyRegistrationRequest> }>(
    '/api/user/two-factor/passkeys',
    {
      preHandler: enrolling,
      schema: {
        body: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 200 }, response: registrationResponse },
        },
      },
    },
    (request) => accounts.addPasskey(authUser(request).id, request.body),
  );

  app.post<{ Params: { id: string }; Body: Partial<RenamePasskeyRequest> }>(
    '/api/user/two-factor/passkeys/:id',
    { preHandler: signedIn, schema: { params: passkeyParams, body: passkeyName } },
    (request) => accounts.renamePasskey(authUser(request).id, request.params.id, request.body),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/user/two-factor/passkeys/:id',
    { preHandler: signedIn, schema: { params: passkeyParams } },
    (request) => accounts.removePasskey(authUser(request).id, request.params.id),
  );

  /** POST /api/admin/sites/:siteID/two-factor: required → every account of the site must enrol (ADMIN). */
  app.post<{ Params: { siteID: string }; Body: SiteTwoFactorRequest }>(
    '/api/admin/sites/:siteID/two-factor',
    {
      preHandler: requireRole(ctx, 'ADMIN', 'sso'),
      schema: {
        params: {
          type: 'object',
          required: ['siteID'],
          properties: { siteID: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        body: {
          type: 'object',
          required: ['required'],
          properties: { required: { type: 'boolean' } },
        },
      },
    },
    (request) =>
      ctx.userAdmin.setSiteTwoFactor(authUser(request), request.params.siteID, request.body.required),
  );
}
