import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAP_LAYER_IDS } from '../../../src/contract/MapLayers';
import {
  LV95_SWITZERLAND,
  PRINT_LOCALES,
  PRINT_ORIENTATIONS,
  PRINT_PAPERS,
  PRINT_SCALES,
  PRINT_TITLE_MAX_LENGTH,
  PRINT_VIEW_QUERY_MAX_LENGTH,
  type MapPrintRequest,
} from '../../../src/contract/MapPrint';
import type { AppContext } from '../../AppContext';
import { authUser, requireRole } from '../../http/requireRole';
import { contentDisposition } from './reportRoutes';

const printBody = {
  type: 'object',
  required: ['paper', 'orientation', 'scale', 'center', 'layers', 'locale'],
  additionalProperties: false,
  properties: {
    paper: { type: 'string', enum: [...PRINT_PAPERS] },
    orientation: { type: 'string', enum: [...PRINT_ORIENTATIONS] },
    scale: { type: 'integer', enum: [...PRINT_SCALES] },
    center: {
      type: 'object',
      required: ['east', 'north'],
      additionalProperties: false,
      properties: {
        east: { type: 'number', minimum: LV95_SWITZERLAND.minE, maximum: LV95_SWITZERLAND.maxE },
        north: { type: 'number', minimum: LV95_SWITZERLAND.minN, maximum: LV95_SWITZERLAND.maxN },
      },
    },
    layers: {
      type: 'array',
      maxItems: MAP_LAYER_IDS.length,
      uniqueItems: true,
      items: { type: 'string', enum: [...MAP_LAYER_IDS] },
    },
    title: { type: 'string', maxLength: PRINT_TITLE_MAX_LENGTH },
    locale: { type: 'string', enum: [...PRINT_LOCALES] },
    view: {
      type: 'string',
      maxLength: PRINT_VIEW_QUERY_MAX_LENGTH,
      pattern: '^[A-Za-z0-9%._~:,=&+\\-]*$',
    },
  },
} as const;

/**
 * What each refused field is told, in English (translated by translateReplies from the `server.print.*`
 * keys): one clear sentence per field instead of ajv's wording.
 */
export const PRINT_MESSAGES = {
  paper: 'Choose the paper: A4 or A3',
  orientation: 'Choose the orientation: portrait or landscape',
  scale: "Choose one of the print scales 1:500, 1:1'000, 1:2'000, 1:2'500, 1:5'000, 1:10'000 or 1:25'000",
  center: 'The centre of the print must lie in Switzerland (LV95 coordinates)',
  layers: 'Unknown map layer: choose the layers in the layer panel',
  title: 'The title can have at most 80 characters',
  locale: 'Choose the language of the print: en, de, fr or it',
  view: 'The map view to link in the QR code cannot be read',
  invalid: 'The print request cannot be read',
  tooMany: 'Too many prints in a short time. Please wait a minute and try again',
} as const;

type PrintField = Exclude<keyof typeof PRINT_MESSAGES, 'invalid' | 'tooMany'>;
const isPrintField = (field: string): field is PrintField =>
  Object.hasOwn(PRINT_MESSAGES, field) && field !== 'invalid' && field !== 'tooMany';

/** The field a schema refusal is about: the first part of its path, or the missing property. */
function refusedField(error: FastifyError): string {
  const first = error.validation?.[0];
  const path = first?.instancePath.split('/').filter(Boolean)[0];
  return path ?? String(first?.params?.missingProperty ?? first?.params?.additionalProperty ?? '');
}

function printErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!error.validation) throw error;
  const field = refusedField(error);
  const message = isPrintField(field) ? PRINT_MESSAGES[field] : PRINT_MESSAGES.invalid;
  return reply.code(400).send({ error: true, message });
}

/**
 * `POST /v1/secure/maps/print` (ADR 033): the map view printed to scale, answered as a PDF attachment.
 * A signed-in map user; not a report download (no quota), but rate-limited per account (429 with
 * Retry-After). Every refusal is a 4xx with one translated sentence.
 */
export async function mapPrintRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler(printErrorHandler);
  app.post<{ Body: MapPrintRequest }>(
    '/maps/print',
    { preHandler: requireRole(ctx), schema: { body: printBody } },
    async (request, reply) => {
      const outcome = await ctx.mapPrints.print(authUser(request).id, request.body);
      if (!outcome.ok) {
        return reply
          .code(429)
          .header('retry-after', String(outcome.retryAfterSeconds))
          .send({ error: true, message: PRINT_MESSAGES.tooMany });
      }
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', outcome.file.fileName))
        .type('application/pdf')
        .send(outcome.file.body);
    },
  );
}
