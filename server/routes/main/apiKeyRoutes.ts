import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../AppContext';
import {
  API_KEY_LIFETIMES_DAYS,
  API_KEY_SCOPES,
  MAX_API_KEY_NAME_LENGTH,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '../../../src/contract/ApiKeys';
import { authUser, requireRole } from '../../http/requireRole';
import { ApiKeyError } from '../../services/apiKeys/ApiKeyService';

const createSchema = {
  body: {
    type: 'object',
    required: ['name', 'scopes', 'expiresInDays'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: MAX_API_KEY_NAME_LENGTH, pattern: '\\S' },
      scopes: {
        type: 'array',
        minItems: 1,
        maxItems: API_KEY_SCOPES.length,
        uniqueItems: true,
        items: { type: 'string', enum: [...API_KEY_SCOPES] },
      },
      expiresInDays: { type: 'integer', enum: [...API_KEY_LIFETIMES_DAYS] },
    },
  },
} as const;

const idSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  },
} as const;

/** Refusals of the key service as {error: true, message} with their status; anything else goes on. */
function apiKeyErrorHandler(
  error: FastifyError | ApiKeyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(error instanceof ApiKeyError)) throw error;
  return reply.code(error.status).send({ error: true, message: error.message });
}

/**
 * Personal API keys under /v1/secure: `api-keys` for the signed-in map user's own keys (create: the key is
 * in the answer this once; list; revoke) and `admin/api-keys` for an administrator's company's keys.
 */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler(apiKeyErrorHandler);
  const mapUser = { preHandler: requireRole(ctx) };
  const admin = { preHandler: requireRole(ctx, 'ADMIN') };

  app.get('/api-keys', mapUser, async (request): Promise<ApiKeyListResponse> => ({
    keys: await ctx.apiKeys.list(authUser(request).id),
  }));

  app.post<{ Body: CreateApiKeyRequest }>(
    '/api-keys',
    { ...mapUser, schema: createSchema },
    async (request, reply): Promise<CreateApiKeyResponse> => {
      // The key is shown once: no cache may keep the answer.
      reply.code(201).header('cache-control', 'no-store');
      return ctx.apiKeys.create(authUser(request), request.body);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api-keys/:id/revoke',
    { ...mapUser, schema: idSchema },
    async (request): Promise<ApiKeyListResponse> => {
      const user = authUser(request);
      await ctx.apiKeys.revoke(user, request.params.id);
      return { keys: await ctx.apiKeys.list(user.id) };
    },
  );

  app.get('/admin/api-keys', admin, async (request): Promise<ApiKeyListResponse> => ({
    keys: await ctx.apiKeys.listForCompany(authUser(request).id),
  }));

  app.post<{ Params: { id: string } }>(
    '/admin/api-keys/:id/revoke',
    { ...admin, schema: idSchema },
    async (request): Promise<ApiKeyListResponse> => {
      const admin = authUser(request);
      await ctx.apiKeys.revokeInCompany(admin, request.params.id);
      return { keys: await ctx.apiKeys.listForCompany(admin.id) };
    },
  );
}
