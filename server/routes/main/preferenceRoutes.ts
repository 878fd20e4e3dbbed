import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type {
  Preferences,
  SaveEmailSignatureRequest,
  SaveEmailSignatureResponse,
} from '../../../src/contract/Settings';
import { authUser, requireRole } from '../../http/requireRole';

/** Largest signature accepted before sanitising (the editor's HTML of a long signature is a few KB). */
export const EMAIL_SIGNATURE_MAX_CHARS = 100_000;

export const PREFERENCE_MESSAGES = {
  signatureSaved: 'Updated email signature',
} as const;

/**
 * Preferences of spec §7: `GET /v1/secure/preferences/` (any map user) and
 * `POST /v1/secure/preferences/email-signature` (administrators: spec §6 shows them the editor). The
 * signature is sanitised on the server before it is stored.
 */
export function preferenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/preferences/', { preHandler: requireRole(ctx) }, (request): Promise<Preferences> =>
    ctx.preferences.get(authUser(request).id),
  );

  app.post<{ Body: SaveEmailSignatureRequest }>(
    '/preferences/email-signature',
    {
      preHandler: requireRole(ctx, 'ADMIN'),
      schema: {
        body: {
          type: 'object',
          required: ['emailSignature'],
          properties: { emailSignature: { type: 'string', maxLength: EMAIL_SIGNATURE_MAX_CHARS } },
        },
      },
    },
    async (request): Promise<SaveEmailSignatureResponse> => ({
      error: false,
      message: PREFERENCE_MESSAGES.signatureSaved,
      emailSignature: await ctx.preferences.saveEmailSignature(
        authUser(request).id,
        request.body.emailSignature,
      ),
    }),
  );
}
