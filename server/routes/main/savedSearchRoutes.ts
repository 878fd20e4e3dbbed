import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ALERT_FREQUENCIES,
  MAX_SAVED_SEARCH_NAME_LENGTH,
  MAX_SAVED_SEARCH_QUERY_LENGTH,
  type CreateSavedSearchRequest,
  type UpdateSavedSearchRequest,
} from '../../../src/contract/SavedSearches';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { SavedSearchError } from '../../services/savedSearches/SavedSearchService';
import { isUnsubscribeSignature } from '../../services/mail/unsubscribeSignature';
import { unsubscribedPage } from '../../services/mail/unsubscribedPage';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const name = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_SAVED_SEARCH_NAME_LENGTH,
  pattern: '\\S',
} as const;
const siteId = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;
const alert = { type: 'string', enum: [...ALERT_FREQUENCIES] } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;
const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
/** West, south, east, north in WGS84 degrees (their order is checked by checkArea). */
const area = {
  type: ['array', 'null'],
  items: [longitude, latitude, longitude, latitude],
  additionalItems: false,
  minItems: 4,
  maxItems: 4,
} as const;
const params = { type: 'object', required: ['id'], properties: { id } } as const;
const unsubscribeSchema = {
  querystring: {
    type: 'object',
    required: ['search', 'user', 'sig'],
    properties: { search: id, user: id, sig: { type: 'string', minLength: 1, maxLength: 100 } },
  },
} as const;

const createSchema = {
  body: {
    type: 'object',
    required: ['name', 'query'],
    additionalProperties: false,
    properties: {
      name,
      query: { type: 'string', minLength: 1, maxLength: MAX_SAVED_SEARCH_QUERY_LENGTH },
      area,
      alert,
      siteId,
    },
  },
} as const;
const updateSchema = {
  params,
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: { name, alert, siteId },
  },
} as const;

function savedSearchErrorHandler(
  error: FastifyError | SavedSearchError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(error instanceof SavedSearchError)) throw error;
  return reply.code(error.status).send({ error: true, message: error.message });
}

/** An area whose west is east of its east, or south north of its north, is no area. */
function checkArea(body: CreateSavedSearchRequest): string | null {
  const box = body.area;
  if (!box) return null;
  return box[0] < box[2] && box[1] < box[3]
    ? null
    : 'area must be [west, south, east, north] with west < east and south < north';
}

/**
 * Saved searches under /v1/secure (ADR 032): the user's own and those shared with their sites; the
 * owner renames, shares, deletes them and sets their alert. Every route checks on the server who may do
 * it (SavedSearchService).
 */
export async function savedSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const unsubscribed = unsubscribedPage(ctx.translator, 'server.savedSearchMail.unsubscribed');
  app.setErrorHandler(savedSearchErrorHandler);
  const mapUser = { preHandler: requireRole(ctx) };
  const service = ctx.savedSearches;

  // The mail's one-click unsubscribe: no session, the link's signature is the permission.
  app.get<{ Querystring: { search: string; user: string; sig: string } }>(
    '/saved-searches/unsubscribe',
    { schema: unsubscribeSchema },
    async (request, reply) => {
      const { search, user, sig } = request.query;
      const valid =
        isUnsubscribeSignature(ctx.config.jwtSecret, search, user, sig) &&
        (await service.stopAlerts(user, search));
      if (!valid) return reply.code(400).send({ error: true, message: 'This unsubscribe link is not valid' });
      return reply.type('text/html; charset=utf-8').send(unsubscribed);
    },
  );

  app.get('/saved-searches', mapUser, async (request) => service.list(authUser(request)));

  app.post<{ Body: CreateSavedSearchRequest }>(
    '/saved-searches',
    { ...mapUser, schema: createSchema },
    async (request, reply) => {
      const wrongArea = checkArea(request.body);
      if (wrongArea) return reply.code(400).send({ error: true, message: wrongArea });
      reply.code(201);
      return service.create(authUser(request), request.body);
    },
  );

  app.post<{ Params: { id: string }; Body: UpdateSavedSearchRequest }>(
    '/saved-searches/:id',
    { ...mapUser, schema: updateSchema },
    async (request) => service.update(authUser(request), request.params.id, request.body),
  );

  app.delete<{ Params: { id: string } }>(
    '/saved-searches/:id',
    { ...mapUser, schema: { params } },
    async (request, reply) => {
      await service.remove(authUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
