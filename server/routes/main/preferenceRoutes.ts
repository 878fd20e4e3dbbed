import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import type {
  Preferences,
  SaveEmailSignatureRequest,
  SaveEmailSignatureResponse,
  SaveTimeZoneRequest,
} from '../../../src/contract/Settings';
import { authUser, requireRole } from '../../http/requireRole';

/** Largest signature accepted before sanitising (the editor's HTML of a long signature is a few KB). */
export const EMAIL_SIGNATURE_MAX_CHARS = 100_000;

export const PREFERENCE_MESSAGES = {
  signatureSaved: 'Updated email signature',
  unknownTimeZone: 'Choose a time zone from the list',
} as const;

/**
 * Preferences of spec §7: `GET /v1/secure/preferences/` (any map user),
 * `POST /v1/secure/preferences/email-signature` (administrators: spec §6 shows them the editor; the
 * signature is sanitised on the server before it is stored) and `POST /v1/secure/preferences/time-zone`
 * (any map user: the zone of their digests, one of the server's IANA zones).
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

  app.post<{ Body: SaveTimeZoneRequest }>(
    '/preferences/time-zone',
    {
      preHandler: requireRole(ctx),
      schema: {
        body: {
          type: 'object',
          required: ['timeZone'],
          additionalProperties: false,
          // The longest IANA names ("America/Argentina/ComodRivadavia") are 32 characters.
          properties: { timeZone: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    async (request, reply): Promise<Preferences> => {
      const { id } = authUser(request);
      if (!(await ctx.preferences.saveTimeZone(id, request.body.timeZone)))
        return reply.code(400).send({ error: true, message: PREFERENCE_MESSAGES.unknownTimeZone });
      return ctx.preferences.get(id);
    },
  );
}
