import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LIST_EXPORT_FORMATS,
  LIST_STATUSES,
  MAX_LIST_ITEMS,
  MAX_LIST_NAME_LENGTH,
  MAX_LIST_NOTE_LENGTH,
  MAX_STATUS_LABEL_LENGTH,
  type AddListItemRequest,
  type AddListItemsRequest,
  type AddListNoteRequest,
  type CreateParcelListRequest,
  type ListExportFormat,
  type ListStatus,
  type RenameStatusRequest,
  type UpdateListItemRequest,
  type UpdateParcelListRequest,
  type ListAlertsRequest,
} from '../../../src/contract/ParcelLists';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { languageOf } from '../../services/i18n/ServerTranslator';
import { ListError } from '../../services/lists/ParcelListService';
import { sendExport } from './exportReplies';
import { sendQuotaDenied } from './parcels/parcelReplies';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const prcId = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' } as const;
const name = { type: 'string', minLength: 1, maxLength: MAX_LIST_NAME_LENGTH, pattern: '\\S' } as const;
const siteId = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;

const listParams = { type: 'object', required: ['id'], properties: { id } } as const;
const itemParams = { type: 'object', required: ['id', 'prcId'], properties: { id, prcId } } as const;

const createSchema = {
  body: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name, siteId },
  },
} as const;
const updateSchema = {
  params: listParams,
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: { name, siteId },
  },
} as const;
const alertsSchema = {
  params: listParams,
  body: {
    type: 'object',
    required: ['alertsOn'],
    additionalProperties: false,
    properties: { alertsOn: { type: 'boolean' } },
  },
} as const;
const addItemSchema = {
  params: listParams,
  body: { type: 'object', required: ['prcId'], additionalProperties: false, properties: { prcId } },
} as const;
/**
 * A map selection's parcels. The body may name as many as a list holds; more than MAX_BULK_LIST_ADD is
 * refused by the service with its own message, so the user reads what the cap is.
 */
const addItemsSchema = {
  params: listParams,
  body: {
    type: 'object',
    required: ['prcIds'],
    additionalProperties: false,
    properties: { prcIds: { type: 'array', minItems: 1, maxItems: MAX_LIST_ITEMS, items: prcId } },
  },
} as const;
const updateItemSchema = {
  params: itemParams,
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      status: { type: 'string', enum: [...LIST_STATUSES] },
      assigneeId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
    },
  },
} as const;
const noteSchema = {
  params: itemParams,
  body: {
    type: 'object',
    required: ['text'],
    additionalProperties: false,
    properties: { text: { type: 'string', minLength: 1, maxLength: MAX_LIST_NOTE_LENGTH, pattern: '\\S' } },
  },
} as const;
const siteParams = { type: 'object', required: ['siteId'], properties: { siteId: id } } as const;
const renameStatusSchema = {
  params: {
    type: 'object',
    required: ['siteId', 'status'],
    properties: { siteId: id, status: { type: 'string', enum: [...LIST_STATUSES] } },
  },
  body: {
    type: 'object',
    required: ['label'],
    additionalProperties: false,
    properties: { label: { type: ['string', 'null'], maxLength: MAX_STATUS_LABEL_LENGTH } },
  },
} as const;
const exportSchema = {
  params: {
    type: 'object',
    required: ['id', 'format'],
    properties: { id, format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] } },
  },
} as const;

/** Refusals of the list service as {error: true, message} with their status; anything else goes on. */
function listErrorHandler(error: FastifyError | ListError, _request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof ListError)) throw error;
  return reply.code(error.status).send({ error: true, message: error.message });
}

/**
 * Parcel lists under /v1/secure (ADR 029): `lists` (the user's own and those shared with their sites),
 * a list's parcels (`items`), their status and assignee, notes and history, the list's bulk export, and
 * a site's pipeline names (`list-statuses`, renamed by the site's administrators). Every route checks
 * on the server who may do it (ParcelListService).
 */
