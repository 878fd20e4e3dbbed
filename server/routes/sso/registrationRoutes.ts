import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type { EmailVerificationRequest, RegisterRequest } from '../../../src/contract/Accounts';
import { requestLanguage, stringFields } from './requestFields';

/** Self-registration (spec §2): the verification mail, the activation key, the activation form. */
export function registrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { accounts } = ctx;
  /** POST /api/user/email-verification: mails an activation link; the same reply for known and new addresses. */
  app.post<{ Body: Partial<EmailVerificationRequest> }>(
    '/api/user/email-verification',
    { schema: { body: stringFields({ email: 320 }) } },
    (request) => accounts.requestVerification(request.body, request.ip, requestLanguage(request)),
  );

  /** POST /api/user/verify-activation-key/KEY → success, email (the key is not spent until registration). */
  app.post<{ Params: { key: string } }>(
    '/api/user/verify-activation-key/:key',
    {
      schema: {
        params: {
          type: 'object',
          properties: { key: { type: 'string', maxLength: 200 } },
          required: ['key'],
        },
      },
    },
    (request) => accounts.checkActivationKey(request.params.key),
  );

  /** POST /api/user/register: the activation form → token and user (role MAPUSER). */
  app.post<{ Body: Partial<RegisterRequest> }>(
    '/api/user/register',
    {
      schema: {
        body: stringFields({
          email: 320,
          name: 200,
          phone: 50,
          defaultLanguage: 10,
          companyName: 200,
          companyAddress: 1000,
          username: 320,
          password: 1000,
          confirmPassword: 1000,
          activationKey: 200,
        }),
      },
    },
    (request) => accounts.register(request.body),
  );
}
