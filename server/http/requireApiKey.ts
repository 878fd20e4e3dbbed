import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../src/contract/ApiKeys';
import type { AppContext } from '../AppContext';
import type { ApiKeyRefusal } from '../services/apiKeys/ApiKeyService';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API-key guard of the OGC API routes. */
    apiKey?: { keyId: string; userId: string };
  }
}

/**
 * The key of a request: `Authorization: Bearer <key>` (GDAL's GDAL_HTTP_HEADERS, MapLibre), or HTTP Basic
 * with the key as the password and any user name (QGIS's and GDAL's built-in authentication).
 */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) || null : null;
}

const REFUSALS: Record<ApiKeyRefusal, { status: 401 | 403; text: string }> = {
  missing: {
    status: 401,
    text: 'An API key is required: send it as "Authorization: Bearer <key>" (create one in Settings › API keys)',
  },
  unknown: { status: 401, text: 'The API key is not valid' },
  revoked: { status: 401, text: 'The API key has been revoked' },
  expired: { status: 401, text: 'The API key has expired' },
  inactive: { status: 401, text: 'The account of this API key is not active' },
  scope: {
    status: 403,
    text: 'The API key is not allowed to read this (check its scopes in Settings › API keys)',
  },
};

/** An OGC API exception (code and description), with the app's {error, message} beside it. */
export const ogcException = (code: string, description: string) => ({
  code,
  description,
  error: true,
  message: description,
});

/**
 * A preHandler that admits a request with a usable personal API key of this scope: 401 (with a Basic
 * challenge, so QGIS asks for credentials) for a missing, unknown, revoked or expired key, 403 for a key
 * without the scope, 429 with Retry-After over the key's rate.
 */
export function requireApiKey(ctx: AppContext, scope: ApiKeyScope) {
  return async function apiKeyGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const check = await ctx.apiKeys.authenticate(apiKeyOf(request), scope);
    if (check.ok) {
      request.apiKey = { keyId: check.keyId, userId: check.userId };
      return;
    }
    if (check.reason === 'rate') {
      return reply
        .code(429)
        .header('retry-after', String(check.retryAfterSeconds))
        .send(ogcException('TooManyRequests', 'Too many requests with this API key. Try again in a minute'));
    }
    const { status, text } = REFUSALS[check.reason];
    if (status === 401)
      reply.header('www-authenticate', 'Bearer realm="Parcel Atlas", Basic realm="Parcel Atlas"');
    return reply.code(status).send(ogcException(status === 401 ? 'Unauthorized' : 'Forbidden', text));
  };
}

/** The key holder of a guarded request; throws if the route was registered without the guard. */
export function apiKeyHolder(request: FastifyRequest): { keyId: string; userId: string } {
  if (!request.apiKey) throw new Error('route is missing its requireApiKey guard');
  return request.apiKey;
}