export async function parcelListRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler(listErrorHandler);
  const mapUser = { preHandler: requireRole(ctx) };
  const lists = ctx.parcelLists;

  app.get('/lists', mapUser, async (request) => lists.lists(authUser(request)));

  app.post<{ Body: CreateParcelListRequest }>(
    '/lists',
    { ...mapUser, schema: createSchema },
    async (request, reply) => {
      reply.code(201);
      return lists.create(authUser(request), request.body);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/lists/:id',
    { ...mapUser, schema: { params: listParams } },
    async (request) => lists.detail(authUser(request), request.params.id),
  );

  app.post<{ Params: { id: string }; Body: UpdateParcelListRequest }>(
    '/lists/:id',
    { ...mapUser, schema: updateSchema },
    async (request) => lists.update(authUser(request), request.params.id, request.body),
  );

  app.post<{ Params: { id: string }; Body: ListAlertsRequest }>(
    '/lists/:id/alerts',
    { ...mapUser, schema: alertsSchema },
    async (request) => lists.setAlerts(authUser(request), request.params.id, request.body.alertsOn),
  );

  app.delete<{ Params: { id: string } }>(
    '/lists/:id',
    { ...mapUser, schema: { params: listParams } },
    async (request, reply) => {
      await lists.remove(authUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string }; Body: AddListItemRequest }>(
    '/lists/:id/items',
    { ...mapUser, schema: addItemSchema },
    async (request, reply) => {
      reply.code(201);
      return lists.addItem(authUser(request), request.params.id, request.body.prcId.trim().toUpperCase());
    },
  );

  app.post<{ Params: { id: string }; Body: AddListItemsRequest }>(
    '/lists/:id/items/bulk',
    { ...mapUser, schema: addItemsSchema },
    async (request) =>
      lists.addItems(
        authUser(request),
        request.params.id,
        request.body.prcIds.map((id) => id.trim().toUpperCase()),
      ),
  );

  app.post<{ Params: { id: string; prcId: string }; Body: UpdateListItemRequest }>(
    '/lists/:id/items/:prcId',
    { ...mapUser, schema: updateItemSchema },
    async (request) =>
      lists.updateItem(authUser(request), request.params.id, request.params.prcId, request.body),
  );

  app.delete<{ Params: { id: string; prcId: string } }>(
    '/lists/:id/items/:prcId',
    { ...mapUser, schema: { params: itemParams } },
    async (request, reply) => {
      await lists.removeItem(authUser(request), request.params.id, request.params.prcId);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string; prcId: string } }>(
    '/lists/:id/items/:prcId/history',
    { ...mapUser, schema: { params: itemParams } },
    async (request) => lists.history(authUser(request), request.params.id, request.params.prcId),
  );

  app.post<{ Params: { id: string; prcId: string }; Body: AddListNoteRequest }>(
    '/lists/:id/items/:prcId/notes',
    { ...mapUser, schema: noteSchema },
    async (request, reply) => {
      reply.code(201);
      return lists.addNote(authUser(request), request.params.id, request.params.prcId, request.body.text);
    },
  );

  app.get<{ Params: { id: string; format: ListExportFormat } }>(
    '/lists/:id/export/:format',
    { ...mapUser, schema: exportSchema },
    async (request, reply) => {
      const viewer = authUser(request);
      const outcome = await ctx.listExports.export(
        viewer,
        request.params.id,
        request.params.format,
        languageOf(request.headers.langcode),
      );
      if (!outcome.ok) return sendQuotaDenied(reply, outcome.denied);
      return sendExport(reply, ctx.exportJobs, viewer.id, outcome.prepared);
    },
  );

  app.get<{ Params: { siteId: string } }>(
    '/list-statuses/:siteId',
    { ...mapUser, schema: { params: siteParams } },
    async (request) => lists.siteStatuses(authUser(request), request.params.siteId),
  );

  app.post<{ Params: { siteId: string; status: ListStatus }; Body: RenameStatusRequest }>(
    '/list-statuses/:siteId/:status',
    { ...mapUser, schema: renameStatusSchema },
    async (request) =>
      lists.renameStatus(authUser(request), request.params.siteId, request.params.status, request.body.label),
  );
}
